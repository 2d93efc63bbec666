/**
 * A transaction's protocol actions (`actions`): what an Aave liquidation, a Uniswap swap or mint did, as the
 * server's action indexer describes it.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent } from "./internal/fields.ts"
import { AddressHash } from "./Primitives.ts"
import { Count, Decimal, TokenId } from "./Quantities.ts"
import type { StructResource } from "./Resource.ts"

const TransactionActionDataSchema = Schema.Struct({
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
 * A decoded {@link TransactionActionData}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionActionData extends Schema.Schema.Type<typeof TransactionActionDataSchema> {}
/**
 * A TransactionActionData as written on the wire (what {@link TransactionActionData} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionActionDataEncoded extends Schema.Codec.Encoded<typeof TransactionActionDataSchema> {}
/**
 * The `data` of a protocol action. Which keys occur depends on the action: liquidations carry `debt_*` and
 * `collateral_*`; borrow/supply/withdraw/repay `amount`, `symbol`, `address`; Uniswap mints `name`, `to`, `ids`;
 * burns/collects/swaps `address0/1`, `amount0/1`, `symbol0/1`. Amounts are decimal strings in token units.
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionActionData: StructResource<
  TransactionActionData,
  TransactionActionDataEncoded,
  typeof TransactionActionDataSchema.fields
> = TransactionActionDataSchema

const TransactionActionSchema = Schema.Struct({
  protocol: Schema.String,
  type: Schema.String,
  data: TransactionActionData
}).annotate({ identifier: "TransactionAction" })
/**
 * A decoded {@link TransactionAction}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionAction extends Schema.Schema.Type<typeof TransactionActionSchema> {}
/**
 * A TransactionAction as written on the wire (what {@link TransactionAction} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionActionEncoded extends Schema.Codec.Encoded<typeof TransactionActionSchema> {}
/**
 * A protocol action a transaction performed (an Aave liquidation, a Uniswap swap, ...).
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionAction: StructResource<
  TransactionAction,
  TransactionActionEncoded,
  typeof TransactionActionSchema.fields
> = TransactionActionSchema
