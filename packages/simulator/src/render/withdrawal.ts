/**
 * A beacon-chain withdrawal (§2.8): with its `receiver` in the chain-wide list (E9), without it in an
 * address's own list (E12), as `WithdrawalView` writes them.
 *
 * @internal
 */
import { withdrawalAmount } from "../chain/coins.ts"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"
import { renderAddress } from "./address.ts"

/** Withdrawal `i`. */
export const renderWithdrawal = (r: RenderContext, i: number, withReceiver: boolean): Json => {
  const chain = r.chain
  const block = Math.floor(i / chain.withdrawalsPerBlock)
  const out: Json = {
    index: i,
    amount: String(withdrawalAmount(chain, i)),
    validator_index: chain.validatorIndex(i),
    block_number: block,
    timestamp: r.timestamp(chain.blockMillis(block))
  }
  if (withReceiver) out.receiver = renderAddress(r, chain.users[chain.withdrawalReceiverIndex(i)]!)
  return out
}
