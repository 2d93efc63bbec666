/**
 * The simulated chain's beacon deposits (B1-B5), derived from its blocks, deterministic by seed and kept apart from
 * the chain's generation: about one block in five (by the block's own noise, so a replaced block gets its own)
 * has a deposit, made by that block's first transaction, from its sender; the deposit's index counts deposits in
 * block order from genesis, as the deposit contract numbers them. Each deposits 32 ETH to a fresh validator key
 * with 0x01 withdrawal credentials naming a user. The newest block's deposit is `pending`, every fifth `invalid`
 * (a bad signature), the rest `completed`. Memoised per head (height and head hash).
 *
 * @internal
 */
import type { Renderer } from "../render/Renderer.ts"
import type { SimulatedChain } from "../SimulatedChain.ts"
import { hex } from "./hash.ts"
import type { Json } from "./query.ts"
import { headKey } from "./stats.ts"

/** One deposit: its index and the block whose first transaction made it. */
export interface Deposit {
  readonly index: number
  readonly block: number
}

// A domain of the hash function of its own, apart from the chain generator's.
const DEPOSITS = 0x6110

/** Every deposit of the chain at its head, oldest (index 0) first. */
export const depositsOf = (ctx: {
  readonly chain: SimulatedChain
  readonly memo: <A>(key: string, make: () => A) => A
}): ReadonlyArray<Deposit> =>
  ctx.memo(`deposits|${headKey(ctx.chain)}`, () => {
    const { chain } = ctx
    const out: Array<Deposit> = []
    for (let h = 0; h < chain.height; h++) {
      if (chain.template(h).transactions.length > 0 && chain.noise(h, DEPOSITS) % 5 === 0) {
        out.push({ index: out.length, block: h })
      }
    }
    return out
  })

/** A deposit as `prepare_deposit` writes it. */
export const renderDeposit = (r: Renderer, d: Deposit, newest: number): Json => {
  const { chain } = r
  const tx = chain.template(d.block).transactions[0]!
  const from = (r.transaction(d.block, tx) as { readonly from: Json }).from
  const receiver = chain.users[chain.noise(d.block, DEPOSITS, 1) % chain.users.length]!
  return {
    index: d.index,
    transaction_hash: chain.transactionHash(d.block, tx.position),
    block_hash: chain.blockHash(d.block),
    block_number: d.block,
    block_timestamp: r.timestamp(chain.blockMillis(d.block)),
    pubkey: `0x${hex(96, chain.seed, DEPOSITS, d.index, 1)}`,
    withdrawal_credentials: `0x01${"00".repeat(11)}${receiver.slice(2)}`,
    withdrawal_address: r.address(receiver),
    amount: "32000000000000000000",
    signature: `0x${hex(192, chain.seed, DEPOSITS, d.index, 2)}`,
    status: d.index === newest ? "pending" : d.index % 5 === 4 ? "invalid" : "completed",
    from_address: from
  }
}
