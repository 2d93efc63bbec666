/**
 * A small, seeded sampler of JSON values that an OpenAPI 3.0 / JSON Schema document allows: the test support
 * behind `openapi-samples.test.ts`, which decodes responses of Blockscout's own specs.
 *
 * Why our own: the specs use a small subset of JSON Schema (`$ref`, `allOf`/`oneOf`/`anyOf`, `nullable`,
 * `enum`, `pattern`, `format` (`date-time`, `date`, `uri`), `minimum`, `minLength`/`maxLength`, `maxItems`,
 * `additionalProperties`, `example`), and a sampler of exactly that subset is short, has no dependencies beyond `yaml`, and is tuned to
 * the edges that break decoders: mixed-case hex, negative and beyond-2^64 integer strings, timestamps with
 * fractions of 1 to 9 digits and offsets other than `Z`, nulls and absent keys wherever allowed, unknown keys
 * where objects allow them, and the spec's own `example` values.
 *
 * Conventions (where the specs leave the value free):
 * - `nullable: true` (also the docs spec's typo `nullable: "true,"`), `type: [.., "null"]` and a `null` in an
 *   `enum` allow null. `allOf: [X], nullable: true` is nullable (OpenAPI 3.0's intent, which Blockscout's
 *   generator relies on), although strict JSON Schema would not let null satisfy X.
 * - A plain string with no `pattern`/`format`/`enum` but a string `example` gets a value of the example's kind
 *   (an address, a hash, hex data, an integer or decimal string, a timestamp), of any case and length: the
 *   hand-written docs specs declare no patterns at all, and give the kind through their examples. Without an
 *   example it is a random string.
 * - An object declared by its `example` only (`type: object` and no `properties`, as the docs specs declare
 *   address `metadata` and action `data`) gets the example's keys, some left out, with values of each example
 *   value's kind. `next_page_params` is the exception: every spec allows any keys there
 *   (`additionalProperties: true`), so its values are of every kind: numbers, strings, null, booleans, and
 *   sometimes arrays or objects.
 * - Where the docs spec contradicts itself, the example wins: `confirmation_duration` is `type: object` with
 *   an array example (an array in every other spec), an NFT collection's instance `token` is `type: object`
 *   with the example `null` (null in every other spec and in the API doc), a daily balance's `value` is
 *   `type: number` with an integer-string example (an integer string in every other spec and on every server),
 *   an ERC-1155 total's `decimals` is a plain string with the example `null` (an integer string or null
 *   everywhere else), and `required` lists old key names (`address`, `holders`) that `properties` only declares
 *   under their new names (`address_hash`, `holders_count`): such a key gets the schema of its new name, as
 *   older servers sent it.
 * - A page envelope (an object declaring `items` and `next_page_params`) always holds both keys, as every server
 *   sends them: the 11.2.7 and Pro specs declare `/search`'s envelope inline and require neither.
 * - Integers stay within ±2^53 where a schema declares `type: integer`; free-form values (cursors, metadata) may
 *   hold numbers beyond, which the tests read exactly from the text (`decodeResponseText`).
 */
import * as fs from "node:fs"
import { parse as parseYaml } from "yaml"

/** A schema node of the document (a JSON object). */
export type SchemaNode = { readonly [key: string]: unknown }

/** The parts of an OpenAPI document the sampler reads. */
export interface OpenApiDocument {
  readonly components?: { readonly schemas?: Readonly<Record<string, SchemaNode>> }
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>
}

/** Reads a `.json` or `.yaml` OpenAPI document. */
export const loadDocument = (file: string): OpenApiDocument => {
  const text = fs.readFileSync(file, "utf8")
  return (file.endsWith(".json") ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 })) as OpenApiDocument
}

/** The schema of the `200` JSON response of `GET path`, or `undefined` when the document has none. */
export const responseSchema = (doc: OpenApiDocument, path: string): SchemaNode | undefined => {
  const operation = doc.paths[path]?.get as SchemaNode | undefined
  const responses = operation?.responses as Readonly<Record<string, SchemaNode>> | undefined
  const ok = responses?.["200"]
  const content = ok?.content as Readonly<Record<string, SchemaNode>> | undefined
  return content?.["application/json"]?.schema as SchemaNode | undefined
}

// ---------------------------------------------------------------------------------------------------------------
// A seeded PRNG (mulberry32): the same seed gives the same samples, so a failure names its seed and reproduces.

/** A seeded source of random choices. */
export interface Rng {
  /** A float in [0, 1). */
  readonly next: () => number
  /** An integer in [lo, hi] (inclusive). */
  readonly int: (lo: number, hi: number) => number
  /** True with probability `p`. */
  readonly chance: (p: number) => boolean
  /** One element of a non-empty array. */
  readonly pick: <A>(items: ReadonlyArray<A>) => A
}

/** A {@link Rng} from a 32-bit seed. */
export const makeRng = (seed: number): Rng => {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1))
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(0, items.length - 1)] as (typeof items)[number]
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Strings matching a regular expression: a generator for the subset the specs use (anchors, literals, escapes,
// character classes with ranges, groups with alternation, and the quantifiers ? * + {n} {n,} {n,m}).

type RegexNode =
  | { readonly _tag: "chars"; readonly chars: string }
  | { readonly _tag: "seq"; readonly items: ReadonlyArray<RegexNode> }
  | { readonly _tag: "alt"; readonly options: ReadonlyArray<RegexNode> }
  | { readonly _tag: "repeat"; readonly node: RegexNode; readonly min: number; readonly max: number }

const DIGITS = "0123456789"
const WORD = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
// How far an open-ended quantifier (`*`, `+`, `{n,}`) may go: far enough for integers beyond 2^64.
const OPEN_MAX = 80

const parseRegex = (source: string): RegexNode => {
  let i = 0
  const peek = () => source[i]
  const escapeClass = (c: string): string => (c === "d" ? DIGITS : c === "w" ? WORD : c === "s" ? " " : c)
  const parseClass = (): string => {
    let chars = ""
    if (peek() === "^") throw new Error(`negated character classes are not supported: ${source}`)
    while (i < source.length && peek() !== "]") {
      let c = source[i++] as string
      if (c === "\\") c = escapeClass(source[i++] as string)
      if (peek() === "-" && source[i + 1] !== "]" && c.length === 1) {
        i++
        const end = (source[i++] as string).charCodeAt(0)
        for (let code = c.charCodeAt(0); code <= end; code++) chars += String.fromCharCode(code)
      } else chars += c
    }
    i++ // ]
    return chars
  }
  const parseAtom = (): RegexNode => {
    const c = source[i++] as string
    if (c === "(") {
      if (source.startsWith("?:", i)) i += 2
      const node = parseAlt()
      i++ // )
      return node
    }
    if (c === "[") return { _tag: "chars", chars: parseClass() }
    if (c === "\\") return { _tag: "chars", chars: escapeClass(source[i++] as string) }
    if (c === ".") return { _tag: "chars", chars: WORD }
    return { _tag: "chars", chars: c }
  }
  const parseQuantified = (): RegexNode => {
    const node = parseAtom()
    const q = peek()
    const simple = q === "?" ? [0, 1] : q === "*" ? [0, OPEN_MAX] : q === "+" ? [1, OPEN_MAX] : undefined
    if (simple !== undefined) {
      i++
      return { _tag: "repeat", node, min: simple[0] as number, max: simple[1] as number }
    }
    if (q === "{") {
      const close = source.indexOf("}", i)
      const [lo, hi] = source.slice(i + 1, close).split(",")
      i = close + 1
      const min = Number(lo)
      return { _tag: "repeat", node, min, max: hi === undefined ? min : hi === "" ? min + OPEN_MAX : Number(hi) }
    }
    return node
  }
  const parseSeq = (): RegexNode => {
    const items: Array<RegexNode> = []
    while (i < source.length && peek() !== "|" && peek() !== ")") {
      if (peek() === "^" || peek() === "$") i++
      else items.push(parseQuantified())
    }
    return { _tag: "seq", items }
  }
  const parseAlt = (): RegexNode => {
    const options = [parseSeq()]
    while (peek() === "|") {
      i++
      options.push(parseSeq())
    }
    return options.length === 1 ? (options[0] as RegexNode) : { _tag: "alt", options }
  }
  return parseAlt()
}

const regexCache = new Map<string, RegexNode>()

/** A string matching `pattern` (the subset above); open-ended repeats are mostly short, sometimes long. */
export const sampleRegex = (rng: Rng, pattern: string): string => {
  let node = regexCache.get(pattern)
  if (node === undefined) {
    node = parseRegex(pattern)
    regexCache.set(pattern, node)
  }
  const out: Array<string> = []
  const walk = (n: RegexNode): void => {
    switch (n._tag) {
      case "chars":
        out.push(n.chars[rng.int(0, n.chars.length - 1)] as string)
        return
      case "seq":
        for (const item of n.items) walk(item)
        return
      case "alt":
        walk(rng.pick(n.options))
        return
      case "repeat": {
        const span = n.max - n.min
        const count = n.min + (span <= 8 || rng.chance(0.2) ? rng.int(0, span) : rng.int(0, Math.min(span, 8)))
        for (let k = 0; k < count; k++) walk(n.node)
      }
    }
  }
  walk(node)
  return out.join("")
}

// ---------------------------------------------------------------------------------------------------------------
// Values of the kinds the specs use.

const pad = (n: number, width: number): string => String(n).padStart(width, "0")

/**
 * An RFC 3339 date-time: years 1970 to 2100, with no fraction or 1 to 9 fraction digits, and `Z`, `z`, `+00:00`
 * or another offset (`-05:30`, `+14:00`), sometimes with a lower-case `t`.
 */
export const sampleDateTime = (rng: Rng): string => {
  const year = rng.int(1970, 2100)
  const month = rng.int(1, 12)
  const day = rng.int(1, month === 2 ? 28 : [4, 6, 9, 11].includes(month) ? 30 : 31)
  const date = `${year}-${pad(month, 2)}-${pad(day, 2)}`
  const time = `${pad(rng.int(0, 23), 2)}:${pad(rng.int(0, 59), 2)}:${pad(rng.int(0, 59), 2)}`
  const fraction = rng.chance(0.3) ? "" : `.${sampleRegex(rng, `[0-9]{${rng.int(1, 9)}}`)}`
  const offset = rng.pick([
    "Z",
    "Z",
    "z",
    "+00:00",
    "-00:00",
    `${rng.pick(["+", "-"])}${pad(rng.int(0, 14), 2)}:${rng.pick(["00", "30", "45"])}`
  ])
  return `${date}${rng.chance(0.9) ? "T" : "t"}${time}${fraction}${offset}`
}

/** A calendar date (`format: date`, `YYYY-MM-DD`): years 1970 to 2100, leap days included. */
export const sampleDate = (rng: Rng): string => {
  const year = rng.int(1970, 2100)
  const month = rng.int(1, 12)
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31
  return `${year}-${pad(month, 2)}-${pad(rng.int(1, days), 2)}`
}

const HEX = "[A-Fa-f0-9]"

/** A value of the same kind as a string example (see the module notes), or a random string. */
const sampleLike = (rng: Rng, example: string): string => {
  if (/^0x[A-Fa-f0-9]{40}$/.test(example)) return sampleRegex(rng, `^0x${HEX}{40}$`)
  if (/^0x[A-Fa-f0-9]{64}$/.test(example)) return sampleRegex(rng, `^0x${HEX}{64}$`)
  if (/^0x[A-Fa-f0-9]*$/.test(example)) return sampleRegex(rng, `^0x${HEX}*$`)
  if (/^-?\d+$/.test(example)) return sampleRegex(rng, "^-?([1-9][0-9]*|0)$")
  if (/^-?\d+\.\d+$/.test(example)) return sampleRegex(rng, "^-?([1-9][0-9]*|0)(\\.[0-9]+)?$")
  if (/^\d{4}-\d{2}-\d{2}T/.test(example)) return sampleDateTime(rng)
  if (/^\d{4}-\d{2}-\d{2}$/.test(example)) return sampleDate(rng)
  return sampleText(rng)
}

const TEXTS = ["", "transfer", "Ether", "0x", "null", "ünïcödé ✓", 'a"quote', "0", "-1", "1.5", "true"]

/** A free-form string: words, edge cases (empty, numeric-looking, `"null"`, non-ASCII). */
export const sampleText = (rng: Rng): string =>
  rng.chance(0.5) ? rng.pick(TEXTS) : sampleRegex(rng, "^[a-zA-Z0-9 _-]{0,24}$")

const sampleInteger = (rng: Rng, min: number, max: number): number => {
  const lo = Math.max(min, Number.MIN_SAFE_INTEGER)
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER)
  const roll = rng.next()
  // Mostly small values, sometimes large ones and the bounds themselves.
  const span = roll < 0.6 ? 1000 : roll < 0.9 ? 1e9 : Number.MAX_SAFE_INTEGER
  const from = Math.max(lo, lo === Number.MIN_SAFE_INTEGER ? -span : lo)
  const to = Math.min(hi, from + span)
  if (rng.chance(0.05)) return rng.pick([lo, hi])
  return from + Math.floor(rng.next() * (to - from + 1))
}

const sampleNumber = (rng: Rng, min: number, max: number): number => {
  const candidates = [
    rng.next() * 100,
    rng.int(0, 1000),
    rng.next() * 1e-6,
    rng.next() * 1e21,
    -rng.next() * 1000,
    1.5e-7,
    0,
    rng.next() * 1e9
  ]
  const value = rng.pick(candidates)
  return Math.min(max, Math.max(min, value))
}

/** A random JSON value of any kind (unknown keys, free-form schemas). */
export const sampleJson = (rng: Rng, depth = 0): unknown => {
  const kind = rng.int(0, depth > 2 ? 4 : 6)
  switch (kind) {
    case 0:
      return null
    case 1:
      return rng.chance(0.5)
    case 2:
      return rng.chance(0.5) ? rng.int(-1000, 1e9) : sampleNumber(rng, -Infinity, Infinity)
    case 3:
    case 4:
      return sampleText(rng)
    case 5:
      return Array.from({ length: rng.int(0, 3) }, () => sampleJson(rng, depth + 1))
    default:
      return Object.fromEntries(Array.from({ length: rng.int(0, 3) }, (_, k) => [`k${k}`, sampleJson(rng, depth + 1)]))
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The sampler.

/** Tuning of {@link makeSampler}. */
export interface SamplerOptions {
  /** Probability of null where null is allowed. */
  readonly nullRate?: number
  /** Probability of leaving out a key that is not required. */
  readonly omitRate?: number
  /** Probability of using a node's `example` as it stands. */
  readonly exampleRate?: number
  /** Probability of adding unknown keys where `additionalProperties` allows them. */
  readonly extraKeyRate?: number
  /** The most items of an array without `maxItems`. */
  readonly maxItems?: number
  /** Old names of keys a spec requires but declares only under a new name: old name -> new name. */
  readonly renamedKeys?: Readonly<Record<string, string>>
}

/** The renames of Blockscout's docs specs (the API doc: token `address`/`holders`, a log's `address`). */
export const blockscoutRenamedKeys: Readonly<Record<string, string>> = {
  address: "address_hash",
  holders: "holders_count"
}

const isNode = (u: unknown): u is SchemaNode => typeof u === "object" && u !== null && !Array.isArray(u)

/** Whether a schema node allows null (see the module notes for the forms accepted). */
const allowsNull = (node: SchemaNode): boolean =>
  node.nullable === true ||
  (typeof node.nullable === "string" && node.nullable.startsWith("true")) ||
  (Array.isArray(node.type) && node.type.includes("null")) ||
  (Array.isArray(node.enum) && node.enum.includes(null))

/**
 * Builds a sampler of the values `doc`'s schemas allow: `sample(schema)` returns one JSON value (plain objects,
 * arrays, strings, numbers, booleans, null), drawing every choice from `rng`.
 */
export const makeSampler = (doc: OpenApiDocument, rng: Rng, options: SamplerOptions = {}) => {
  const nullRate = options.nullRate ?? 0.2
  const omitRate = options.omitRate ?? 0.3
  const exampleRate = options.exampleRate ?? 0.1
  const extraKeyRate = options.extraKeyRate ?? 0.2
  const maxItems = options.maxItems ?? 3
  const renamedKeys = options.renamedKeys ?? blockscoutRenamedKeys
  const schemas = doc.components?.schemas ?? {}

  const resolve = (node: SchemaNode): SchemaNode => {
    let current = node
    for (let hops = 0; typeof current.$ref === "string"; hops++) {
      const name = current.$ref.split("/").pop() as string
      const target = schemas[name]
      if (target === undefined || hops > 32) throw new Error(`unresolved $ref ${current.$ref}`)
      current = target
    }
    return current
  }

  // `allOf`: one node with the members' properties and `required` merged (outer keywords win).
  const mergeAllOf = (node: SchemaNode): SchemaNode => {
    const members = (node.allOf as ReadonlyArray<SchemaNode>).map((m) => flatten(resolve(m)))
    const properties: Record<string, unknown> = {}
    const required = new Set<string>()
    let merged: Record<string, unknown> = {}
    for (const member of [...members, node]) {
      const { allOf: _, properties: p, required: r, ...rest } = member
      merged = { ...merged, ...rest }
      if (isNode(p)) Object.assign(properties, p)
      if (Array.isArray(r)) for (const key of r) required.add(key)
    }
    if (Object.keys(properties).length > 0) merged.properties = properties
    if (required.size > 0) merged.required = [...required]
    return merged
  }
  const flatten = (node: SchemaNode): SchemaNode => (Array.isArray(node.allOf) ? mergeAllOf(node) : node)

  const sample = (raw: SchemaNode, depth = 0, name?: string): unknown => {
    const node = flatten(resolve(raw))
    if ((allowsNull(raw) || allowsNull(node)) && (rng.chance(nullRate) || depth > 14)) return null
    const example = "example" in raw ? raw.example : node.example
    if (example !== undefined && rng.chance(exampleRate)) return structuredClone(example)
    const union = (node.oneOf ?? node.anyOf) as ReadonlyArray<SchemaNode> | undefined
    if (union !== undefined) return sample(rng.pick(union), depth + 1)
    if (Array.isArray(node.enum)) {
      const values = node.enum.filter((v) => v !== null)
      if (values.length > 0) return rng.pick(values)
    }
    const types = Array.isArray(node.type) ? node.type.filter((t) => t !== "null") : [node.type]
    // A declared type the example contradicts (see the module notes): the example's kind.
    if (node.type === "object" && !isNode(node.properties) && (example === null || Array.isArray(example))) {
      return sampleLikeValue(example, depth)
    }
    if ((node.type === "number" || node.type === "integer") && typeof example === "string") {
      return sampleLike(rng, example)
    }
    if (node.type === "string" && example === null) return null
    const type =
      rng.pick(types) ??
      (isNode(node.properties)
        ? "object"
        : node.items !== undefined
          ? "array"
          : example === undefined
            ? "any"
            : "example")
    switch (type) {
      case "string":
        return sampleString(node, example)
      case "integer":
        return sampleInteger(
          rng,
          bound(node.minimum, node.exclusiveMinimum, 1, node.format === "int32" ? -(2 ** 31) : -Infinity),
          bound(node.maximum, node.exclusiveMaximum, -1, node.format === "int32" ? 2 ** 31 - 1 : Infinity)
        )
      case "number":
        return sampleNumber(
          rng,
          bound(node.minimum, node.exclusiveMinimum, Number.EPSILON, -Infinity),
          bound(node.maximum, node.exclusiveMaximum, -Number.EPSILON, Infinity)
        )
      case "boolean":
        return rng.chance(0.5)
      case "array":
        return sampleArray(node, depth)
      case "object":
        return sampleObject(node, example, depth, name)
      case "example":
        return structuredClone(example)
      default:
        return sampleJson(rng, 1)
    }
  }

  const bound = (limit: unknown, exclusive: unknown, step: number, otherwise: number): number =>
    typeof limit === "number" ? (exclusive === true ? limit + step : limit) : otherwise

  const sampleString = (node: SchemaNode, example: unknown): string => {
    const minLength = typeof node.minLength === "number" ? node.minLength : 0
    const maxLength = typeof node.maxLength === "number" ? node.maxLength : Infinity
    if (maxLength === 0) return ""
    if (typeof node.pattern === "string") return sampleRegex(rng, node.pattern)
    if (node.format === "date-time") return sampleDateTime(rng)
    if (node.format === "date") return sampleDate(rng)
    if (node.format === "uri") return rng.pick(["https://example.com/a.png", "ipfs://Qm1", "http://x.y/z?q=1#f"])
    const value = typeof example === "string" ? sampleLike(rng, example) : sampleText(rng)
    return value.length < minLength ? value.padEnd(minLength, "x") : value.slice(0, maxLength)
  }

  const sampleArray = (node: SchemaNode, depth: number): Array<unknown> => {
    const min = typeof node.minItems === "number" ? node.minItems : 0
    const max = typeof node.maxItems === "number" ? node.maxItems : min + maxItems
    const length = depth > 10 ? min : rng.int(min, Math.max(min, Math.min(max, min + maxItems)))
    const items = isNode(node.items) ? node.items : {}
    return Array.from({ length }, () => sample(items, depth + 1))
  }

  const sampleObject = (
    node: SchemaNode,
    example: unknown,
    depth: number,
    name: string | undefined
  ): Record<string, unknown> => {
    const properties = (isNode(node.properties) ? node.properties : {}) as Readonly<Record<string, SchemaNode>>
    const required = new Set(Array.isArray(node.required) ? (node.required as ReadonlyArray<string>) : [])
    // A page envelope always holds both keys (every server sends them); some inline declarations require neither.
    if ("items" in properties && "next_page_params" in properties) required.add("items").add("next_page_params")
    const out: Record<string, unknown> = {}
    for (const [key, property] of Object.entries(properties)) {
      if (!required.has(key) && rng.chance(depth > 8 ? 0.8 : omitRate)) continue
      out[key] = sample(property, depth + 1, key)
    }
    for (const key of required) {
      if (key in properties) continue
      const renamed = renamedKeys[key]
      const property = renamed === undefined ? undefined : properties[renamed]
      out[key] = property === undefined ? sampleJson(rng, 1) : sample(property, depth + 1, renamed)
    }
    const additional = node.additionalProperties
    if (additional !== false) {
      // An object declared by its example only: the example's keys (a cursor's values of any kind).
      if (isNode(example) && Object.keys(properties).length === 0) {
        for (const [key, value] of Object.entries(example)) {
          if (rng.chance(omitRate)) continue
          out[key] =
            name !== "next_page_params"
              ? sampleLikeValue(value, depth + 1)
              : rng.chance(0.6)
                ? sampleScalarLike(value)
                : sampleJson(rng, 2)
        }
      }
      if (rng.chance(extraKeyRate)) {
        const count = rng.int(1, 3)
        for (let k = 0; k < count; k++) {
          out[`unknown_key_${rng.int(0, 99)}`] = isNode(additional) ? sample(additional, depth + 1) : sampleJson(rng, 1)
        }
      }
    }
    return out
  }

  // A value of the same kind as an example value, recursively (see the module notes).
  const sampleLikeValue = (value: unknown, depth: number): unknown => {
    if (typeof value === "string") return sampleLike(rng, value)
    if (typeof value === "number")
      return Number.isInteger(value) ? sampleInteger(rng, 0, Infinity) : sampleNumber(rng, 0, Infinity)
    if (typeof value === "boolean") return rng.chance(0.5)
    if (Array.isArray(value)) {
      if (value.length === 0 || depth > 12) return []
      return Array.from({ length: rng.int(0, maxItems) }, () => sampleLikeValue(rng.pick(value), depth + 1))
    }
    if (isNode(value)) {
      const out: Record<string, unknown> = {}
      for (const [key, v] of Object.entries(value)) if (!rng.chance(omitRate)) out[key] = sampleLikeValue(v, depth + 1)
      return out
    }
    return null
  }

  // A cursor-like value in the example's kind or another scalar kind (numbers, strings, null, booleans).
  const sampleScalarLike = (value: unknown): unknown =>
    typeof value === "string"
      ? sampleLike(rng, value)
      : typeof value === "number"
        ? rng.chance(0.7)
          ? sampleInteger(rng, 0, Infinity)
          : String(rng.int(0, 1e9))
        : rng.pick([null, true, false, 0, ""])

  return { sample, resolve }
}
