/**
 * A one-line progress display for long streams: items, pages, rate, the request rate against the server's
 * announced limit, and retries, redrawn in place.
 *
 * When to use: make one per run with a `write` that goes to stderr, call `page(n)` after each page and
 * `retry()` when the client retries, and `finish` at the end. Pass `enabled: false` when stderr is not a
 * terminal, so logs and CI output stay free of carriage returns.
 *
 * Gotchas: time comes from `Clock`, so under `TestClock` the rate is whatever the test makes it. Anything
 * else written to the same terminal while the line is up (a notice, table rows) goes through `around`, which
 * clears the line first and draws it again after, so the two never share a line.
 */
import { Clock, Effect } from "effect"

/** What the display shows. */
export interface ProgressCounts {
  readonly items: number
  readonly pages: number
  readonly retries: number
  /** Items a second since the display was made. */
  readonly rate: number
  /** Requests sent (retries included), when the caller counts them (`request`). */
  readonly requests: number
  /** Requests a second since the display was made. */
  readonly requestRate: number
  /** The server's announced rate (requests a second; `Infinity`: unlimited), as last given to `request`. */
  readonly limit: number | undefined
}

/** A progress display. */
export interface Progress {
  /** Counts a page of `items` items and redraws (at most ten times a second). */
  readonly page: (items: number) => Effect.Effect<void>
  /** Counts one retried request (redrawn with the next page). */
  readonly retry: Effect.Effect<void>
  /** Counts one request sent; `limit` is the server's announced rate as known now (shown beside the rate). */
  readonly request: (limit: number | undefined) => Effect.Effect<void>
  /** The counts so far. */
  readonly counts: Effect.Effect<ProgressCounts>
  /** Draws the final line and moves to a new line. */
  readonly finish: Effect.Effect<void>
  /** Clears the line if it is drawn (on interruption: the terminal is left clean). */
  readonly clear: Effect.Effect<void>
  /** Runs `effect` (output to the same terminal) with the line cleared before and drawn again after. */
  readonly around: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

/** Options of `make`. */
export interface ProgressOptions {
  /** Where the line goes (stderr). */
  readonly write: (text: string) => Effect.Effect<void>
  /** Draw at all; when false only the counts are kept. */
  readonly enabled: boolean
  /** A word for the items ("transfers"); default "items". */
  readonly noun?: string | undefined
  /** Items and pages already done (resuming), shown in the totals but not in the rate. */
  readonly initial?: { readonly items: number; readonly pages: number } | undefined
}

const number = new Intl.NumberFormat("en-US")

const limitText = (limit: number | undefined) =>
  limit === undefined ? "" : limit === Number.POSITIVE_INFINITY ? " (unlimited)" : ` of ${limit.toFixed(1)}`

/** Formats counts as the display's line (without the carriage return). */
export const render = (counts: ProgressCounts, noun = "items"): string =>
  `${number.format(counts.items)} ${noun} · ${number.format(counts.pages)} pages · ${number.format(
    Math.round(counts.rate)
  )}/s · ${
    counts.requests === 0 ? "" : `${counts.requestRate.toFixed(1)} req/s${limitText(counts.limit)} · `
  }${number.format(counts.retries)} retries`

/** Makes a progress display. */
export const make = Effect.fnUntraced(function* (options: ProgressOptions) {
  const started = yield* Clock.currentTimeMillis
  const initialItems = options.initial?.items ?? 0
  let items = initialItems
  let pages = options.initial?.pages ?? 0
  let retries = 0
  let requests = 0
  let limit: number | undefined
  let lastDraw = 0
  // Whether the line is on screen now (drawn and not yet cleared or finished).
  let drawn = false
  const counts = Effect.map(Clock.currentTimeMillis, (now): ProgressCounts => {
    const seconds = (now - started) / 1000
    return {
      items,
      pages,
      retries,
      rate: seconds > 0 ? (items - initialItems) / seconds : 0,
      requests,
      requestRate: seconds > 0 ? requests / seconds : 0,
      limit
    }
  })
  // \r returns to the line start and ESC[K clears what a longer previous line left behind.
  const draw = Effect.flatMap(counts, (c) =>
    Effect.andThen(
      options.write(`\r${render(c, options.noun)}\x1b[K`),
      Effect.sync(() => {
        drawn = true
      })
    )
  )
  const clear = Effect.suspend(() => {
    if (!drawn) return Effect.void
    drawn = false
    return options.write("\r\x1b[K")
  })
  const progress: Progress = {
    page: (n) =>
      Effect.gen(function* () {
        items += n
        pages += 1
        if (!options.enabled) return
        const now = yield* Clock.currentTimeMillis
        if (now - lastDraw < 100) return
        lastDraw = now
        yield* draw
      }),
    retry: Effect.sync(() => {
      retries += 1
    }),
    request: (announced) =>
      Effect.sync(() => {
        requests += 1
        limit = announced ?? limit
      }),
    counts,
    finish: options.enabled
      ? Effect.andThen(
          draw,
          Effect.andThen(
            options.write("\n"),
            Effect.sync(() => {
              drawn = false
            })
          )
        )
      : Effect.void,
    clear,
    around: (effect) =>
      Effect.suspend(() => {
        if (!drawn) return effect
        return Effect.andThen(
          clear,
          Effect.tap(effect, () => draw)
        )
      })
  }
  return progress
})
