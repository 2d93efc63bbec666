/**
 * `GET /config/backend-version`: the release the simulated server plays, as Blockscout's `ConfigController`
 * answers it (`{ "backend_version": "v6.3.0-beta" }`, the `BLOCKSCOUT_VERSION` the image was built with): an
 * 11.x server says `v11.2.7` (the release its answers follow), a 12.x server and the Pro API
 * `v12.0.0`. A client that reads it to refuse rows an older server lacks sees the same line the answers
 * follow. Served once the endpoints table has a row named `backendVersion` for the path.
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import type { ServerMode } from "../render/Renderer.ts"

/** The version each mode answers. */
export const backendVersions: Readonly<Record<ServerMode, string>> = {
  "11": "v11.2.7",
  "12": "v12.0.0",
  pro: "v12.0.0"
}

export const backendVersion: RouteHandler = {
  handle: (ctx) => ok({ backend_version: backendVersions[ctx.render.mode] })
}
