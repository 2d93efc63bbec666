/**
 * An NFT collection an address holds (§2.10): the token, the total amount held, and the instances
 * (`TokenInstanceInList`: each with its `token_type` and held `value`).
 *
 * @internal
 */
import type { Holding } from "../chain/nft.ts"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"
import { renderToken, renderTokenInstance } from "./token.ts"

/** The collection of token `tokenIndex` made of `instances`. */
export const renderNftCollection = (r: RenderContext, tokenIndex: number, instances: ReadonlyArray<Holding>): Json => {
  let amount = 0n
  for (const i of instances) amount += i.amount
  return {
    token: renderToken(r, tokenIndex),
    amount: String(amount),
    token_instances: instances.map((i) => renderTokenInstance(r, tokenIndex, i.tokenId, i.amount, true))
  }
}
