/**
 * What a decoded page means for the walk, and the recovery when it does not advance.
 *
 * A page is emitted only once its cursor is known to advance: its `next_page_params` is null (the last
 * page), past the walk's bound, or a cursor the walk has not used. A page that hands out a cursor already
 * used is held back, not emitted, and asked for once more: a stale replica or a glitch behind a load
 * balancer answers right the second time, and then the second answer is emitted (its items, not the held
 * page's, so a stale copy of an earlier page is never emitted twice). A second repeat fails the stream with
 * `PaginationStalled`, the held page unemitted. So does a run of `maxEmptyPages` empty pages in a row, each
 * with a new cursor: a real server ends a list with an empty page and a null cursor (it has no item to
 * build a cursor from), so such a run is a server walking nowhere.
 *
 * @internal
 */
import { Effect } from "effect"
import * as Errors from "../../BlockscoutError.ts"
import type { Page } from "../../Parameters.ts"
import type { Cursor } from "../arguments.ts"
import { emit } from "../context.ts"
import { charge, settle } from "./budget.ts"
import { decodePage, fetchRaw, requestOf } from "./fetch.ts"
import { keyOf, type Run } from "./run.ts"

/** Empty pages in a row, each with a new cursor, after which a walk fails with `PaginationStalled`. */
export const maxEmptyPages = 20

/** A page whose cursor repeats one the walk used: held back, and asked for once more. */
export interface Repeat {
  /** The repeated cursor (not sent again). */
  readonly cursor: Cursor
  /** The cursor of the page that handed it out (the page asked again). */
  readonly from: Cursor | undefined
  /** Pages fetched so far. */
  readonly pages: number
  /** Empty pages in a row before the held page. */
  readonly empty: number
}

/** Where a page leads the walk. */
export type Verdict =
  /** The last page (or the walk's bound): emit it, stop. */
  | { readonly _tag: "Last" }
  /** Emit it, go on to `cursor` (its canonical `key`); `empty` counts the empty pages in a row. */
  | { readonly _tag: "Advance"; readonly cursor: Cursor; readonly key: string; readonly empty: number }
  /** Hold it back: its cursor repeats. */
  | { readonly _tag: "Repeated"; readonly repeat: Repeat }

const stalled = (run: Run, cursor: Cursor, pages: number, emptyPages: number | undefined) =>
  new Errors.BlockscoutError({
    reason: new Errors.PaginationStalled({
      endpoint: run.prepared.endpoint.name,
      url: requestOf(run.ctx, run.prepared, cursor).url,
      cursor,
      pages,
      ...(emptyPages === undefined ? {} : { emptyPages })
    })
  })

/**
 * Judges a decoded page fetched with `from`: the last, advancing (its cursor then counts as used), or
 * repeating. `secondLook`: the page was asked again after a repeat, so another repeat fails the walk.
 * `pages` counts this page; `empty` the empty pages in a row before it.
 */
export const judge = (
  run: Run,
  page: Page<unknown>,
  from: Cursor | undefined,
  pages: number,
  empty: number,
  secondLook: boolean
): Effect.Effect<Verdict, Errors.BlockscoutError> => {
  const next = page.next_page_params
  if (next === null || run.stops(next)) return Effect.succeed({ _tag: "Last" })
  const key = keyOf(run, next)
  if (run.seen.has(key)) {
    return secondLook
      ? Effect.fail(stalled(run, next, pages, undefined))
      : Effect.succeed({ _tag: "Repeated", repeat: { cursor: next, from, pages, empty } })
  }
  const emptyRun = page.items.length === 0 ? empty + 1 : 0
  if (emptyRun >= maxEmptyPages) return Effect.fail(stalled(run, next, pages, emptyRun))
  run.seen.add(key)
  return Effect.succeed({ _tag: "Advance", cursor: next, key, empty: emptyRun })
}

/**
 * Asks the page that handed out a repeat (`repeat.from`) once more, instead of the held page: the page
 * to emit in its place, and where it leads (a second repeat fails with `PaginationStalled`).
 */
export const askAgain = <A>(
  run: Run,
  repeat: Repeat
): Effect.Effect<{ readonly page: Page<A>; readonly verdict: Verdict }, Errors.BlockscoutError> =>
  Effect.gen(function* () {
    const { ctx, prepared } = run
    const url = requestOf(ctx, prepared, repeat.from).url
    yield* Effect.logDebug("Blockscout cursor repeated; asking that page again").pipe(
      Effect.annotateLogs({ endpoint: prepared.endpoint.name, url })
    )
    yield* emit(ctx, {
      _tag: "Retry",
      endpoint: prepared.endpoint.name,
      url,
      attempt: 1,
      reason: "PaginationStalled",
      delayMillis: 0
    })
    // Charged like any request, but not refused: it decides whether the stream can go on at all.
    charge(run.budget)
    const body = yield* Effect.ensuring(
      fetchRaw(ctx, prepared, repeat.from, run.spanName),
      Effect.sync(() => settle(run.budget))
    )
    const page = yield* decodePage<A>(ctx, prepared, repeat.from, body)
    const verdict = yield* judge(run, page, repeat.from, repeat.pages, repeat.empty, true)
    return { page, verdict }
  })
