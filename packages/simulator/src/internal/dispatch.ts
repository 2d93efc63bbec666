/**
 * From a matched route to its answer: the request checked against the route, the page size of the mode
 * (12.x and Pro: `items_count`, 1 to 100; 11.x: always 50, `limit` where the row takes it), the cursor
 * maker with the mode's echoes (11.x puts `apikey`, `key` and, on some rows, the cumulated `items_count`
 * into every cursor), then the row's handler, or 501 for a row without one.
 *
 * @internal
 */
import type { Renderer, ServerMode } from "../render/Renderer.ts"
import type { SimulatedChain } from "../SimulatedChain.ts"
import { int, type Outcome, type Query } from "./query.ts"
import type { Route, RouteContext } from "./router.ts"
import type { Unindexed } from "./indexing.ts"

/** What the server lends a dispatch: its chain, a renderer per mode, and its memo. */
export interface DispatchServices {
  readonly chain: SimulatedChain
  readonly renderer: (mode: ServerMode) => Renderer
  readonly memo: Map<string, unknown>
  /** Blocks whose internal transactions the server has not fetched yet. */
  readonly unindexed?: Unindexed | undefined
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
    query,
    params,
    size,
    next: (more, keys) => {
      if (!more) return null
      const c = keys()
      if (v11) {
        if (handler.echoesItemsCount === true) c.items_count = (itemsCount ?? 0) + size
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
