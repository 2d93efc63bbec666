/**
 * A verified contract in the E8 list (`SmartContractListItem` of the specs): the contract as an address
 * object under `address`, `certified`, `license_type`, `reputation`, and `market_cap` as a decimal string.
 *
 * @internal
 */
import type { SmartContractInfo } from "../chain/contracts.ts"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"
import { renderAddress } from "./address.ts"

/** One verified contract. */
export const renderSmartContract = (r: RenderContext, c: SmartContractInfo): Json => ({
  address: renderAddress(r, c.address),
  certified: false,
  coin_balance: String(c.coinBalance),
  compiler_version: c.compilerVersion,
  language: c.language,
  license_type: c.licenseType,
  has_constructor_args: c.hasConstructorArgs,
  optimization_enabled: c.optimizationEnabled,
  reputation: "ok",
  verified_at: r.preciseTimestamp(c.verifiedAt, c.id),
  transactions_count: c.transactionsCount,
  market_cap: c.marketCap.toFixed(2)
})
