import { Effect, Option, Stream } from "effect"
import { Blockscout, type HistoryCheckpoint, type HistoryEntry } from "@blockscout-effect/client"

declare const loadCheckpoint: Effect.Effect<Option.Option<HistoryCheckpoint>>
declare const save: (entries: ReadonlyArray<HistoryEntry>, checkpoint: HistoryCheckpoint) => Effect.Effect<void>

export const backup = (address: string) =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    const resume = Option.getOrUndefined(yield* loadCheckpoint)
    yield* bs.streamAddressHistoryPages(address, { resume, pageSize: 100 }).pipe(
      Stream.runForEach((page) =>
        Effect.gen(function* () {
          yield* save(page.entries, page.checkpoint)
          if (page.report !== undefined && !page.report.complete) {
            for (const gap of page.report.gaps) yield* Effect.logWarning(gap.message)
          }
        })
      )
    )
  })
