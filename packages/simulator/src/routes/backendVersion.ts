/**
 * H5 `GET /config/backend-version`: the release the server says it runs (`config_controller.ex` answers its
 * `BLOCKSCOUT_VERSION`): the release line's (`v11.2.7`, `v12.0.0`) unless `SimulatorOptions.backendVersion`
 * names another.
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const backendVersion: RouteHandler = {
  handle: (ctx) => ok({ backend_version: ctx.backendVersion })
}
