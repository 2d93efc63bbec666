/**
 * The chain's figures the stats rows answer with, computed from the blocks the chain holds now (its `height`, as
 * `/blocks` reads it), so they follow a chain that grows: totals, a day's transactions and gas, and the daily
 * buckets the charts list. A "day" is a UTC date of block times; "today" is the head block's date, as the
 * backend's `Date.utc_today()` is on a live server.
 *
 * @internal
 */
import type { SimulatedChain } from "../SimulatedChain.ts"
import type { RouteContext } from "./router.ts"

const DAY_MILLIS = 86_400_000

/** The UTC date (`YYYY-MM-DD`) of epoch milliseconds. */
export const dateOf = (millis: number): string =>
  new Date(Math.floor(millis / DAY_MILLIS) * DAY_MILLIS).toISOString().slice(0, 10)

/** The chain's head as a memo key: its height and its newest block's hash. */
export const headKey = (chain: SimulatedChain): string =>
  chain.height === 0 ? "0" : `${chain.height}|${chain.blockHash(chain.height - 1)}`

/** Gas used by block `h`'s transactions, as the block's own `gas_used` says. */
export const blockGasUsed = (chain: SimulatedChain, h: number): number => {
  let gas = 0
  for (const tx of chain.template(h).transactions) gas += chain.gasUsed(h, tx)
  return gas
}

/** One day of the chain: its date, and its blocks' transactions and gas. */
export interface Day {
  readonly date: string
  readonly transactions: number
  readonly gasUsed: number
}

/** The chain's totals now: blocks, transactions and gas used, and each day's figures, newest day first. */
export interface ChainFigures {
  readonly blocks: number
  readonly transactions: number
  readonly gasUsed: bigint
  readonly days: ReadonlyArray<Day>
}

/**
 * Every figure of the chain at its current head, computed once per head (height and head hash: a chain that grows
 * or reorganises gets new ones).
 */
export const figuresOf = (ctx: RouteContext): ChainFigures => {
  const chain = ctx.chain
  const height = chain.height
  return ctx.memo(`stats|${headKey(chain)}`, () => {
    let transactions = 0
    let gasUsed = 0n
    const days: Array<Day> = []
    let current: { date: string; transactions: number; gasUsed: number } | undefined
    for (let h = height - 1; h >= 0; h--) {
      const date = dateOf(chain.blockMillis(h))
      if (current?.date !== date) {
        if (current !== undefined) days.push(current)
        current = { date, transactions: 0, gasUsed: 0 }
      }
      const count = chain.template(h).transactions.length
      const gas = blockGasUsed(chain, h)
      current.transactions += count
      current.gasUsed += gas
      transactions += count
      gasUsed += BigInt(gas)
    }
    if (current !== undefined) days.push(current)
    return { blocks: height, transactions, gasUsed, days }
  })
}

/** The average time between blocks, in milliseconds (a chain of one block has no interval: 0). */
export const averageBlockMillis = (chain: SimulatedChain): number =>
  chain.height < 2 ? 0 : (chain.blockMillis(chain.height - 1) - chain.blockMillis(0)) / (chain.height - 1)

/**
 * The coin's price on a day, as the transactions of that day carry it in `historic_exchange_rate` (the last block
 * of the day's), a 2-decimal string; `exchange_rate` (today's) is the fixed current rate.
 */
export const closingPrice = (chain: SimulatedChain, h: number): string =>
  (2000 + (chain.noise(h, 4242) % 200_000) / 100).toFixed(2)

/** The coin's current rate, as every transaction and address answer carries it in `exchange_rate`. */
export const currentRate = "3150.25"
