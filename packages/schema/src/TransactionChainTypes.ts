/**
 * Objects that chain-type servers add to a transaction: OP-stack withdrawals and interop messages, Stability's
 * fee split, Eden's batched calls, Suave's wrapped transaction, Celo's gas token, Zilliqa's Scilla flag. Read
 * from the backend's `optimism_view.ex`, `stability_view.ex`, `eden_view.ex`, `suave_view.ex`, `celo_view.ex`
 * and `zilliqa_view.ex` (the rollup settlement objects are in `Rollup.ts`).
 *
 * Keys inside these objects are optional and nullable (display extras whose keys changed between versions).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { DecodedInput } from "./DecodedInput.ts"
import { Fee } from "./Fee.ts"
import { optional } from "./internal/fields.ts"
import { AddressHash, Hash, HexData, JsonObject } from "./Primitives.ts"
import { Count, IntegerQuantity, IntegerQuantityNumber } from "./Quantities.ts"
import { Token } from "./Token.ts"
import type { StructResource } from "./Resource.ts"

const OpWithdrawalSchema = Schema.Struct({
  // A JSON integer (the 10.x spec) of up to 256 bits: a bigint, exact through decodeResponseText.
  nonce: optional(IntegerQuantityNumber),
  status: optional(Schema.String),
  l1_transaction_hash: optional(Hash),
  portal_contract_address_hash: optional(AddressHash),
  msg_nonce_raw: optional(IntegerQuantity),
  msg_sender_address_hash: optional(AddressHash),
  msg_target_address_hash: optional(AddressHash),
  msg_value: optional(IntegerQuantity),
  msg_gas_limit: optional(IntegerQuantity),
  msg_data: optional(HexData)
}).annotate({ identifier: "OpWithdrawal" })
/**
 * A decoded {@link OpWithdrawal}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface OpWithdrawal extends Schema.Schema.Type<typeof OpWithdrawalSchema> {}
/**
 * An OpWithdrawal as written on the wire (what {@link OpWithdrawal} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface OpWithdrawalEncoded extends Schema.Codec.Encoded<typeof OpWithdrawalSchema> {}
/**
 * An L2-to-L1 withdrawal an OP-stack transaction started (`op_withdrawals`): its nonce, status (`Waiting for
 * state root`, `Ready to prove`, `In challenge period`, `Ready for relay`, `Relayed`, ...) and the L1
 * transaction that finalized it; 10.0.0+ add the message fields (`msg_*`) and the portal contract.
 *
 * @since 0.1.0
 * @category chain types
 */
export const OpWithdrawal: StructResource<OpWithdrawal, OpWithdrawalEncoded, typeof OpWithdrawalSchema.fields> =
  OpWithdrawalSchema

const OpInteropMessageSchema = Schema.Struct({
  unique_id: optional(Schema.String),
  nonce: optional(Count),
  status: optional(Schema.String),
  sender_address_hash: optional(AddressHash),
  target_address_hash: optional(AddressHash),
  payload: optional(HexData),
  relay_chain: optional(JsonObject),
  relay_transaction_hash: optional(Hash),
  init_chain: optional(JsonObject),
  init_transaction_hash: optional(Hash)
}).annotate({ identifier: "OpInteropMessage" })
/**
 * A decoded {@link OpInteropMessage}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface OpInteropMessage extends Schema.Schema.Type<typeof OpInteropMessageSchema> {}
/**
 * An OpInteropMessage as written on the wire (what {@link OpInteropMessage} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface OpInteropMessageEncoded extends Schema.Codec.Encoded<typeof OpInteropMessageSchema> {}
/**
 * A cross-chain (OP Superchain interop) message a transaction sent or relayed (`op_interop_messages`, 9.0.0+):
 * `status` is `Sent`, `Relayed` or `Failed`; the other chain is `relay_chain` (messages sent) or `init_chain`
 * (messages relayed), free-form instance info.
 *
 * @since 0.1.0
 * @category chain types
 */
export const OpInteropMessage: StructResource<
  OpInteropMessage,
  OpInteropMessageEncoded,
  typeof OpInteropMessageSchema.fields
> = OpInteropMessageSchema

const StabilityFeeSchema = Schema.Struct({
  token: optional(Token),
  validator_address: optional(Address),
  dapp_address: optional(Address),
  total_fee: optional(IntegerQuantity),
  dapp_fee: optional(IntegerQuantity),
  validator_fee: optional(IntegerQuantity)
}).annotate({ identifier: "StabilityFee" })
/**
 * A decoded {@link StabilityFee}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface StabilityFee extends Schema.Schema.Type<typeof StabilityFeeSchema> {}
/**
 * A StabilityFee as written on the wire (what {@link StabilityFee} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface StabilityFeeEncoded extends Schema.Codec.Encoded<typeof StabilityFeeSchema> {}
/**
 * How a Stability chain transaction's fee was paid and split (`stability_fee`): the fee token, and the shares
 * of the validator and the dapp, in the token's smallest unit.
 *
 * @since 0.1.0
 * @category chain types
 */
export const StabilityFee: StructResource<StabilityFee, StabilityFeeEncoded, typeof StabilityFeeSchema.fields> =
  StabilityFeeSchema

const EdenCallSchema = Schema.Struct({
  to: optional(AddressHash),
  value: optional(IntegerQuantity),
  input: optional(HexData)
}).annotate({ identifier: "EdenCall" })
/**
 * A decoded {@link EdenCall}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface EdenCall extends Schema.Schema.Type<typeof EdenCallSchema> {}
/**
 * An EdenCall as written on the wire (what {@link EdenCall} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface EdenCallEncoded extends Schema.Codec.Encoded<typeof EdenCallSchema> {}
/**
 * One call of an Eden batched transaction (`calls`): the transaction's own `to` and `value` are derived from
 * the first call and the sum of all calls.
 *
 * @since 0.1.0
 * @category chain types
 */
export const EdenCall: StructResource<EdenCall, EdenCallEncoded, typeof EdenCallSchema.fields> = EdenCallSchema

const SuaveWrappedSchema = Schema.Struct({
  type: optional(Count),
  nonce: optional(Count),
  to: optional(Address),
  gas_limit: optional(IntegerQuantity),
  gas_price: optional(IntegerQuantity),
  fee: optional(Fee),
  max_priority_fee_per_gas: optional(IntegerQuantity),
  max_fee_per_gas: optional(IntegerQuantity),
  value: optional(IntegerQuantity),
  hash: optional(Hash),
  method: optional(Schema.String),
  decoded_input: optional(DecodedInput),
  raw_input: optional(HexData)
}).annotate({ identifier: "SuaveWrapped" })
/**
 * A decoded {@link SuaveWrapped}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface SuaveWrapped extends Schema.Schema.Type<typeof SuaveWrappedSchema> {}
/**
 * A SuaveWrapped as written on the wire (what {@link SuaveWrapped} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface SuaveWrappedEncoded extends Schema.Codec.Encoded<typeof SuaveWrappedSchema> {}
/**
 * The transaction a Suave confidential compute request wraps (`wrapped`, Suave chain type).
 *
 * @since 0.1.0
 * @category chain types
 */
export const SuaveWrapped: StructResource<SuaveWrapped, SuaveWrappedEncoded, typeof SuaveWrappedSchema.fields> =
  SuaveWrappedSchema

const CeloTransactionInfoSchema = Schema.Struct({
  gas_token: optional(Token)
}).annotate({ identifier: "CeloTransactionInfo" })
/**
 * A decoded {@link CeloTransactionInfo}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface CeloTransactionInfo extends Schema.Schema.Type<typeof CeloTransactionInfoSchema> {}
/**
 * A CeloTransactionInfo as written on the wire (what {@link CeloTransactionInfo} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface CeloTransactionInfoEncoded extends Schema.Codec.Encoded<typeof CeloTransactionInfoSchema> {}
/**
 * The `celo` object of a transaction (Celo): `gas_token` is the token the fee was paid in, null when paid in
 * CELO. Without it a fee reads as CELO: check it before converting `fee.value`.
 *
 * @since 0.1.0
 * @category chain types
 */
export const CeloTransactionInfo: StructResource<
  CeloTransactionInfo,
  CeloTransactionInfoEncoded,
  typeof CeloTransactionInfoSchema.fields
> = CeloTransactionInfoSchema

const ZilliqaTransactionInfoSchema = Schema.Struct({
  is_scilla: optional(Schema.Boolean)
}).annotate({ identifier: "ZilliqaTransactionInfo" })
/**
 * A decoded {@link ZilliqaTransactionInfo}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ZilliqaTransactionInfo extends Schema.Schema.Type<typeof ZilliqaTransactionInfoSchema> {}
/**
 * A ZilliqaTransactionInfo as written on the wire (what {@link ZilliqaTransactionInfo} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ZilliqaTransactionInfoEncoded extends Schema.Codec.Encoded<typeof ZilliqaTransactionInfoSchema> {}
/**
 * The `zilliqa` object of a transaction (Zilliqa): whether it is a Scilla (not EVM) transaction.
 *
 * @since 0.1.0
 * @category chain types
 */
export const ZilliqaTransactionInfo: StructResource<
  ZilliqaTransactionInfo,
  ZilliqaTransactionInfoEncoded,
  typeof ZilliqaTransactionInfoSchema.fields
> = ZilliqaTransactionInfoSchema
