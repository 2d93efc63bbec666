/**
 * One run of a walk: what its steps (`walk.ts`, `recover.ts`) and the request it starts ahead share,
 * made when the stream starts and dropped when it ends.
 *
 * @internal
 */
import { type Context, Effect, type Scope } from "effect"
import type { Cursor, Prepared } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import { cursorKey } from "../url.ts"
import type { Budget } from "./budget.ts"
import { type History, makeHistory } from "./history.ts"

/** One run of a walk. */
export interface Run {
  readonly ctx: ClientContext
  readonly prepared: Prepared
  /** The span every page's request runs in (`GET {url.template}`), beneath the stream's own. */
  readonly spanName: string
  /** The stream's scope: every prefetch is forked in it, so ending the stream interrupts (aborts) them. */
  readonly scope: Scope.Scope
  /** The stream's context (its parent span): a request started ahead runs in it, beneath the stream's span. */
  readonly context: Context.Context<never>
  /**
   * The cursors already used, compared as the query they send (`cursorKey`), so key order or value types
   * never hide a repeat, and an empty cursor counts as the first page. Bounded (`history.ts`).
   */
  readonly seen: History
  /** Whether the walk ends before the page at this cursor (its `until` bound): that page is never requested. */
  readonly stops: (cursor: Cursor) => boolean
  /** Whether the next page is requested while this one is consumed (the layer's `prefetch`, or the walk's). */
  readonly prefetch: boolean
  /** The stream's credit budget: every request is charged to it, and none is sent beyond it. */
  readonly budget: Budget | undefined
}

/** The canonical key of a cursor in this run (`cursorKey`). */
export const keyOf = (run: Run, cursor: Cursor | undefined): string => cursorKey(run.prepared, cursor)

const never = () => false

/** Starts a run in the stream's scope and context; `start` counts as used. */
export const makeRun = (
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string,
  start: Cursor | undefined,
  until: ((cursor: Cursor) => boolean) | undefined,
  options: { readonly prefetch?: boolean | undefined; readonly budget?: Budget | undefined } = {}
): Effect.Effect<Run, never, Scope.Scope> =>
  Effect.gen(function* () {
    const scope = yield* Effect.scope
    const context = yield* Effect.context<never>()
    return {
      ctx,
      prepared,
      spanName,
      scope,
      context,
      seen: makeHistory(cursorKey(prepared, start)),
      stops: until ?? never,
      prefetch: options.prefetch ?? ctx.prefetch,
      budget: options.budget
    }
  })
