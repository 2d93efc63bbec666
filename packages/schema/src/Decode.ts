/**
 * Fast decoding of whole responses: `decodeResponse(schema)` compiles a schema once into plain closures and
 * falls back to Effect's decoder only for inputs the fast path cannot handle, which yields the detailed error;
 * `decodeResponseText(schema)` parses a body's text too, reading numbers beyond 2^53 exactly.
 *
 * @since 0.1.0
 */
import { Data, type Effect, Exit, Schema, SchemaAST, type SchemaIssue } from "effect"
import { compileFast, invalid } from "./internal/compile.ts"
import { cursorKeepsText, hasCursorNumber, mayHoldBigNumbers, parseExact } from "./internal/exact.ts"

/**
 * A decode failure that names the resource and the path of the bad field.
 *
 * It is a `Schema.SchemaError` (same `_tag`, same `issue`), so code written against
 * `Schema.decodeUnknownEffect` handles it unchanged; `resource` is the innermost named schema on the path
 * (`"TokenTransfer"`, `"Address"`), `path` the keys from the response root to the bad field.
 *
 * @since 0.1.0
 * @category decoding
 */
export class DecodeError extends Schema.SchemaError {
  /** The innermost resource (schema identifier) on the path of the first failure, e.g. `"Transaction"`. */
  readonly resource: string
  /** Keys from the response root to the bad field, e.g. `["items", 3, "fee", "value"]`. */
  readonly path: ReadonlyArray<PropertyKey>

  constructor(issue: SchemaIssue.Issue, resource: string, path: ReadonlyArray<PropertyKey>) {
    super(issue)
    this.resource = resource
    this.path = path
  }

  override get message(): string {
    return `${this.resource}: ${super.message}`
  }
}

/** The options a decoder needs from a schema: no services to decode. */
type Decodable = Schema.Top & { readonly DecodingServices: never }

/**
 * A response body that is not JSON: `JSON.parse` failed on it (a cut connection, an HTML error page).
 *
 * Returned by {@link decodeResponseText} / {@link decodeResponseTextExit} before any decoding. `length` is the
 * body's length in characters and `position` where parsing stopped (when the engine says); the message never
 * quotes the body (it may be large, or echo a credential).
 *
 * @since 0.1.0
 * @category decoding
 */
export class JsonSyntaxError extends Data.TaggedError("JsonSyntaxError")<{
  /** What went wrong, without any of the body's text. */
  readonly message: string
  /** The body's length in characters (0 for an empty body). */
  readonly length: number
  /** The character offset where parsing stopped, when `JSON.parse` reports it. */
  readonly position: number | undefined
}> {}

// V8 quotes part of the input in some messages (`Unexpected token 'x', "...": keep only what carries no text.
const syntaxError = (error: unknown, text: string): JsonSyntaxError => {
  const message = error instanceof Error ? error.message : ""
  const at = /at position (\d+)/.exec(message)
  const position = at === null ? undefined : Number(at[1])
  const what =
    text.trim() === ""
      ? "the body is empty"
      : position !== undefined && position >= text.length - 1
        ? `the body ends before the JSON does (${text.length} characters)`
        : /end of JSON input/.test(message)
          ? `the body ends before the JSON does (${text.length} characters)`
          : position !== undefined
            ? `the body is not valid JSON at position ${position} (of ${text.length} characters)`
            : `the body is not valid JSON (${text.length} characters)`
  return new JsonSyntaxError({ message: what, length: text.length, position })
}

/**
 * Builds a decoder for a response schema, reused across calls: `(json, text?) => Effect<Type, SchemaError>`.
 *
 * Use it instead of `Schema.decodeUnknownEffect(schema)` for response bodies: the same results and the same
 * error type (failures are {@link DecodeError}, a `SchemaError` naming the resource), several times faster on
 * valid pages. Build it once per schema (at module or layer construction), not per request.
 *
 * Pass the body `text` that `json` was parsed from to decode numbers beyond ±(2^53 − 1), and a cursor's numbers,
 * exactly (see {@link decodeResponseTextExit}); without it such numbers are rejected where an exact value is
 * needed, and a cursor's are what `JSON.parse` made of them.
 *
 * @since 0.1.0
 * @category decoding
 */
export const decodeResponse = <S extends Decodable>(
  schema: S
): ((input: unknown, text?: string) => Effect.Effect<S["Type"], Schema.SchemaError>) => {
  const exit = decodeResponseExit(schema)
  return (input, text) => exit(input, text)
}

/**
 * Like {@link decodeResponse}, returning an `Exit` (synchronous; for tests, benchmarks and non-Effect callers).
 *
 * `text`, when given, is the body `input` was parsed from. A valid page costs a scan of its cursor's text; when
 * the fast decode fails and the text may hold a number beyond ±(2^53 − 1), or the cursor holds a number
 * JavaScript would write otherwise, the text is parsed again reading such numbers from their source text (see
 * {@link decodeResponseTextExit}).
 *
 * @since 0.1.0
 * @category decoding
 */
export const decodeResponseExit = <S extends Decodable>(
  schema: S
): ((input: unknown, text?: string) => Exit.Exit<S["Type"], Schema.SchemaError>) => {
  const fast = compileFast(schema.ast)
  const slow = Schema.decodeUnknownExit(schema)
  const rootName = identifierOf(schema.ast) ?? "response"
  const detailed = (input: unknown): Exit.Exit<S["Type"], Schema.SchemaError> => {
    const exit = slow(input)
    if (Exit.isSuccess(exit)) return exit
    return Exit.mapError(exit, (error) => {
      const path = firstPath(error.issue)
      return new DecodeError(error.issue, resourceAt(schema.ast, path) ?? rootName, path)
    })
  }
  // The body read again with big numbers as their source text: decoded fast if it can be, else by Effect's
  // decoder. Should that fail too, the ordinary parse gets the verdict when it succeeds (a big number in a
  // field that takes a plain JS number, e.g. a tag's `ordinal`), else the exact parse's error is reported.
  const exactly = (input: unknown, text: string): Exit.Exit<S["Type"], Schema.SchemaError> | undefined => {
    if (!mayHoldBigNumbers(text) && !cursorKeepsText(text)) return undefined
    const exact = parseExact(text)
    if (exact === undefined) return undefined
    const value = fast === undefined ? invalid : fast(exact)
    if (value !== invalid) return Exit.succeed(value as S["Type"])
    const exit = detailed(exact)
    if (Exit.isSuccess(exit)) return exit
    const plain = slow(input)
    return Exit.isSuccess(plain) ? plain : exit
  }
  if (fast === undefined)
    return (input, text) => (text === undefined ? undefined : exactly(input, text)) ?? detailed(input)
  return (input, text) => {
    const value = fast(input)
    if (value !== invalid) {
      // A cursor number JavaScript would write otherwise (`1.000000000000000000001` parsed as `1`): read again.
      if (text !== undefined && hasCursorNumber(value) && cursorKeepsText(text)) {
        const exact = exactly(input, text)
        if (exact !== undefined) return exact
      }
      return Exit.succeed(value as S["Type"])
    }
    return (text === undefined ? undefined : exactly(input, text)) ?? detailed(input)
  }
}

/**
 * Parses and decodes a response body's text: the entry to call on a body as it arrives.
 *
 * Ordinary pages cost one `JSON.parse` and the fast decode, as {@link decodeResponseExit}. A body holding JSON
 * numbers beyond ±(2^53 − 1) (rewards, fees, cursor values some servers write as numbers, which `JSON.parse`
 * rounds) is parsed a second time reading those numbers from their source text, so that:
 * - integer quantities (`bigint`) get every digit (`9007199254740993n`, never `9007199254740992n`);
 * - a `next_page_params` value keeps the server's text as a string (`"123456789012345678901234567"`), which the
 *   client sends back as written, never `1.2345678901234568e+26`; so does every cursor number JavaScript would
 *   write otherwise (`1.000000000000000000001`, not `1`; `-0`, `1E-7`, `1.50`), whatever its size;
 * - decimal quantities keep the server's digits; in free-form JSON (NFT metadata, parameter values) such a
 *   number becomes its source text, a string, since a JS number cannot hold it.
 *
 * Fails with {@link JsonSyntaxError} when the text is not JSON, and {@link DecodeError} when it does not match
 * the schema. Build it once per schema.
 *
 * Gotcha: exact reading needs `JSON.parse` source text access (Node 22+, current browsers); elsewhere such
 * numbers are rejected as by {@link decodeResponseExit} without text.
 *
 * @since 0.1.0
 * @category decoding
 */
export const decodeResponseTextExit = <S extends Decodable>(
  schema: S
): ((text: string) => Exit.Exit<S["Type"], DecodeError | JsonSyntaxError>) => {
  const decode = decodeResponseExit(schema) as (
    input: unknown,
    text?: string
  ) => Exit.Exit<S["Type"], DecodeError | JsonSyntaxError>
  return (text) => {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      return Exit.fail(syntaxError(error, text))
    }
    return decode(json, text)
  }
}

/**
 * Like {@link decodeResponseTextExit}, returning an `Effect`.
 *
 * @since 0.1.0
 * @category decoding
 */
export const decodeResponseText = <S extends Decodable>(
  schema: S
): ((text: string) => Effect.Effect<S["Type"], DecodeError | JsonSyntaxError>) => {
  const exit = decodeResponseTextExit(schema)
  return (text) => exit(text)
}

/**
 * Whether `decodeResponse` has a compiled fast path for a schema (false means it uses Effect's decoder only).
 *
 * @since 0.1.0
 * @category decoding
 */
export const hasFastPath = (schema: Schema.Top): boolean => compileFast(schema.ast) !== undefined

// Effect's own lookup: on a schema with checks, `annotate` stores the identifier on the last check.
const identifierOf = (ast: SchemaAST.AST): string | undefined => SchemaAST.resolveIdentifier(ast)

/**
 * The path of the first leaf issue: the keys of the `Pointer`s met on the way down. In a union, the member the
 * input's keys select (see {@link selectedMember}).
 */
const firstPath = (issue: SchemaIssue.Issue): ReadonlyArray<PropertyKey> => leafOf(issue).path

const leafOf = (
  issue: SchemaIssue.Issue
): { readonly path: ReadonlyArray<PropertyKey>; readonly leaf: SchemaIssue.Issue } => {
  const path: Array<PropertyKey> = []
  let current: SchemaIssue.Issue = issue
  for (;;) {
    switch (current._tag) {
      case "Pointer":
        path.push(...current.path)
        current = current.issue
        break
      case "Composite":
        if (current.issues[0] === undefined) return { path, leaf: current }
        current = current.issues[0]
        break
      case "AnyOf": {
        const member = selectedMember(current.issues)
        if (member === undefined) return { path, leaf: current }
        current = member
        break
      }
      case "Encoding":
      case "Filter":
        current = current.issue
        break
      default:
        return { path, leaf: current }
    }
  }
}

/**
 * The failure of the union member the input was meant for: not one that failed only for the keys the input has
 * at the member's top level (a required key missing, or a key the member excludes, as the token transfer `total`
 * variants do), and of those the one that got furthest into the input. So a multi-token `total` whose instance is bad reports the
 * instance, not "missing key" from another variant.
 */
const selectedMember = (issues: ReadonlyArray<SchemaIssue.Issue>): SchemaIssue.Issue | undefined => {
  let best: SchemaIssue.Issue | undefined
  let depth = -1
  for (const issue of issues) {
    const { path, leaf } = leafOf(issue)
    // A key missing from, or excluded by, the member's own top level: the input has another member's keys.
    const keyMismatch =
      path.length <= 1 && (leaf._tag === "MissingKey" || (leaf._tag === "InvalidType" && leaf.ast._tag === "Never"))
    if (!keyMismatch && path.length > depth) {
      best = issue
      depth = path.length
    }
  }
  return best ?? issues[0]
}

/** Follows a path down the AST and returns the innermost identifier met (the resource holding the bad field). */
const resourceAt = (root: SchemaAST.AST, path: ReadonlyArray<PropertyKey>): string | undefined => {
  let found = identifierOf(root)
  let nodes: Array<SchemaAST.AST> = [root]
  for (const key of path) {
    const next: Array<SchemaAST.AST> = []
    for (const node of nodes.flatMap(unwrap)) {
      if (node._tag === "Objects") {
        const property = node.propertySignatures.find((p) => p.name === key)
        if (property !== undefined) next.push(property.type)
      } else if (node._tag === "Arrays" && typeof key === "number") {
        const element = node.elements[key] ?? node.rest[0]
        if (element !== undefined) next.push(element)
      }
    }
    if (next.length === 0) break
    nodes = next
    for (const node of nodes.flatMap(unwrap)) {
      const id = identifierOf(node)
      if (id !== undefined) {
        found = id
        break
      }
    }
  }
  return found
}

/** The members of a union (recursively), or the node itself. */
const unwrap = (ast: SchemaAST.AST): Array<SchemaAST.AST> => (ast._tag === "Union" ? ast.types.flatMap(unwrap) : [ast])
