/**
 * The route table: one route per row of the endpoints table (`@blockscout-effect/schema`'s `endpoints`),
 * derived from the row (path template, path parameters and their kinds, known query parameters, Pro
 * credit cost) plus the row's handler and its server quirks, from `routes/<row>.ts`.
 *
 * A row without a handler is still matched and checked (unknown query parameters and bad path parameters
 * get the server's 422 bodies), then answered 501: adding an endpoint costs a row and a handler file.
 *
 * @internal
 */
import type { Endpoint, PathParam, PathParamKind } from "@blockscout-effect/schema"
import type { Renderer, ServerMode } from "../render/Renderer.ts"
import type { SimulatedChain } from "../SimulatedChain.ts"
import type { Unindexed } from "./indexing.ts"
import type { ReorgEvent } from "../chain/live.ts"
import {
  addressDetail,
  addressRe,
  blockDetails,
  blockRe,
  type Cursor,
  hashDetail,
  hashRe,
  invalid,
  type Outcome,
  type Query,
  tokenIdDetail,
  tokenIdRe
} from "./query.ts"

/** What a handler sees: the chain, the request (path parameters checked), the page size and the cursor maker. */
export interface RouteContext {
  readonly chain: SimulatedChain
  readonly render: Renderer
  readonly query: Query
  /** Path parameters by name; addresses and hashes lower-cased, already checked against their kind. */
  readonly params: Readonly<Record<string, string>>
  /** Items per page for this request. */
  readonly size: number
  /** The next page's cursor from the last item's keys (with the mode's echoes); null when `more` is false. */
  readonly next: (more: boolean, keys: () => Cursor) => Cursor | null
  /** A memo private to the simulator (filtered template lists and sorted tables, built once per key). */
  readonly memo: <A>(key: string, make: () => A) => A
  /** Blocks whose internal transactions the server has not fetched yet (`internal/indexing.ts`). */
  readonly unindexed: Unindexed | undefined
  /** What `/config/backend-version` answers (the release line's, or `SimulatorOptions.backendVersion`). */
  readonly backendVersion: string
  /** Whether the user-ops indexer is enabled: else `/proxy/account-abstraction/*` answer 501 (`Service is disabled`). */
  readonly accountAbstraction: boolean
  /** Live mode's history (reorganisations, the chain as it was); undefined for a fixed chain. */
  readonly live: LiveRoutes | undefined
}

/** What a live simulator lends its routes beyond the chain at the request's time. */
export interface LiveRoutes {
  /** The head at the request's time (lookups' chain; a lagging list's `chain` may be shorter). */
  readonly head: number
  /** The reorganisations that replaced height `h` so far, oldest first: the `k`-th replaced generation `k`. */
  readonly replacements: (h: number) => ReadonlyArray<ReorgEvent>
  /** The lowest height a reorganisation so far can have replaced. */
  readonly lowestReplaceable: number
  /** The generation of height `h` replaced so recently that its number has no consensus block yet, or undefined. */
  readonly lostConsensus: (h: number) => number | undefined
  /** A renderer (the request's mode) of the chain as it was when its head was `head`. */
  readonly rendererAt: (head: number) => Renderer
}

/** A row's handler and the server's quirks on that row. */
export interface RouteHandler {
  /** Answers a request whose path parameters and query keys were checked. Throws a `Reject` to answer an error. */
  readonly handle: (ctx: RouteContext) => Outcome
  /**
   * 11.x builds this row's cursor with `next_page_params` (`chain.ex`), which puts the page's item count into
   * it as `items_count` (servers before 10.0 added the counts up).
   */
  readonly echoesItemsCount?: boolean | undefined
  /** Query parameters the server knows on this row beyond filters, cursor keys and `items_count`, by mode. */
  readonly extraParams?: Partial<Record<ServerMode, ReadonlyArray<string>>> | undefined
  /** The server ignores query parameters it does not know (and badly formed ones) instead of answering 422. */
  readonly ignoresUnknownParams?: boolean | undefined
  /**
   * Modes whose server declares no `items_count` on this row (11.2.7's token transfer lists E1, E2, S15, S19
   * and NFT instances S21): 422 when sent. Elsewhere 11.x declares it from 1 to 50 (`dispatch.ts`).
   */
  readonly refusesItemsCount?: ReadonlyArray<ServerMode> | undefined
  /**
   * 11.2.7 declares `items_count` on this row with a minimum of 1 and no maximum (`/advanced-filters`, where it
   * counts the items already shown and does not size the page): any value from 1 is taken.
   */
  readonly itemsCountUnbounded?: boolean | undefined
}

/** One route: its row, its path pattern, what it accepts, and its handler (if any). */
export interface Route {
  readonly row: Endpoint
  readonly segments: ReadonlyArray<string | PathParam>
  readonly handler: RouteHandler | undefined
  /** Query parameters the row knows in a mode (credentials aside). */
  readonly known: (mode: ServerMode) => ReadonlySet<string>
}

/** The query parameters every request may carry: the credentials. */
export const credentialKeys: ReadonlySet<string> = new Set(["apikey", "key"])

/** Builds the routes of a table; `handlers` are looked up by row name. */
export const makeRoutes = (
  table: Readonly<Record<string, Endpoint>>,
  handlers: Readonly<Record<string, RouteHandler>>
): ReadonlyArray<Route> =>
  Object.values(table).map((row) => {
    const params = new Map(row.pathParams.map((p) => [p.name, p]))
    const segments = row.path
      .split("/")
      .filter((s) => s !== "")
      .map((s) => (s.startsWith("{") && s.endsWith("}") ? (params.get(s.slice(1, -1)) ?? s) : s))
    const handler = Object.hasOwn(handlers, row.name) ? handlers[row.name] : undefined
    const base = [...row.filters.map((f) => f.name), ...row.cursorKeys.filter((k) => k !== "items_count")]
    const known = new Map<ServerMode, ReadonlySet<string>>()
    return {
      row,
      segments,
      handler,
      known: (mode) => {
        let set = known.get(mode)
        if (set === undefined) {
          const pageSize = handler?.refusesItemsCount?.includes(mode) === true ? [] : ["items_count"]
          set = new Set([...base, ...pageSize, ...(handler?.extraParams?.[mode] ?? [])])
          known.set(mode, set)
        }
        return set
      }
    }
  })

/**
 * The route a path (after `/api/v2`) names, with its raw path parameters, or undefined. A route spelling a segment
 * out wins over one taking it as a parameter (`/transactions/stats` over `/transactions/{hash}`), as the backend's
 * routers declare such literal routes before the parameterised ones.
 */
export const matchRoute = (
  routes: ReadonlyArray<Route>,
  path: string
): { readonly route: Route; readonly params: Record<string, string> } | undefined => {
  const parts = path.split("/").filter((s) => s !== "")
  let best: { readonly route: Route; readonly params: Record<string, string>; readonly literals: number } | undefined
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue
    const params: Record<string, string> = {}
    let matched = true
    let literals = 0
    for (let i = 0; i < parts.length && matched; i++) {
      const segment = route.segments[i]!
      if (typeof segment === "string") {
        matched = segment === parts[i]
        literals++
      } else params[segment.name] = decodeURIComponent(parts[i]!)
    }
    if (matched && (best === undefined || literals > best.literals)) best = { route, params, literals }
  }
  return best === undefined ? undefined : { route: best.route, params: best.params }
}

/** How each kind of path parameter is checked, and the parameter name the server's 422 points at. */
const pathChecks: Record<
  PathParamKind,
  { readonly re: RegExp; readonly pointer: string; readonly details: readonly [string, ...Array<string>] }
> = {
  address: { re: addressRe, pointer: "address_hash_param", details: [addressDetail] },
  hash: { re: hashRe, pointer: "transaction_hash_param", details: [hashDetail] },
  tokenId: { re: tokenIdRe, pointer: "token_id_param", details: [tokenIdDetail] },
  block: { re: blockRe, pointer: "block_hash_or_number_param", details: blockDetails },
  // An OpenApiSpex integer parameter: anything else fails its cast.
  blockNumber: { re: /^\d+$/, pointer: "block_number_param", details: ["Invalid integer. Got: string"] }
}

/** Checks the query keys (422 `Unexpected field`) and the path parameters (422 by kind), in the server's order. */
export const checkRequest = (
  route: Route,
  mode: ServerMode,
  params: Readonly<Record<string, string>>,
  query: Query
): Record<string, string> => {
  if (route.handler?.ignoresUnknownParams !== true) {
    const known = route.known(mode)
    for (const k of Object.keys(query)) {
      if (!credentialKeys.has(k) && !known.has(k)) throw invalid(k, "Unexpected field")
    }
  }
  const checked: Record<string, string> = {}
  for (const p of route.row.pathParams) {
    const value = params[p.name] ?? ""
    const check = pathChecks[p.kind]
    if (!check.re.test(value)) throw invalid(check.pointer, ...check.details)
    checked[p.name] = p.kind === "tokenId" ? value : value.toLowerCase()
  }
  return checked
}
