/**
 * A stream's credit budget: what each of its requests costs (the row's Pro API credits; nothing on an
 * instance), how much it may spend (`creditBudget`), and what the key has left (`x-credits-remaining`, as
 * the last answer said). The walk asks `affordable` before it sends a request, prefetches included, and
 * charges it when it does; a page the budget does not cover ends the stream with `BudgetExhausted` and the
 * cursor to resume from, before a 402 would have ended it without one.
 *
 * Credits are counted per request sent, retries excluded (a retried 429 or 5xx is not an answered call).
 *
 * @internal
 */
import { Result } from "effect"
import * as Errors from "../../BlockscoutError.ts"
import type { PartitionProgress } from "../../Partition.ts"
import { type Cursor, invalidArgument, type Prepared } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import type { Observed } from "../observed.ts"

/** One stream's spending, shared by every request it sends (a partitioned stream's workers too). */
export interface Budget {
  /** Credits one request costs. */
  readonly cost: number
  /** The most this stream may spend; `undefined`: only the key's credits left bound it. */
  readonly limit: number | undefined
  /** Credits charged so far. */
  spent: number
  /** Requests charged and not answered yet: the credits left the server reported do not count them. */
  inFlight: number
  readonly observed: Observed
}

/**
 * A stream's `creditBudget` as the caller gave it (a row's stream or `streamPath`), checked: a number of credits,
 * 0 or more, or none. Anything else is `InvalidArgument` of the call named `call`, and nothing is sent.
 */
export const checkCreditBudget = (
  call: string,
  value: unknown
): Result.Result<number | undefined, Errors.BlockscoutError> =>
  value === undefined || (typeof value === "number" && value >= 0)
    ? Result.succeed(value)
    : Result.fail(invalidArgument(call, "creditBudget", "creditBudget must be a number of credits, 0 or more"))

/**
 * The budget of a stream on this client, or `undefined` when requests cost nothing (an instance: no credits,
 * so no budget applies).
 */
export const makeBudget = (ctx: ClientContext, prepared: Prepared, limit: number | undefined): Budget | undefined =>
  ctx.family === "pro" && prepared.endpoint.credits > 0
    ? { cost: prepared.endpoint.credits, limit, spent: 0, inFlight: 0, observed: ctx.observed }
    : undefined

/**
 * Whether one more request fits: within the stream's budget, and within the key's credits left less what
 * the requests in flight will cost.
 */
export const affordable = (budget: Budget | undefined): boolean => {
  if (budget === undefined) return true
  if (budget.limit !== undefined && budget.spent + budget.cost > budget.limit) return false
  const left = budget.observed.creditsRemaining
  return left === undefined || left - budget.inFlight * budget.cost >= budget.cost
}

/** Charges one request about to be sent. */
export const charge = (budget: Budget | undefined): void => {
  if (budget === undefined) return
  budget.spent += budget.cost
  budget.inFlight += 1
}

/** Marks a charged request answered (or abandoned): the key's credits left now count it, or never will. */
export const settle = (budget: Budget | undefined): void => {
  if (budget !== undefined) budget.inFlight = Math.max(0, budget.inFlight - 1)
}

/** The outcome of a stream stopped by its budget, resuming at `cursor` (sequential) or `progress`. */
export const exhausted = (
  budget: Budget,
  prepared: Prepared,
  resume: { readonly cursor?: Cursor | undefined; readonly progress?: PartitionProgress | undefined }
): Errors.BlockscoutError => {
  const left = budget.observed.creditsRemaining
  const over =
    budget.limit !== undefined && budget.spent + budget.cost > budget.limit
      ? `the stream's credit budget of ${budget.limit} is spent (${budget.spent} used, ${budget.cost} a request)`
      : `the key has ${left ?? 0} credits left, less than the ${budget.cost} a request costs`
  return new Errors.BlockscoutError({
    reason: new Errors.BudgetExhausted({
      endpoint: prepared.endpoint.name,
      url: "",
      message: `stopped before the next request: ${over}; resume from the ${resume.progress === undefined ? "cursor" : "progress"} given`,
      spent: budget.spent,
      budget: budget.limit,
      creditsRemaining: left,
      cursor: resume.cursor,
      progress: resume.progress
    })
  })
}
