/**
 * The counters of `GET /tokens/{a}/counters`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { IntegerQuantity } from "./Quantities.ts"

/**
 * A token's holder and transfer counts, as the server has indexed them (integer strings, decoded to `bigint`).
 *
 * Use them to check a streamed token history for completeness: `transfers_count` counts the token's transfers
 * (`/tokens/{a}/transfers`), `token_holders_count` its holders with a non-zero balance (`/tokens/{a}/holders`).
 *
 * Gotcha: the server caches both and refreshes them in the background, so they can lag the lists.
 *
 * @since 0.1.0
 * @category resources
 */
export const TokenCounters = Schema.Struct({
  token_holders_count: IntegerQuantity,
  transfers_count: IntegerQuantity
}).annotate({ identifier: "TokenCounters" })
/**
 * Decoded token counters.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenCounters extends Schema.Schema.Type<typeof TokenCounters> {}
