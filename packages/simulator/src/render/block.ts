/**
 * The block object (§2.6) as `BlockView` writes it in 11.x, 12.x and on the Pro API: the 25 fields every
 * version sends (`internal_transactions_count` and `is_pending_update` included), counts that match what
 * the other endpoints list for the block.
 *
 * @internal
 */
import { minerReward } from "../chain/coins.ts"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"
import { renderAddress } from "./address.ts"

/**
 * Block `h`; `single` for the block lookup (`GET /blocks/{n}`), whose rewards carry their label (`Miner Reward`,
 * `Emission Reward`: `BlockView.block_reward_text`) where lists carry the recipient kind.
 */
export const renderBlock = (r: RenderContext, h: number, single = false): Json => {
  const chain = r.chain
  const template = chain.template(h)
  let gasUsed = 0
  for (const tx of template.transactions) gasUsed += chain.gasUsed(h, tx)
  const gasLimit = 30_000_000
  const baseFee = chain.baseFee(h)
  const burnt = baseFee * BigInt(gasUsed)
  const priority = minerReward(chain, h)
  return {
    hash: chain.blockHash(h),
    parent_hash: h === 0 ? `0x${"0".repeat(64)}` : chain.blockHash(h - 1),
    height: h,
    timestamp: r.timestamp(chain.blockMillis(h)),
    type: "block",
    miner: renderAddress(r, chain.miners[h % chain.miners.length]!),
    nonce: "0x0000000000000000",
    difficulty: "0",
    total_difficulty: "58750003716598352816469",
    size: 1000 + template.transactions.length * 180,
    gas_limit: String(gasLimit),
    gas_used: String(gasUsed),
    gas_used_percentage: Math.round((gasUsed / gasLimit) * 1e6) / 1e4,
    gas_target_percentage: Math.round(((gasUsed - gasLimit / 2) / (gasLimit / 2)) * 1e6) / 1e4,
    burnt_fees_percentage: 90.5,
    base_fee_per_gas: String(baseFee),
    burnt_fees: String(burnt),
    priority_fee: String(priority),
    transaction_fees: String(burnt + priority),
    transactions_count: template.transactions.length,
    internal_transactions_count: template.internals.length,
    withdrawals_count: chain.withdrawalsPerBlock,
    is_pending_update: false,
    // `BlockView` writes each reward's `address_type`: the producer's share, and the emission fund's.
    rewards: [
      { reward: String(priority), type: single ? "Miner Reward" : "validator" },
      { reward: "0", type: single ? "Emission Reward" : "emission_funds" }
    ],
    uncles_hashes: []
  }
}
