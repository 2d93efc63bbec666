import { Effect, Option, Stream } from "effect"
import { Blockscout, type PageWithCursor, type PartitionProgress } from "@blockscout-effect/client"
import type { InternalTransaction } from "@blockscout-effect/schema"

declare const loadProgress: Effect.Effect<Option.Option<PartitionProgress>>
declare const commit: (page: PageWithCursor<InternalTransaction>) => Effect.Effect<void> // items + page.progress

export const backfill = (address: string) =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    const resume = Option.getOrUndefined(yield* loadProgress)
    yield* bs
      .streamInternalTransactionsPages(address, { partition: resume === undefined ? true : { resume } })
      .pipe(Stream.runForEach(commit))
  })
