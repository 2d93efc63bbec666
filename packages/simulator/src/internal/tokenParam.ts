/**
 * A token path parameter (`/tokens/{token}/...`): the index of the chain's token at that address, or the 404
 * servers answer for an address that is not an indexed token (and, where `nft` is asked, for a fungible one).
 *
 * @internal
 */
import { notFound } from "./query.ts"
import type { RouteContext } from "./router.ts"

/** The token the `token` parameter names; throws the 404 of an address that is no (NFT, with `nft`) token. */
export const tokenOf = (ctx: RouteContext, nft = false): number => {
  const index = ctx.chain.tokens.findIndex((t) => t.address === ctx.params.token)
  if (index < 0 || (nft && ctx.chain.tokens[index]!.type === "ERC-20")) throw notFound()
  return index
}
