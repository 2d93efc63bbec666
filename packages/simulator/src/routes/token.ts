/**
 * S17 `GET /tokens/{token}`: a token's details, the token object the lists embed (its `holders_count` the
 * length of S20's list); 404 for an address that is not one of the chain's tokens.
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenOf } from "../internal/tokenParam.ts"

export const token: RouteHandler = {
  handle: (ctx) => ok(ctx.render.token(tokenOf(ctx)))
}
