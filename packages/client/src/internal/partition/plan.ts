/**
 * A partitioned stream's plan: the `partition` option checked against the row (it has a `range`, no filter
 * changes its order, the bounds count what its keys count) and turned into the ranges to fetch: one span
 * (cut as the run goes), `parts` even ranges, or the ranges of a resumed progress. A bad option is
 * `InvalidArgument`, and nothing is sent.
 *
 * @internal
 */
import { type KeyRange, KeyRanges } from "@blockscout-effect/schema"
import { Result } from "effect"
import type * as Errors from "../../BlockscoutError.ts"
import type { PartitionOptions } from "../../Partition.ts"
import { invalid, type Prepared } from "../arguments.ts"
import { resumeFrom } from "./progress.ts"
import { type Segment, segment } from "./segments.ts"

/** What the engine needs from the option, checked. */
export interface Plan<A> {
  readonly range: KeyRange
  readonly segments: Array<Segment<A>>
  readonly order: "chain" | "arrival"
  readonly concurrency: number | "auto"
}

/** The most ranges `parts` may ask for, and the most requests `concurrency` may keep in flight. */
const maxParts = 100_000
const maxWorkers = 1024

const optionNames = new Set(["fromBlock", "toBlock", "fromIndex", "toIndex", "parts", "concurrency", "order", "resume"])

const isKey = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0

/** Checks `partition` against the row and plans its ranges. */
export const plan = <A>(
  prepared: Prepared,
  option: PartitionOptions | true | undefined
): Result.Result<Plan<A>, Errors.BlockscoutError> => {
  const { endpoint } = prepared
  const fail = (message: string) => Result.fail(invalid(endpoint, "partition", message))
  const range = KeyRanges.rangeOf(endpoint)
  if (range === undefined) {
    return fail(`${endpoint.name} cannot be partitioned: its cursor is not a block or index range`)
  }
  const ruled = KeyRanges.ruledOut(range, Object.fromEntries(prepared.filters))
  if (ruled !== undefined) {
    return fail(
      `${endpoint.name} with ${ruled.filter}=${ruled.value} cannot be partitioned: it is not ordered by ${range.dimension}`
    )
  }
  if (prepared.cursor !== undefined) {
    return fail("a partitioned stream starts from its span or from partition.resume, not from a cursor")
  }
  const options: Record<string, unknown> = option === true || option === undefined ? {} : { ...option }
  if (typeof option !== "object" && option !== true && option !== undefined) {
    return fail("partition must be an object or true")
  }
  for (const name of Object.keys(options)) {
    if (!optionNames.has(name) && options[name] !== undefined) return fail(`partition takes no option ${name}`)
  }
  const [fromName, toName, otherFrom, otherTo] =
    range.dimension === "block"
      ? ["fromBlock", "toBlock", "fromIndex", "toIndex"]
      : ["fromIndex", "toIndex", "fromBlock", "toBlock"]
  if (options[otherFrom] !== undefined || options[otherTo] !== undefined) {
    return fail(
      `${endpoint.name} is keyed by ${range.dimension}: give ${fromName}/${toName}, not ${otherFrom}/${otherTo}`
    )
  }
  const from = options[fromName] ?? 0
  const to = options[toName]
  if (!isKey(from)) return fail(`${fromName} must be a non-negative integer`)
  if (to !== undefined && (!isKey(to) || to < from)) return fail(`${toName} must be an integer at or above ${fromName}`)
  const order = options.order ?? "chain"
  if (order !== "chain" && order !== "arrival") return fail(`order must be "chain" or "arrival"`)
  const concurrency = options.concurrency ?? "auto"
  if (
    concurrency !== "auto" &&
    !(Number.isSafeInteger(concurrency) && (concurrency as number) >= 1 && (concurrency as number) <= maxWorkers)
  ) {
    return fail(`concurrency must be "auto" or an integer from 1 to ${maxWorkers}`)
  }
  const parts = options.parts
  if (
    parts !== undefined &&
    !(Number.isSafeInteger(parts) && (parts as number) >= 1 && (parts as number) <= maxParts)
  ) {
    return fail(`parts must be an integer from 1 to ${maxParts}`)
  }
  if (parts !== undefined && to === undefined) {
    return fail(`parts needs ${toName}: the whole history is split as the run goes`)
  }
  const base = { range, order: order as "chain" | "arrival", concurrency: concurrency as number | "auto" }
  const resume = options.resume
  if (resume !== undefined) {
    if (options[fromName] !== undefined || to !== undefined || parts !== undefined) {
      return fail(`resume carries its span: give no ${fromName}, ${toName} or parts with it`)
    }
    const resumed = resumeFrom<A>(prepared, range, resume as never)
    return Result.isFailure(resumed) ? fail(resumed.failure) : Result.succeed({ ...base, segments: resumed.success })
  }
  const segments =
    parts !== undefined && to !== undefined
      ? KeyRanges.split(from, to as number, parts as number).map((r) => segment<A>(r.lo, r.hi))
      : [segment<A>(from, (to as number | undefined) ?? Number.POSITIVE_INFINITY)]
  return Result.succeed({ ...base, segments })
}
