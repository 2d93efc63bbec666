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
  if (v11 && itemsCount !== undefined && route.handler?.ignoresUnknownParams !== true) checkV11ItemsCount(itemsCount)
  let size = v11 || itemsCount === undefined ? 50 : Math.min(100, Math.max(1, itemsCount))
  const limit = route.known(mode).has("limit") ? int(query, "limit") : undefined
  if (limit !== undefined) size = Math.max(1, Math.min(size, limit))
  const handler = route.handler
  if (handler === undefined) {
    return { status: 501, body: { message: `The simulated Blockscout has no handler for ${route.row.name} yet` } }
  }
  const ctx: RouteContext = {
    chain: services.chain,
    render: services.renderer(mode),
    unindexed: services.unindexed,
    live: services.live,
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

/** 11.2.7's cast of a declared `items_count` (`%Schema{type: :integer, minimum: 1, maximum: 50}`), with OpenApiSpex's words. */
const checkV11ItemsCount = (value: number): void => {
  if (value > 50) throw invalid("items_count", `${value} is larger than inclusive maximum 50`)
  if (value < 1) throw invalid("items_count", `${value} is smaller than inclusive minimum 1`)
}
