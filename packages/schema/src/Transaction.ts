/**
 * The Transaction object (docs/blockscout-api.md §2.5).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { DecodedInput, RevertReason } from "./DecodedInput.ts"
import { absent, nullable, objectAsNull, optional, withRenames } from "./internal/fields.ts"
import {
  AddressHash,
  Count,
  Decimal,
  Hash,
  HexData,
  IntegerQuantity,
  IntegerQuantityNumber,
  Timestamp,
  TokenId
} from "./Primitives.ts"
import { TokenTransfer } from "./TokenTransfer.ts"

/**
 * The transaction types of docs/blockscout-api.md §2.5: the values of the E4 `type` filter.
 *
 * Decoded `transaction_types` may hold others (`blob_transaction`, `set_code_transaction`, chain-specific ones).
 */
export const TransactionTypeValues = [
  "token_transfer",
  "contract_creation",
  "contract_call",
  "token_creation",
  "coin_transfer"
] as const
/** One of {@link TransactionTypeValues}. */
export type TransactionType = (typeof TransactionTypeValues)[number]

/**
 * The transaction statuses of docs/blockscout-api.md §3 (`ok`, `error`); a decoded `status` of null means pending.
 */
export const TransactionStatusValues = ["ok", "error"] as const

/**
 * Transaction status: a string, `ok` or `error` today ({@link TransactionStatusValues}); null means pending.
 *
 * Not a closed set: the hand-written per-instance spec declares a plain string, so a value a newer server
 * adds decodes instead of failing the page. Compare with `=== "ok"`.
 */
export const TransactionStatus = Schema.String

/**
 * The fee types of docs/blockscout-api.md §3: `maximum` while pending, `actual` once included.
 */
export const FeeTypeValues = ["maximum", "actual"] as const

/**
 * A transaction fee: `type` is `maximum` while pending, `actual` once included ({@link FeeTypeValues}); a
 * plain string, since the hand-written per-instance spec declares one.
 */
export const Fee = Schema.Struct({
  type: Schema.String,
  value: nullable(IntegerQuantity)
}).annotate({ identifier: "Fee" })

/**
 * The `data` of a protocol action. Which keys occur depends on the action: liquidations carry `debt_*` and
 * `collateral_*`; borrow/supply/withdraw/repay `amount`, `symbol`, `address`; Uniswap mints `name`, `to`, `ids`;
 * burns/collects/swaps `address0/1`, `amount0/1`, `symbol0/1`. Amounts are decimal strings in token units.
 */
export const TransactionActionData = Schema.Struct({
  debt_amount: absent(Decimal),
  debt_symbol: absent(Schema.String),
  debt_address: absent(AddressHash),
  collateral_amount: absent(Decimal),
  collateral_symbol: absent(Schema.String),
  collateral_address: absent(AddressHash),
  amount: absent(Decimal),
  symbol: absent(Schema.String),
  name: absent(Schema.String),
  address: absent(AddressHash),
  to: absent(AddressHash),
  ids: absent(Schema.Array(TokenId)),
  address0: absent(AddressHash),
  address1: absent(AddressHash),
  amount0: absent(Decimal),
  amount1: absent(Decimal),
  symbol0: absent(Schema.String),
  symbol1: absent(Schema.String),
  block_number: absent(Count)
}).annotate({ identifier: "TransactionActionData" })

/**
 * A protocol action a transaction performed (an Aave liquidation, a Uniswap swap, ...).
 */
export const TransactionAction = Schema.Struct({
  protocol: Schema.String,
  type: Schema.String,
  data: TransactionActionData
}).annotate({ identifier: "TransactionAction" })

/**
 * An EIP-7702 authorization of a set-code transaction.
 */
export const SignedAuthorization = Schema.Struct({
  address_hash: AddressHash,
  authority: AddressHash,
  chain_id: Count,
  nonce: IntegerQuantity,
  r: IntegerQuantity,
  s: IntegerQuantity,
  v: Count,
  status: optional(Schema.String)
}).annotate({ identifier: "SignedAuthorization" })

/**
 * A transaction.
 *
 * Null means "not known yet" for pending transactions (`block_number`, `timestamp`, `status`, gas and fee
 * fields). `to` is null for contract creations, which set `created_contract`. `token_transfers` is null in list
 * endpoints. Older servers' `tx_types`, `tx_tag`, `has_error_in_internal_txs` are accepted.
 */
export const Transaction = withRenames(
  Schema.Struct({
    hash: Hash,
    block_number: nullable(Count),
    timestamp: nullable(Timestamp),
    status: nullable(TransactionStatus),
    result: Schema.String,
    method: nullable(Schema.String),
    confirmations: Count,
    // An object (the per-instance docs spec declares `type: object`, with an array example) decodes to null.
    confirmation_duration: Schema.Union([
      Schema.Null,
      Schema.Array(Schema.Finite),
      objectAsNull(() => true, "an object")
    ]),
    type: nullable(Count),
    nonce: Count,
    position: nullable(Count),
    from: Address,
    to: nullable(Address),
    created_contract: nullable(Address),
    value: IntegerQuantity,
    fee: Fee,
    gas_limit: IntegerQuantityNumber,
    gas_used: nullable(IntegerQuantity),
    gas_price: nullable(IntegerQuantity),
    base_fee_per_gas: nullable(IntegerQuantity),
    max_fee_per_gas: nullable(IntegerQuantity),
    max_priority_fee_per_gas: nullable(IntegerQuantity),
    priority_fee: nullable(IntegerQuantity),
    transaction_burnt_fee: nullable(IntegerQuantity),
    exchange_rate: nullable(Decimal),
    historic_exchange_rate: optional(Decimal),
    raw_input: HexData,
    decoded_input: nullable(DecodedInput),
    revert_reason: nullable(RevertReason),
    token_transfers: nullable(Schema.Array(TokenTransfer)),
    token_transfers_overflow: nullable(Schema.Boolean),
    transaction_types: Schema.Array(Schema.String),
    transaction_tag: nullable(Schema.String),
    has_error_in_internal_transactions: nullable(Schema.Boolean),
    actions: optional(Schema.Array(TransactionAction)),
    authorization_list: optional(Schema.Array(SignedAuthorization)),
    is_pending_update: optional(Schema.Boolean)
  }),
  {
    tx_types: "transaction_types",
    tx_tag: "transaction_tag",
    has_error_in_internal_txs: "has_error_in_internal_transactions"
  },
  "Transaction"
)
/** A decoded Transaction. */
export type Transaction = typeof Transaction.Type
