/**
 * Where an address's history starts: the newest block any of its lists holds (the first mined item of each),
 * for a partitioned run without `toBlock`; on the way, the pending transactions at the head of its transaction
 * list are counted (a partitioned run's ranges never see them, and the server's counters count them).
 *
 * @internal
 */
import type { InternalTransaction, NextPageParams, TokenTransfer, Transaction } from "@blockscout-effect/schema"
import { Effect } from "effect"
import type { BlockscoutError } from "../../BlockscoutError.ts"
import type { endpoints } from "../../endpoints.ts"
import type { HistoryKind } from "../../History.ts"
import { emptyTally, type HistoryTally } from "../../History.ts"
import type { ByName } from "../methods.ts"
import { countPending } from "./tally.ts"

type Lookup = (hash: string) => Effect.Effect<{ readonly block: number; readonly index: number }, BlockscoutError>

/** The newest mined transaction's block, and the pending ones before it, tallied. */
const transactions = (byName: ByName<typeof endpoints>, address: string) =>
  Effect.gen(function* () {
    let tally = emptyTally
    let cursor: NextPageParams | undefined
    while (true) {
      const page = yield* byName.page("addressTransactions", { address, ...(cursor === undefined ? {} : { cursor }) })
      for (const tx of page.items as ReadonlyArray<Transaction>) {
        if (tx.block_number !== null) return { head: tx.block_number, tally }
        tally = countPending(tally, tx.to, address)
      }
      if (page.next_page_params === null) return { head: undefined, tally }
      cursor = page.next_page_params
    }
  })

/** The newest block of the lists of `kinds` (undefined: all empty) and the pending transactions counted. */
export const newest = (
  byName: ByName<typeof endpoints>,
  c: { readonly address: string; readonly kinds: ReadonlyArray<HistoryKind> },
  lookup: Lookup
): Effect.Effect<{ readonly head: number | undefined; readonly tally: HistoryTally }, BlockscoutError> =>
  Effect.gen(function* () {
    const address = c.address
    const found = yield* Effect.all(
      {
        transaction: c.kinds.includes("transaction")
          ? transactions(byName, address)
          : Effect.succeed({ head: undefined, tally: emptyTally }),
        tokenTransfer: c.kinds.includes("tokenTransfer")
          ? Effect.flatMap(byName.page("addressTokenTransfers", { address }), (page) => {
              const first = page.items[0] as TokenTransfer | undefined
              if (first === undefined) return Effect.succeed(undefined)
              if (first.block_number !== undefined || first.transaction_hash === null) {
                return Effect.succeed(first.block_number)
              }
              return Effect.map(lookup(first.transaction_hash.toLowerCase()), (tx) => tx.block)
            })
          : Effect.succeed(undefined),
        internalTransaction: c.kinds.includes("internalTransaction")
          ? Effect.map(
              byName.page("internalTransactions", { address }),
              (page) => (page.items[0] as InternalTransaction | undefined)?.block_number
            )
          : Effect.succeed(undefined)
      },
      { concurrency: "unbounded" }
    )
    const heads = [found.transaction.head, found.tokenTransfer, found.internalTransaction].filter(
      (h): h is number => h !== undefined
    )
    return { head: heads.length === 0 ? undefined : Math.max(...heads), tally: found.transaction.tally }
  })
