/**
 * An internal transaction (§2.9): a router's call to a user or another router, or a contract creation.
 *
 * @internal
 */
import type { InternalTemplate } from "../chain/templates.ts"
import { internalValue } from "../chain/coins.ts"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"
import { renderAddress, renderNullableAddress } from "./address.ts"

/** Internal transaction `it` of block `h`. */
export const renderInternalTransaction = (r: RenderContext, h: number, it: InternalTemplate): Json => {
  const chain = r.chain
  const create = it.to._tag === "Create"
  const { from, to } = chain.internalParties(h, it)
  return {
    block_number: h,
    transaction_hash: chain.transactionHash(h, it.txPosition),
    transaction_index: it.txPosition,
    index: it.index,
    type: create ? "create" : "call",
    from: renderAddress(r, from),
    to: renderNullableAddress(r, to),
    created_contract: create ? renderAddress(r, chain.createdAddress(h, it.txPosition, it.index)) : null,
    value: String(internalValue(chain, h, it)),
    gas_limit: String(50_000 + (chain.noise(h, it.txPosition, it.index) % 200_000)),
    success: !it.failed,
    error: it.failed ? "reverted" : null,
    timestamp: r.timestamp(chain.blockMillis(h))
  }
}
