/**
 * The token transfer object (§2.3) as `TokenTransferView.prepare_token_transfer` writes it in 11.x, 12.x
 * and on the Pro API alike: with `block_number`, `log_index` and `token_type`, and a `total` shaped by the
 * token kind (`prepare_token_transfer_total`): `{decimals, value}` for ERC-20, `{token_id, token_instance}`
 * for ERC-721, `{token_id, value, decimals, token_instance}` for ERC-1155 and ERC-404.
 *
 * @internal
 */
import type { TransferTemplate } from "../chain/templates.ts"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"
import { renderAddress } from "./address.ts"
import { renderToken, renderTokenInstance } from "./token.ts"

/** Transfer item `item` of block `h`. */
export const renderTokenTransfer = (r: RenderContext, h: number, item: TransferTemplate): Json => {
  const chain = r.chain
  const t = chain.tokens[item.token]!
  const { from, to } = chain.transferParties(h, item)
  const value = chain.transferValue(h, item)
  const tx = chain.template(h).transactions[item.txPosition]!
  const decimals = t.decimals === null ? null : String(t.decimals)
  let total: Json
  if (t.type === "ERC-20") {
    total = { decimals, value: String(value) }
  } else {
    const id = chain.tokenIdOf(h, item)
    const instance = renderTokenInstance(r, item.token, id, value, false)
    total =
      t.type === "ERC-721"
        ? { token_id: String(id), token_instance: instance }
        : { token_id: String(id), value: String(value), decimals, token_instance: instance }
  }
  return {
    block_hash: chain.blockHash(h),
    block_number: h,
    from: renderAddress(r, from),
    to: renderAddress(r, to),
    log_index: item.logIndex,
    method: chain.methodOf(h, tx),
    timestamp: r.timestamp(chain.blockMillis(h)),
    token: renderToken(r, item.token),
    token_type: t.type,
    total,
    transaction_hash: chain.transactionHash(h, item.txPosition),
    type: from === chain.zeroAddress() ? "token_minting" : "token_transfer"
  }
}
