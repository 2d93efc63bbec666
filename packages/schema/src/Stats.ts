/**
 * The chain's state as the home page shows it: `GET /stats` (counters, prices, gas prices, the average block
 * time), the daily charts (`/stats/charts/transactions`, `/stats/charts/market`) and the server's version
 * (`/config/backend-version`). Shapes from the backend's `stats_controller.ex` and `config_controller.ex`,
 * checked against the generated OpenAPI specs (11.2.7, 12.0).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, nullable, objectAsNull, optional, withRenames } from "./internal/fields.ts"
import { Timestamp } from "./Primitives.ts"
import { Count, Decimal, FiniteNumber, IntegerQuantity, NumericText } from "./Quantities.ts"

/**
 * One gas price tier as a server with the updated gas oracle sends it (`price` in gwei, `time` in milliseconds
 * to inclusion, the fees split, `fiat_price` the cost of a transfer). Every field can be null.
 *
 * @since 0.1.0
 * @category resources
 */
export const GasPriceInfo = Schema.Struct({
  price: nullable(FiniteNumber),
  time: optional(FiniteNumber),
  base_fee: optional(FiniteNumber),
  priority_fee: optional(FiniteNumber),
  priority_fee_wei: optional(IntegerQuantity),
  wei: optional(IntegerQuantity),
  fiat_price: optional(Decimal)
}).annotate({ identifier: "GasPriceInfo" })
/**
 * A decoded gas price tier.
 *
 * @since 0.1.0
 * @category resources
 */
export interface GasPriceInfo extends Schema.Schema.Type<typeof GasPriceInfo> {}

/**
 * The gas prices of `GET /stats`: each tier (`slow`, `average`, `fast`) a number of gwei, or, when the caller
 * sends the header `updated-gas-oracle: true`, a {@link GasPriceInfo}. Null tiers are tiers the oracle has no
 * value for.
 *
 * @since 0.1.0
 * @category resources
 */
export const GasPrices = Schema.Struct({
  slow: nullable(Schema.Union([FiniteNumber, GasPriceInfo])),
  average: nullable(Schema.Union([FiniteNumber, GasPriceInfo])),
  fast: nullable(Schema.Union([FiniteNumber, GasPriceInfo]))
}).annotate({ identifier: "GasPrices" })
/**
 * Decoded gas prices.
 *
 * @since 0.1.0
 * @category resources
 */
export interface GasPrices extends Schema.Schema.Type<typeof GasPrices> {}

/**
 * `GET /stats`: the chain's counters and prices, as the home page shows them.
 *
 * - `average_block_time` is a number of **milliseconds** (the backend converts its average `Duration`).
 * - The totals are decimal strings on the wire, decoded to `bigint`; `gas_used_today` is a string or a number.
 * - Prices and market figures are decimal strings kept as sent (`DecimalString`), null without a price source.
 * - Every key may be absent (the 11.2.7 spec requires none; older servers lack `tvl`, the secondary coin and
 *   the gas oracle's timing); chain types add `rootstock_locked_btc` (RSK), `last_output_root_size` (OP stack) and
 *   `celo.epoch_number` (Celo).
 *
 * @since 0.1.0
 * @category resources
 */
export const Stats = Schema.Struct({
  total_blocks: absent(IntegerQuantity),
  total_addresses: absent(IntegerQuantity),
  total_transactions: absent(IntegerQuantity),
  average_block_time: absent(FiniteNumber),
  total_gas_used: absent(IntegerQuantity),
  transactions_today: optional(IntegerQuantity),
  gas_used_today: optional(IntegerQuantity),
  // The hand-written docs spec declares a bare object: one without the three tiers reads as null.
  gas_prices: Schema.optionalKey(
    Schema.Union([
      Schema.Null,
      GasPrices,
      objectAsNull((o) => !("slow" in o && "average" in o && "fast" in o), "gas prices")
    ])
  ),
  gas_prices_update_in: optional(FiniteNumber),
  gas_price_updated_at: optional(Timestamp),
  static_gas_price: optional(NumericText),
  coin_price: optional(Decimal),
  coin_price_change_percentage: optional(FiniteNumber),
  coin_image: optional(Schema.String),
  secondary_coin_price: optional(Decimal),
  secondary_coin_image: optional(Schema.String),
  market_cap: optional(Decimal),
  tvl: optional(Decimal),
  network_utilization_percentage: optional(FiniteNumber),
  rootstock_locked_btc: optional(NumericText),
  last_output_root_size: optional(NumericText),
  celo: absent(Schema.Struct({ epoch_number: nullable(Count) }))
}).annotate({ identifier: "Stats" })
/**
 * Decoded chain stats.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Stats extends Schema.Schema.Type<typeof Stats> {}

/**
 * One day of `GET /stats/charts/transactions`: the date (`YYYY-MM-DD`) and that day's transaction count.
 * The count was `tx_count` before 6.9 and `transaction_count` until 9.0; both are read. Every key may be absent
 * (11.2.7 declares the points as bare objects).
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionsChartPoint = withRenames(
  Schema.Struct({
    date: absent(Schema.String),
    transactions_count: optional(Count)
  }),
  { transaction_count: "transactions_count", tx_count: "transactions_count" },
  "TransactionsChartPoint"
)
/**
 * A decoded day of the transactions chart.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionsChartPoint extends Schema.Schema.Type<typeof TransactionsChartPoint> {}

/**
 * `GET /stats/charts/transactions`: daily transaction counts, newest day first (about 30 days).
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionsChart = Schema.Struct({
  chart_data: absent(Schema.Array(TransactionsChartPoint))
}).annotate({ identifier: "TransactionsChart" })
/**
 * A decoded transactions chart.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionsChart extends Schema.Schema.Type<typeof TransactionsChart> {}

/**
 * One day of `GET /stats/charts/market`: the date and the coin's closing price, market cap and TVL, decimal
 * strings or null.
 *
 * @since 0.1.0
 * @category resources
 */
export const MarketChartPoint = Schema.Struct({
  date: absent(Schema.String),
  closing_price: optional(Decimal),
  market_cap: optional(Decimal),
  tvl: optional(Decimal)
}).annotate({ identifier: "MarketChartPoint" })
/**
 * A decoded day of the market chart.
 *
 * @since 0.1.0
 * @category resources
 */
export interface MarketChartPoint extends Schema.Schema.Type<typeof MarketChartPoint> {}

/**
 * `GET /stats/charts/market`: the coin's daily market history and its available supply (a decimal string,
 * or a number on older servers).
 *
 * @since 0.1.0
 * @category resources
 */
export const MarketChart = Schema.Struct({
  available_supply: optional(Decimal),
  chart_data: absent(Schema.Array(MarketChartPoint))
}).annotate({ identifier: "MarketChart" })
/**
 * A decoded market chart.
 *
 * @since 0.1.0
 * @category resources
 */
export interface MarketChart extends Schema.Schema.Type<typeof MarketChart> {}

/**
 * `GET /config/backend-version`: the server's release, as its build names it (`"v9.1.0.commit.1a2b3c4d"`,
 * `"v6.8.0-beta.+commit.1e6b2b9b"`); null on a build that was given none.
 *
 * @since 0.1.0
 * @category resources
 */
export const BackendVersion = Schema.Struct({
  backend_version: optional(Schema.String)
}).annotate({ identifier: "BackendVersion" })
/**
 * A decoded backend version.
 *
 * @since 0.1.0
 * @category resources
 */
export interface BackendVersion extends Schema.Schema.Type<typeof BackendVersion> {}
