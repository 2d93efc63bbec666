/**
 * The progress value: what a partitioned stream has emitted, range by range, as one serialisable
 * `PartitionProgress` (taken after each emitted page), and the ranges a later run starts from (checked
 * against the request it is resumed with).
 *
 * @internal
 */
import { isCursorValue, type KeyRange } from "@blockscout-effect/schema"
import { Result } from "effect"
import type { PartitionProgress, RangeProgress } from "../../Partition.ts"
import type { Prepared } from "../arguments.ts"
import { type Segment, segment } from "./segments.ts"

/** The request a progress value belongs to: the path and the filters, sorted; no credentials, no cursor. */
export const requestKey = (prepared: Prepared): string => {
  const filters = prepared.filters
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join("&")
  return filters === "" ? prepared.path : `${prepared.path}?${filters}`
}

/** The progress after what was emitted so far; adjacent done ranges are reported as one. */
export const snapshot = <A>(
  prepared: Prepared,
  range: KeyRange,
  segments: ReadonlyArray<Segment<A>>
): PartitionProgress => {
  const ranges: Array<RangeProgress> = []
  for (const seg of segments) {
    const to = Number.isFinite(seg.hi) ? seg.hi : null
    const previous = ranges[ranges.length - 1]
    if (seg.emittedDone) {
      if (previous?.done) ranges[ranges.length - 1] = { ...previous, from: seg.lo }
      else ranges.push({ from: seg.lo, to, done: true })
    } else {
      ranges.push(
        seg.emittedCursor === undefined
          ? { from: seg.lo, to, done: false }
          : { from: seg.lo, to, cursor: seg.emittedCursor, done: false }
      )
    }
  }
  return {
    version: 1,
    endpoint: prepared.endpoint.name,
    request: requestKey(prepared),
    dimension: range.dimension,
    ranges
  }
}

const isKey = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0

/**
 * The ranges a resumed run starts from, or what is wrong with the value: another endpoint, request or key,
 * ranges that are not end to end and newest first, a bad cursor.
 */
export const resumeFrom = <A>(
  prepared: Prepared,
  range: KeyRange,
  progress: PartitionProgress
): Result.Result<Array<Segment<A>>, string> => {
  if (typeof progress !== "object" || progress === null || progress.version !== 1) {
    return Result.fail("resume must be a progress value of version 1 (from a partitioned page)")
  }
  if (progress.endpoint !== prepared.endpoint.name || progress.request !== requestKey(prepared)) {
    return Result.fail(
      `resume belongs to ${progress.endpoint} ${progress.request}, not to ${prepared.endpoint.name} ${requestKey(prepared)}`
    )
  }
  if (progress.dimension !== range.dimension) return Result.fail(`resume counts ${progress.dimension}s`)
  const ranges = progress.ranges
  if (!Array.isArray(ranges) || ranges.length === 0) return Result.fail("resume has no ranges")
  const segments: Array<Segment<A>> = []
  for (let i = 0; i < ranges.length; i++) {
    const r = ranges[i] as RangeProgress
    const openTop = r.to === null && i === 0
    if (!isKey(r.from) || (!openTop && (!isKey(r.to) || r.to < r.from))) {
      return Result.fail(`resume range ${i} is not a span of keys (from ${r.from} to ${r.to})`)
    }
    const above = ranges[i - 1]
    if (above !== undefined && above.from !== (r.to as number) + 1) {
      return Result.fail(`resume ranges ${i - 1} and ${i} are not end to end`)
    }
    const cursor = r.cursor
    if (
      cursor !== undefined &&
      (typeof cursor !== "object" || cursor === null || !Object.values(cursor).every(isCursorValue))
    ) {
      return Result.fail(`resume range ${i} has a cursor that is not a next_page_params object`)
    }
    const seg = segment<A>(r.from, r.to ?? Number.POSITIVE_INFINITY, r.done ? undefined : cursor)
    if (r.done) {
      seg.status = "fetched"
      seg.emittedDone = true
    }
    segments.push(seg)
  }
  return Result.succeed(segments)
}
