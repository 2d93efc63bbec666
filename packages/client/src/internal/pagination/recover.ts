/**
 * The repeated-cursor recovery: when a page hands out a cursor the walk already used, the page that handed it
 * out is asked once more before the stream gives up. A stale replica or a glitch behind a load balancer
 * answers right the second time; a second repeat fails the stream with `PaginationStalled`.
 *
 * @internal
 */
import { Effect } from "effect"
import * as Errors from "../../BlockscoutError.ts"
import type { Cursor } from "../arguments.ts"
import { emit } from "../context.ts"
import { decodePage, fetchRaw, requestOf } from "./fetch.ts"
import { keyOf, type Run } from "./run.ts"

/** A cursor the walk already used, and where it came from. */
export interface Repeat {
  /** The repeated cursor (not sent again). */
  readonly cursor: Cursor
  /** The cursor of the page that handed it out. */
  readonly from: Cursor | undefined
  /** Pages fetched so far. */
  readonly pages: number
}

/**
 * Asks the page that handed out the repeat (`repeat.from`) once more; its items were emitted already, only its
 * cursor is used. Gives the cursor to follow, or `undefined` when that page now says it is the last (or its
 * cursor is past the walk's bound); fails with `PaginationStalled` when it repeats again. The check runs
 * before the repeated cursor is sent, so the page that handed it out was emitted.
 */
export const askAgain = (run: Run, repeat: Repeat): Effect.Effect<Cursor | undefined, Errors.BlockscoutError> =>
  Effect.gen(function* () {
    const { ctx, prepared } = run
    const stalled = new Errors.BlockscoutError({
      reason: new Errors.PaginationStalled({
        endpoint: prepared.endpoint.name,
        url: requestOf(ctx, prepared, repeat.cursor).url,
        cursor: repeat.cursor,
        pages: repeat.pages
      })
    })
    yield* Effect.logDebug("Blockscout cursor repeated; asking that page again").pipe(
      Effect.annotateLogs({ endpoint: prepared.endpoint.name, url: stalled.url })
    )
    yield* emit(ctx, {
      _tag: "Retry",
      endpoint: prepared.endpoint.name,
      url: requestOf(ctx, prepared, repeat.from).url,
      attempt: 1,
      reason: "PaginationStalled",
      delayMillis: 0
    })
    const again = yield* decodePage(
      ctx,
      prepared,
      repeat.from,
      yield* fetchRaw(ctx, prepared, repeat.from, run.spanName)
    )
    const next = again.next_page_params
    if (next === null || run.stops(next)) return undefined
    const key = keyOf(run, next)
    if (run.seen.has(key)) return yield* Effect.fail(stalled)
    run.seen.add(key)
    return next
  })
