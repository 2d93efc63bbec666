import { Effect, Option, Stream } from "effect"
import { Blockscout, type PageWithCursor } from "@blockscout-effect/client"
import type { NextPageParams, TokenTransfer } from "@blockscout-effect/schema"

declare const loadCheckpoint: Effect.Effect<Option.Option<NextPageParams>>
declare const saveCheckpoint: (cursor: NextPageParams | null) => Effect.Effect<void>
declare const write: (page: PageWithCursor<TokenTransfer>) => Effect.Effect<void>

export const program = Effect.gen(function* () {
  const bs = yield* Blockscout
  const cursor = Option.getOrUndefined(yield* loadCheckpoint)
  yield* bs
    .streamTokenTransfersPages({ type: ["ERC-20"], cursor, pageSize: 100 })
    .pipe(Stream.runForEach((page) => Effect.andThen(write(page), saveCheckpoint(page.next_page_params))))
})
