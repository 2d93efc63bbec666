/**
 * Faults the simulated Blockscout injects into its answers: the network's (a dropped or cut connection, no
 * answer at all), the server's (any status with any headers and body: a 429 with `Retry-After`, a 401, a
 * 503 from a gateway), and the data's (a well-formed body that fails the endpoint's schema, a cursor that
 * does not advance). A plan picks them by rate (deterministically, from the seed and request number) or
 * per request by a function.
 *
 * @since 0.1.0
 */
import { hash } from "./internal/hash.ts"
import type { Json, Outcome } from "./internal/query.ts"
import type { Family } from "@blockscout-effect/schema"

/**
 * A fault the simulator injects into one response.
 * - `ServerError`: a 5xx with the gateway's body (default status 502 on Pro, 500 per instance).
 * - `Status`: any status, with `headers` added to (or replacing) the server's and `body` as the answer
 *   (JSON, or a string sent as is: an HTML error page); without a body, the server's own body for that
 *   status. E.g. `{ _tag: "Status", status: 429, headers: { "retry-after": "2" } }`, `{ _tag: "Status",
 *   status: 401 }`, `{ _tag: "Status", status: 503, body: "<html>Service Unavailable</html>" }`.
 * - `WrongBody`: status 200 and well-formed JSON that fails the endpoint's schema: `body` if given, else the
 *   real answer with its first item's first field replaced by an object (or `items` by a string when the
 *   page is empty), so a decoder fails at a known path (`items.0.block_hash`).
 * - `Drop`: the connection closes without a response (a transport error).
 * - `Truncate`: headers and part of the body arrive, then the connection closes.
 * - `Hang`: the response never comes (a client timeout must fire).
 * - `RepeatCursor`: a page whose `next_page_params` equals the cursor it was fetched with (a stalled
 *   pagination); on a first page (no cursor) the page is answered normally.
 *
 * @since 0.1.0
 * @category faults
 */
export type Fault =
  | { readonly _tag: "ServerError"; readonly status?: number | undefined }
  | {
      readonly _tag: "Status"
      readonly status: number
      readonly headers?: Readonly<Record<string, string>> | undefined
      readonly body?: unknown
    }
  | { readonly _tag: "WrongBody"; readonly body?: unknown }
  | { readonly _tag: "Drop" }
  | { readonly _tag: "Truncate" }
  | { readonly _tag: "Hang" }
  | { readonly _tag: "RepeatCursor" }

/**
 * What a fault function sees about a request.
 *
 * @since 0.1.0
 * @category faults
 */
export interface FaultContext {
  /** 1 for the first request the simulator answers, then 2, 3, ... */
  readonly requestNumber: number
  readonly family: Family
  /** Path after `/api/v2` (e.g. `/token-transfers`). */
  readonly path: string
  readonly query: Readonly<Record<string, string>>
}

/**
 * When to inject faults: a deterministic rate (decided by a hash of the seed and the request number, so
 * reruns fail the same requests) over `kinds` (tags, or whole faults such as a scripted 429; default
 * `ServerError`, `Drop`, `Truncate`), or a function deciding per request.
 *
 * @since 0.1.0
 * @category faults
 */
export type FaultPlan =
  | { readonly rate: number; readonly kinds?: ReadonlyArray<Fault["_tag"] | Fault> | undefined }
  | ((context: FaultContext) => Fault | undefined)

/**
 * The fault, if any, the plan gives request `context.requestNumber`.
 *
 * @internal
 */
export const pickFault = (plan: FaultPlan | undefined, seed: number, context: FaultContext): Fault | undefined => {
  if (plan === undefined) return undefined
  if (typeof plan === "function") return plan(context)
  const n = context.requestNumber
  if (hash(seed, 0xfa17, n) / 4294967296 >= plan.rate) return undefined
  const kinds = plan.kinds ?? ["ServerError", "Drop", "Truncate"]
  const kind = kinds[hash(seed, 0xfa18, n) % kinds.length]
  if (kind === undefined) return undefined
  if (typeof kind !== "string") return kind
  // A bare "Status" tag in a rate plan is a 503, the status a gateway answers under load.
  return kind === "Status" ? { _tag: "Status", status: 503 } : ({ _tag: kind } as Fault)
}

/**
 * The body a server sends with a status when a `Status` fault gives none (Pro: the gateway's words).
 *
 * @internal
 */
export const defaultBody = (status: number, family: Family): unknown => {
  switch (status) {
    case 401:
      return { message: "Unauthorized" }
    case 402:
      return { error: "Out of credits" }
    case 403:
      return { message: "Restricted access" }
    case 404:
      return { message: "Not found" }
    case 422:
      return { errors: [{ title: "Invalid value", source: { pointer: "/" }, detail: "Invalid value" }] }
    case 429:
      return { message: "Too many requests. Please try again later." }
    default:
      if (status >= 500)
        return family === "pro" ? { error: "Bad gateway", source: "upstream" } : { message: "Internal server error" }
      return { message: `Status ${status}` }
  }
}

/**
 * A well-formed answer that fails the endpoint's schema (see `WrongBody`).
 *
 * @internal
 */
export const wrongBody = (outcome: Outcome): Outcome => {
  const body = outcome.body
  const spoil = (items: ReadonlyArray<unknown>): unknown => {
    const first = items[0]
    if (first === null || typeof first !== "object") return "not a list"
    const key = Object.keys(first)[0]
    return key === undefined
      ? "not a list"
      : [{ ...(first as Json), [key]: { unexpected: "an object where the schema wants something else" } }]
  }
  if (Array.isArray(body)) {
    const spoilt = spoil(body)
    return { status: 200, body: typeof spoilt === "string" ? { items: spoilt } : spoilt }
  }
  if (body !== null && typeof body === "object" && Array.isArray((body as Json).items)) {
    return { status: 200, body: { ...(body as Json), items: spoil((body as Json).items as Array<unknown>) } }
  }
  return { status: 200, body: { items: "not a list", next_page_params: null } }
}
