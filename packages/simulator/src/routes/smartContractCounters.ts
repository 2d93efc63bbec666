/**
 * K3 `GET /smart-contracts/counters`: the chain's contracts and verified ones, in total and new in the last day
 * (`internal/counters.ts`), as integer strings (`smart_contract_controller.ex` `smart_contracts_counters`). The
 * verified count is E8's length.
 *
 * @internal
 */
import { contractTotals } from "../internal/counters.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const smartContractCounters: RouteHandler = {
  handle: (ctx) => {
    const totals = contractTotals(ctx)
    return ok({
      smart_contracts: String(totals.all),
      new_smart_contracts_24h: String(totals.newVerified),
      verified_smart_contracts: String(totals.verified),
      new_verified_smart_contracts_24h: String(totals.newVerified)
    })
  }
}
