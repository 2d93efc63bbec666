/**
 * From a matched route to its answer: the request checked against the route, the page size of the mode
 * (12.x and Pro: `items_count`, 1 to 100; 11.x: always 50, `limit` where the row takes it), the cursor
 * maker with the mode's echoes (11.x puts `apikey`, `key` and, on the rows whose cursor `next_page_params`
 * builds, the page's own `items_count` into every cursor), then the row's handler, or 501 for a row without one.
 *
 * 11.x (11.2.7) and `items_count`, as its backend does: where a row declares it (`general.ex`: an integer from
 * 1 to 50), OpenApiSpex casts it and answers 422 outside that range (`100 is larger than inclusive maximum
 * 50`), yet the page stays 50 whatever it says; where a row does not declare it (the token transfer lists),
 * any value is an unexpected field (`router.ts`); E9 checks nothing. Its cursors carry the page's item count
 * (`chain.ex` `next_items_count`, not added up: servers before 10.0 added them up).
 *
 * @internal
 */
import type { Renderer, ServerMode } from "../render/Renderer.ts"
import type { SimulatedChain } from "../SimulatedChain.ts"
import { int, invalid, type Outcome, type Query } from "./query.ts"
import type { LiveRoutes, Route, RouteContext } from "./router.ts"
import type { Unindexed } from "./indexing.ts"

/** What the server lends a dispatch: its chain, a renderer per mode, and its memo. */
export interface DispatchServices {
  readonly chain: SimulatedChain
  readonly renderer: (mode: ServerMode) => Renderer
  readonly memo: Map<string, unknown>
  /** Blocks whose internal transactions the server has not fetched yet. */
  readonly unindexed?: Unindexed | undefined
  /** Live mode's history, for the routes that show reorganisations. */
  readonly live?: LiveRoutes | undefined
  /** What `/config/backend-version` answers in a mode (`SimulatorOptions.backendVersion`). */
  readonly backendVersion?: ((mode: ServerMode) => string) | undefined
  /** Whether the user-ops indexer is enabled (`SimulatorOptions.accountAbstraction`). */
  readonly accountAbstraction?: boolean | undefined
}

/** Runs the route's handler on checked path parameters; throws a `Reject` for the API's error answers. */
export const dispatch = (
  services: DispatchServices,
  route: Route,
  mode: ServerMode,
  params: Readonly<Record<string, string>>,
  query: Query
): Outcome => {
  const v11 = mode === "11"
  const itemsCount = int(query, "items_count")
  if (v11 && itemsCount !== undefined && route.handler?.ignoresUnknownParams !== true) {
    checkV11ItemsCount(itemsCount, route.handler?.itemsCountUnbounded === true ? Number.POSITIVE_INFINITY : 50)
  }
  let size = v11 || itemsCount === undefined ? 50 : Math.min(100, Math.max(1, itemsCount))
  const limit = route.known(mode).has("limit") ? int(query, "limit") : undefined
  if (limit !== undefined) size = Math.max(1, Math.min(size, limit))
  const backendVersion = services.backendVersion?.(mode) ?? defaultBackendVersion(mode)
  // A release older than the row's `since` has no route for it: Phoenix answers an unknown API path 404.
  if (route.row.since !== undefined && releaseOlder(backendVersion, route.row.since)) {
    return { status: 404, body: { message: "Not found" } }
  }
  const handler = route.handler
  if (handler === undefined) {
    return { status: 501, body: { message: `The simulated Blockscout has no handler for ${route.row.name} yet` } }
  }
  const ctx: RouteContext = {
    chain: services.chain,
    render: services.renderer(mode),
    unindexed: services.unindexed,
    live: services.live,
    backendVersion,
    accountAbstraction: services.accountAbstraction === true,
    query,
    params,
    size,
    next: (more, keys) => {
      if (!more) return null
      const c = keys()
      if (v11) {
        if (handler.echoesItemsCount === true) c.items_count = size
        if (query.apikey !== undefined) c.apikey = query.apikey
        if (query.key !== undefined) c.key = query.key
      }
      return c
    },
    memo: <A>(key: string, make: () => A): A => {
      if (!services.memo.has(key)) services.memo.set(key, make())
      return services.memo.get(key) as A
    }
  }
  return handler.handle(ctx)
}

/** Whether release `a` (`v6.3.0-beta`) is older than `b` (`6.9.0`); an unreadable `a` is taken as current. */
export const releaseOlder = (a: string, b: string): boolean => {
  const read = (text: string) => /^\s*v?(\d+)\.(\d+)(?:\.(\d+))?/i.exec(text)
  const x = read(a)
  const y = read(b)
  if (x === null || y === null) return false
  for (let i = 1; i <= 3; i++) {
    const d = Number(x[i] ?? 0) - Number(y[i] ?? 0)
    if (d !== 0) return d < 0
  }
  return false
}

/**
 * The release each mode answers `/config/backend-version` with when not told otherwise: the releases whose
 * OpenAPI specs the answers follow (11.2.7; 12.0 for the next major and the Pro API behind its gateway), written
 * as the backend writes its `BLOCKSCOUT_VERSION` (a `v` prefix).
 */
export const defaultBackendVersion = (mode: ServerMode): string => (mode === "11" ? "v11.2.7" : "v12.0.0")

/** The backend version answered in each mode, from `SimulatorOptions.backendVersion` (one for all, or per line). */
export const backendVersionOf =
  (option: string | Partial<Record<ServerMode, string>> | undefined) =>
  (mode: ServerMode): string =>
    typeof option === "string" ? option : (option?.[mode] ?? defaultBackendVersion(mode))

/** 11.2.7's cast of a declared `items_count` (`%Schema{type: :integer, minimum: 1, maximum: 50}`), with OpenApiSpex's words. */
const checkV11ItemsCount = (value: number, max: number): void => {
  if (value > max) throw invalid("items_count", `${value} is larger than inclusive maximum ${max}`)
  if (value < 1) throw invalid("items_count", `${value} is smaller than inclusive minimum 1`)
}
