/**
 * An address's coin balance over the whole chain, from what moves coin (`coins.ts`): the transactions it sends
 * (value and fee) and receives (value), the internal calls that pay it or that it makes, its withdrawals and
 * the rewards of the blocks it mined. One point per block whose net change is not zero, with the balance after
 * it; a genesis allocation at block 0 (the chain's history starts with funded accounts) is set so the balance
 * never goes below zero.
 *
 * Computed once per address and chain, on first use (work proportional to the address's activity).
 *
 * @internal
 */
import type { SimulatedChain } from "../SimulatedChain.ts"
import { hash } from "../internal/hash.ts"
import { internalValue, minedFee, minedValue, minerReward, partyAddress, withdrawalAmount } from "./coins.ts"
import { D } from "./constants.ts"
import { internalLater, internalSources, type Role, roleOf, transactionSources } from "./involvement.ts"
import { perChain } from "./memo.ts"
import { mergeDown } from "./merge.ts"
import { recipientOf, senderOf } from "./parties.ts"

/** A change of an address's coin balance at a block. */
export interface CoinPoint {
  readonly block: number
  /** The balance after the block (wei). */
  readonly value: bigint
  /** The change in the block. */
  readonly delta: bigint
  /** The position of the block's last transaction the address sent or received, if any. */
  readonly position: number | null
}

/** Every coin balance change of an address (lower case), oldest first (empty for one that never held coin). */
const historyOf = perChain((chain: SimulatedChain, address: string) => compute(chain, roleOf(chain, address)))

/** Every coin balance change of an address, oldest first (empty for an address that never held coin). */
export const coinHistory = (chain: SimulatedChain, address: string): ReadonlyArray<CoinPoint> =>
  historyOf(chain, address.toLowerCase())

/** Per block: the net change and the last transaction position that touched the address. */
type Changes = Map<number, { delta: bigint; position: number | null }>

const add = (changes: Changes, block: number, delta: bigint, position: number | null) => {
  const at = changes.get(block) ?? { delta: 0n, position: null }
  at.delta += delta
  if (position !== null && (at.position === null || position > at.position)) at.position = position
  changes.set(block, at)
}

const compute = (chain: SimulatedChain, role: Role): ReadonlyArray<CoinPoint> => {
  const changes: Changes = new Map()
  const top = chain.height - 1
  const all = Number.POSITIVE_INFINITY
  const txs = mergeDown(
    transactionSources(chain, role, undefined, top),
    top,
    { later: (a, b) => a.position > b.position, same: (a, b) => a.position === b.position },
    all
  )
  for (const [h, tx] of txs) {
    const value = tx.failed ? 0n : minedValue(chain, h, tx)
    const recipient = recipientOf(tx)
    let delta = 0n
    if (partyAddress(chain, h, senderOf(tx)) === role.address) delta -= value + minedFee(chain, h, tx)
    if (recipient !== null && partyAddress(chain, h, recipient) === role.address) delta += value
    add(changes, h, delta, tx.position)
  }
  const calls = mergeDown(
    internalSources(chain, role, undefined, top),
    top,
    { later: internalLater, same: (a, b) => a.txPosition === b.txPosition && a.index === b.index },
    all
  )
  for (const [h, it] of calls) {
    const value = it.failed ? 0n : internalValue(chain, h, it)
    add(changes, h, role.router >= 0 && it.fromRouter === role.router ? -value : value, null)
  }
  if (role.user >= 0) {
    for (const i of chain.userWithdrawals(role.user, all)) {
      add(changes, Math.floor(i / chain.withdrawalsPerBlock), withdrawalAmount(chain, i), null)
    }
  }
  if (role.miner >= 0) {
    for (let h = role.miner; h < chain.height; h += chain.miners.length) add(changes, h, minerReward(chain, h), null)
  }
  const blocks = [...changes.keys()].sort((a, b) => a - b)
  // The genesis allocation: a round amount, plus whatever keeps every later balance at or above zero.
  let running = 0n
  let lowest = 0n
  for (const b of blocks) {
    running += changes.get(b)!.delta
    if (running < lowest) lowest = running
  }
  if (blocks.length === 0) return []
  const allocation =
    BigInt(1 + (hash(chain.seed, D.misc, 0xba1, Number.parseInt(role.address.slice(2, 10), 16)) % 900)) * 10n ** 18n -
    lowest
  add(changes, 0, allocation, null)
  if (blocks[0] !== 0) blocks.unshift(0)
  const out: Array<CoinPoint> = []
  let value = 0n
  for (const b of blocks) {
    const { delta, position } = changes.get(b)!
    if (delta === 0n) continue
    value += delta
    out.push({ block: b, value, delta, position })
  }
  return out
}
