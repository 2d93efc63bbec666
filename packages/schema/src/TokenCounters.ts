/**
 * The counters of `GET /tokens/{a}/counters`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent } from "./internal/fields.ts"
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

/**
 * How many transfers one NFT instance has had (`GET /tokens/{a}/instances/{id}/transfers-count`): the length of
 * E2's list for that instance, as the server counts it now (a `bigint`).
 *
 * Gotcha: counted on each request, not cached, so it matches E2 at that moment; an ERC-20 token is a 404. Every
 * release sends it, but Blockscout's specs do not require it, so it may be absent.
 *
 * @since 0.1.0
 * @category resources
 */
export const TokenInstanceTransfersCount = Schema.Struct({
  transfers_count: absent(IntegerQuantity)
}).annotate({ identifier: "TokenInstanceTransfersCount" })
/**
 * A decoded {@link TokenInstanceTransfersCount}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenInstanceTransfersCount extends Schema.Schema.Type<typeof TokenInstanceTransfersCount> {}
