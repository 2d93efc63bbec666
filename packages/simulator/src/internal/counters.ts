/**
 * The cached counters of the counter rows (K2-K4), computed from the chain the server holds now and memoised per
 * head (height and head hash, `stats.ts`), as the backend's `last_fetched_counters` hold one value until the next
 * refresh: the withdrawals' count and sum, the contracts (all and verified, and those of the last day), and the
 * last day's transactions with their fees. "The last day" is the 24 hours before the head block's time, the
 * backend's `now() - 24h` on a server at its head.
 *
 * @internal
 */
import { withdrawalAmount } from "../chain/coins.ts"
import type { SimulatedChain } from "../SimulatedChain.ts"
import { headKey, type StatsView } from "./stats.ts"

const DAY_MILLIS = 86_400_000

/** The withdrawals' count and their sum in wei. */
export const withdrawalTotals = (ctx: StatsView): { readonly count: number; readonly sum: bigint } =>
  ctx.memo(`withdrawal-counters|${headKey(ctx.chain)}`, () => {
    let sum = 0n
    for (let i = 0; i < ctx.chain.withdrawalCount; i++) sum += withdrawalAmount(ctx.chain, i)
    return { count: ctx.chain.withdrawalCount, sum }
  })

/** The time the last day starts at: 24 hours before the head block's. */
const dayStart = (chain: SimulatedChain): number =>
  chain.height === 0 ? Number.POSITIVE_INFINITY : chain.blockMillis(chain.height - 1) - DAY_MILLIS

/**
 * The contracts: every contract address the chain has (routers, tokens and the verified contracts), the verified
 * ones, and the verified ones whose verification falls in the last day (the simulator's other contracts exist from
 * genesis, so they are never new).
 */
export const contractTotals = (
  ctx: StatsView
): { readonly all: number; readonly verified: number; readonly newVerified: number } =>
  ctx.memo(`contract-counters|${headKey(ctx.chain)}`, () => {
    const { chain } = ctx
    const from = dayStart(chain)
    const head = chain.height === 0 ? 0 : chain.blockMillis(chain.height - 1)
    const newVerified = chain.smartContracts.filter((c) => c.verifiedAt > from && c.verifiedAt <= head).length
    return {
      all: chain.routers.length + chain.tokens.length + chain.smartContracts.length,
      verified: chain.smartContracts.length,
      newVerified
    }
  })

/**
 * The last day's mined transactions: how many, and their fees' sum and average (wei, rounded down as the counter
 * table's integer column keeps it); `fee` reads one transaction's fee as its rendering does.
 */
export const lastDayTransactions = (
  ctx: StatsView,
  fee: (h: number, position: number) => bigint
): { readonly count: number; readonly feeSum: bigint; readonly feeAverage: bigint } =>
  ctx.memo(`transaction-stats|${headKey(ctx.chain)}`, () => {
    const { chain } = ctx
    const from = dayStart(chain)
    let count = 0
    let feeSum = 0n
    for (let h = chain.height - 1; h >= 0 && chain.blockMillis(h) > from; h--) {
      for (const tx of chain.template(h).transactions) {
        count++
        feeSum += fee(h, tx.position)
      }
    }
    return { count, feeSum, feeAverage: count === 0 ? 0n : feeSum / BigInt(count) }
  })
