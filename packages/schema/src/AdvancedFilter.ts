/**
 * The items of `GET /advanced-filters`: one feed mixing transactions, internal transactions and token
 * transfers, newest first, filtered by addresses, types, methods, tokens, amounts and time.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent, nullable } from "./internal/fields.ts"
import { StringRecord } from "./internal/record.ts"
import { Hash, Timestamp } from "./Primitives.ts"
import { Count, IntegerQuantity } from "./Quantities.ts"
import { Token } from "./Token.ts"
import { TokenTransferTotal } from "./TokenTransfer.ts"

/**
 * The values of an advanced filter item's `type` known today (also the `transaction_types` filter's values,
 * which the server matches case-insensitively): a transaction or internal transaction is `coin_transfer`,
 * `contract_interaction` or `contract_creation`; a token transfer is its token type. Zilliqa adds `ZRC-2`.
 *
 * @since 0.1.0
 * @category resources
 */
export const AdvancedFilterTypeValues = [
  "coin_transfer",
  "contract_interaction",
  "contract_creation",
  "ERC-20",
  "ERC-404",
  "ERC-721",
  "ERC-1155",
  "ERC-7984"
] as const

/**
 * One item of the advanced filter feed: a transaction, an internal transaction or a token transfer, told apart
 * by its indexes: `internal_transaction_index` is set for an internal transaction, `token_transfer_index` (the
 * log index) for a token transfer, neither for the transaction itself.
 *
 * `hash` is always the transaction's; `value` is the coin amount moved (wei, null for token transfers), `total`
 * and `token` describe a token transfer (null otherwise). `fee` is the transaction's fee on the first of its
 * items on a page (zero on the following ones), and an internal transaction's own gas times the gas price.
 *
 * Gotchas: `status` (`success`, `pending`, or the error, like a transaction's `result`) arrived in 9.2.0;
 * `type` is an open string (see {@link AdvancedFilterTypeValues}).
 *
 * @since 0.1.0
 * @category resources
 */
export const AdvancedFilterItem = Schema.Struct({
  hash: Hash,
  type: Schema.String,
  status: absent(Schema.String),
  method: nullable(Schema.String),
  from: nullable(Address),
  to: nullable(Address),
  created_contract: nullable(Address),
  value: nullable(IntegerQuantity),
  total: nullable(TokenTransferTotal),
  token: nullable(Token),
  timestamp: Timestamp,
  block_number: Count,
  transaction_index: Count,
  internal_transaction_index: nullable(Count),
  token_transfer_index: nullable(Count),
  token_transfer_batch_index: nullable(Count),
  fee: IntegerQuantity
}).annotate({ identifier: "AdvancedFilterItem" })
/**
 * A decoded advanced filter item.
 *
 * @since 0.1.0
 * @category resources
 */
export interface AdvancedFilterItem extends Schema.Schema.Type<typeof AdvancedFilterItem> {}

/**
 * What the server resolved from the request's filters: method selectors to names (`{"0xa9059cbb": "transfer"}`)
 * and token contract addresses to their tokens.
 *
 * @since 0.1.0
 * @category resources
 */
export const AdvancedFilterSearchParams = Schema.Struct({
  methods: StringRecord(Schema.String),
  tokens: StringRecord(Token)
}).annotate({ identifier: "AdvancedFilterSearchParams" })
/**
 * Decoded advanced filter search params.
 *
 * @since 0.1.0
 * @category resources
 */
export interface AdvancedFilterSearchParams extends Schema.Schema.Type<typeof AdvancedFilterSearchParams> {}

/**
 * One entry of `GET /advanced-filters/methods`: a method's 4-byte selector and its name, for a `methods`
 * filter. Without `q` the server lists the methods it suggests (transfer, approve, ...); with `q` the methods
 * whose name or selector matches.
 *
 * @since 0.1.0
 * @category resources
 */
export const AdvancedFilterMethod = Schema.Struct({
  method_id: Schema.String,
  name: Schema.String
}).annotate({ identifier: "AdvancedFilterMethod" })
/**
 * A decoded advanced filter method.
 *
 * @since 0.1.0
 * @category resources
 */
export interface AdvancedFilterMethod extends Schema.Schema.Type<typeof AdvancedFilterMethod> {}
