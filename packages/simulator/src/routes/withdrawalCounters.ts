/**
 * K2 `GET /withdrawals/counters`: E9's withdrawals counted and summed (`internal/counters.ts`), as integer
 * strings. The names follow the release played (`withdrawal_controller.ex`): `withdrawal_count` /
 * `withdrawal_sum` before 8.0.0, both spellings in 8.x, `withdrawals_count` / `withdrawals_sum` since 9.0.0.
 *
 * @internal
 */
import { withdrawalTotals } from "../internal/counters.ts"
import { releaseOlder } from "../internal/dispatch.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const withdrawalCounters: RouteHandler = {
  handle: (ctx) => {
    const { count, sum } = withdrawalTotals(ctx)
    const current = { withdrawals_count: String(count), withdrawals_sum: String(sum) }
    const old = { withdrawal_count: String(count), withdrawal_sum: String(sum) }
    if (releaseOlder(ctx.backendVersion, "8.0.0")) return ok(old)
    return ok(releaseOlder(ctx.backendVersion, "9.0.0") ? { ...current, ...old } : current)
  }
}
