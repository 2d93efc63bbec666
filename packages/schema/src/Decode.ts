/**
 * Fast decoding of whole responses: `decodeResponse(schema)` compiles a schema once into plain closures and
 * falls back to Effect's decoder only for inputs the fast path cannot handle, which yields the detailed error.
 *
 * @since 0.1.0
 */
import { type Effect, Exit, Schema, type SchemaAST, type SchemaIssue } from "effect"
import { compileFast, invalid } from "./internal/compile.ts"

/**
 * A decode failure that names the resource and the path of the bad field.
 *
 * It is a `Schema.SchemaError` (same `_tag`, same `issue`), so code written against
 * `Schema.decodeUnknownEffect` handles it unchanged; `resource` is the innermost named schema on the path
 * (`"TokenTransfer"`, `"Address"`), `path` the keys from the response root to the bad field.
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
 * Builds a decoder for a response schema, reused across calls: `(json: unknown) => Effect<Type, SchemaError>`.
 *
 * Use it instead of `Schema.decodeUnknownEffect(schema)` for response bodies: the same results and the same
 * error type (failures are {@link DecodeError}, a `SchemaError` naming the resource), several times faster on
 * valid pages. Build it once per schema (at module or layer construction), not per request.
 */
export const decodeResponse = <S extends Decodable>(
  schema: S
): ((input: unknown) => Effect.Effect<S["Type"], Schema.SchemaError>) => {
  const exit = decodeResponseExit(schema)
  return (input) => exit(input)
}

/**
 * Like {@link decodeResponse}, returning an `Exit` (synchronous; for tests, benchmarks and non-Effect callers).
 */
export const decodeResponseExit = <S extends Decodable>(
  schema: S
): ((input: unknown) => Exit.Exit<S["Type"], Schema.SchemaError>) => {
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
  if (fast === undefined) return detailed
  return (input) => {
    const value = fast(input)
    return value === invalid ? detailed(input) : Exit.succeed(value as S["Type"])
  }
}

/**
 * Whether `decodeResponse` has a compiled fast path for a schema (false means it uses Effect's decoder only).
 */
export const hasFastPath = (schema: Schema.Top): boolean => compileFast(schema.ast) !== undefined

const identifierOf = (ast: SchemaAST.AST): string | undefined => {
  const id = ast.annotations?.identifier
  return typeof id === "string" ? id : undefined
}

/** The path of the first leaf issue: the keys of the `Pointer`s met on the way down. */
const firstPath = (issue: SchemaIssue.Issue): ReadonlyArray<PropertyKey> => {
  const path: Array<PropertyKey> = []
  let current: SchemaIssue.Issue | undefined = issue
  while (current !== undefined) {
    switch (current._tag) {
      case "Pointer":
        path.push(...current.path)
        current = current.issue
        break
      case "Composite":
      case "AnyOf":
        current = current.issues[0]
        break
      case "Encoding":
      case "Filter":
        current = current.issue
        break
      default:
        current = undefined
    }
  }
  return path
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
