/**
 * Reading a request the way Blockscout's Plug pipeline does: the URL split into path and query (the first
 * value of a repeated key wins), and the checks whose failures are the API's own 422 bodies
 * (docs/blockscout-api.md §2.11), thrown as a {@link Reject} and answered by the server.
 *
 * @internal
 */

/** A JSON object. */
export type Json = Record<string, unknown>
/** A query string, decoded. */
export type Query = Record<string, string>
/** A `next_page_params` object. */
export type Cursor = Record<string, string | number | boolean | null>
/** A status and a JSON body. */
export interface Outcome {
  readonly status: number
  readonly body: unknown
}

/** Thrown inside the synchronous handlers to answer early with an error; caught by the server only. */
export class Reject {
  readonly outcome: Outcome
  constructor(outcome: Outcome) {
    this.outcome = outcome
  }
}

/** A 200 answer. */
export const ok = (body: unknown): Outcome => ({ status: 200, body })
/** The 404 of an unknown path, transaction, token or instance. */
export const notFound = (): Reject => new Reject({ status: 404, body: { message: "Not found" } })
/** A 422 naming the parameter (`pointer`) and what is wrong with it (one error per detail, in order). */
export const invalid = (pointer: string, detail: string, ...more: ReadonlyArray<string>): Reject =>
  new Reject({
    status: 422,
    body: {
      errors: [detail, ...more].map((d) => ({ title: "Invalid value", source: { pointer: `/${pointer}` }, detail: d }))
    }
  })

export const addressRe = /^0x([A-Fa-f0-9]{40})$/
export const hashRe = /^0x([A-Fa-f0-9]{64})$/
export const tokenIdRe = /^-?([1-9][0-9]*|0)$/
export const intRe = /^\d+$/
export const addressDetail = "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/"
export const hashDetail = "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/"
export const tokenIdDetail = "Invalid format. Expected ~r/^-?([1-9][0-9]*|0)$/"
/** A block number (digits) or a block hash, as OpenApiSpex casts `block_hash_or_number_param`. */
export const blockRe = /^(?:\d+|0x[A-Fa-f0-9]{64})$/
/** The three errors OpenApiSpex gives for a bad `block_hash_or_number_param` (backend's block_controller_test). */
export const blockDetails: readonly [string, ...Array<string>] = [
  'Failed to cast value using any of: Schema(title: "FullHash", type: :string), Schema(type: :integer)',
  "Invalid integer. Got: string",
  "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/"
]

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "))
  } catch {
    return s
  }
}

/** Splits a URL (absolute or path-only) into path and query without the WHATWG URL global. */
export const splitUrl = (url: string): { readonly path: string; readonly query: Query } => {
  let rest = url
  const scheme = rest.indexOf("://")
  if (scheme >= 0) {
    const slash = rest.indexOf("/", scheme + 3)
    rest = slash < 0 ? "/" : rest.slice(slash)
  }
  const hashAt = rest.indexOf("#")
  if (hashAt >= 0) rest = rest.slice(0, hashAt)
  const q = rest.indexOf("?")
  const path = q < 0 ? rest : rest.slice(0, q)
  const query: Query = {}
  if (q >= 0) {
    for (const part of rest.slice(q + 1).split("&")) {
      if (part === "") continue
      const eq = part.indexOf("=")
      const key = decode(eq < 0 ? part : part.slice(0, eq))
      // The first occurrence wins, as Plug's parser keeps one value per key.
      if (!(key in query)) query[key] = eq < 0 ? "" : decode(part.slice(eq + 1))
    }
  }
  return { path, query }
}

/** A non-negative integer parameter, or undefined when absent; 422 when it is not one. */
export const int = (query: Query, key: string): number | undefined => {
  const v = query[key]
  if (v === undefined) return undefined
  if (!intRe.test(v) || v.length > 15) throw invalid(key, "Invalid integer")
  return Number(v)
}

/** A hash parameter (lower-cased), or undefined when absent; 422 when it is not one. */
export const hashParam = (query: Query, key: string): string | undefined => {
  const v = query[key]
  if (v === undefined) return undefined
  if (!hashRe.test(v)) throw invalid(key, hashDetail)
  return v.toLowerCase()
}

/** A comma-separated list whose every (normalised) value is allowed; undefined when absent or empty. */
export const list = (
  query: Query,
  key: string,
  allowed: ReadonlyArray<string>,
  normalise = (s: string) => s
): Array<string> | undefined => {
  const v = query[key]
  if (v === undefined || v === "") return undefined
  const out: Array<string> = []
  for (const raw of v.split(",")) {
    const x = normalise(raw.trim())
    if (!allowed.includes(x)) throw invalid(key, "Invalid value")
    out.push(x)
  }
  return out
}

/** One allowed value (case-insensitive); undefined when absent or empty. */
export const oneOf = <A extends string>(query: Query, key: string, allowed: ReadonlyArray<A>): A | undefined => {
  const v = query[key]
  if (v === undefined || v === "") return undefined
  const lower = v.toLowerCase() as A
  if (!allowed.includes(lower)) throw invalid(key, "Invalid value")
  return lower
}
