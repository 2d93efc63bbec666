/**
 * What moves the chain's coin, one function per kind of movement: a transaction's value and fee, an internal
 * call's value, a withdrawal's amount, a block's reward to its miner; and who a party is at a block. The
 * renderers write these numbers and the coin balance histories add them up, from the same functions.
 *
 * @internal
 */
import type { SimulatedChain } from "../SimulatedChain.ts"
import { type Party, transactionValue } from "./parties.ts"
import type { InternalTemplate, TxTemplate } from "./templates.ts"

/** The key a pending transaction's values hash with (it has no block). */
export const pendingKey = 0x7fffffff

/** The address a party names at block `h` (lower case). */
export const partyAddress = (chain: SimulatedChain, h: number, party: Party): string =>
  party._tag === "User"
    ? chain.userAt(h, party.offset)
    : party._tag === "Router"
      ? chain.routers[party.router]!
      : chain.tokens[party.token]!.address

/** The coin a mined transaction at block `h` moves from its sender to its recipient (when it succeeds). */
export const minedValue = (chain: SimulatedChain, h: number, tx: TxTemplate): bigint =>
  transactionValue(tx, h, 0, (a, b, c) => chain.amount(a, b, c))

/** The priority fee per gas of a transaction (`salt` 0 for a mined one, its index + 1 for a pending one). */
export const priorityPerGas = (chain: SimulatedChain, key: number, tx: TxTemplate, salt: number): bigint =>
  BigInt(chain.noise(key, tx.position, salt, 1) % 2_000_000_000)

/** The gas price a mined transaction paid: the block's base fee plus its priority fee. */
export const gasPrice = (chain: SimulatedChain, h: number, tx: TxTemplate): bigint =>
  chain.baseFee(h) + priorityPerGas(chain, h, tx, 0)

/** The fee a mined transaction's sender paid (gas price times gas used), failed or not. */
export const minedFee = (chain: SimulatedChain, h: number, tx: TxTemplate): bigint =>
  gasPrice(chain, h, tx) * BigInt(chain.gasUsed(h, tx))

/** The coin an internal call moves: a router pays users; calls to routers and creations move none. */
export const internalValue = (chain: SimulatedChain, h: number, it: InternalTemplate): bigint =>
  it.to._tag === "User" ? chain.amount(h, it.txPosition, 500 + it.index) : 0n

/** The amount of withdrawal `i`. */
export const withdrawalAmount = (chain: SimulatedChain, i: number): bigint =>
  chain.amount(Math.floor(i / chain.withdrawalsPerBlock), 31_000 + (i % chain.withdrawalsPerBlock))

/** The priority fees of block `h`: its miner's reward (the block's `validator` reward). */
export const minerReward = (chain: SimulatedChain, h: number): bigint => {
  let gasUsed = 0
  for (const tx of chain.template(h).transactions) gasUsed += chain.gasUsed(h, tx)
  return BigInt(gasUsed) * BigInt(chain.noise(h, 77) % 1_000_000_000)
}
