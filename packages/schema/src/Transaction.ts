/**
 * The Transaction object (docs/blockscout-api.md §2.5).
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import { Address } from "./Address.ts"
import { DecodedInput, RevertReason } from "./DecodedInput.ts"
import { Fee } from "./Fee.ts"
import { invalid, registerFast } from "./internal/compile.ts"
import { nullable, objectAsNull, optional, withRenames } from "./internal/fields.ts"
import type { RenamedResource, StructResource } from "./Resource.ts"
import { AddressHash, Hash, HexData, JsonObject, Timestamp } from "./Primitives.ts"
import { Count, Decimal, IntegerQuantity, IntegerQuantityNumber } from "./Quantities.ts"
import { ArbitrumInfo, ScrollInfo, ZkSyncInfo } from "./Rollup.ts"
import { TokenTransfer } from "./TokenTransfer.ts"
import { TransactionAction } from "./TransactionAction.ts"
import {
  CeloTransactionInfo,
  EdenCall,
  OpInteropMessage,
  OpWithdrawal,
  StabilityFee,
  SuaveWrapped,
  ZilliqaTransactionInfo
} from "./TransactionChainTypes.ts"

/**
 * The transaction types of docs/blockscout-api.md §2.5: the values of the E4 `type` filter.
 *
 * Decoded `transaction_types` may hold others (`blob_transaction`, `set_code_transaction`, chain-specific ones).
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionTypeValues = [
  "token_transfer",
  "contract_creation",
  "contract_call",
  "token_creation",
  "coin_transfer"
] as const
/**
 * One of {@link TransactionTypeValues}.
 *
 * @since 0.1.0
 * @category resources
 */
export type TransactionType = (typeof TransactionTypeValues)[number]

/**
 * The transaction statuses of docs/blockscout-api.md §3 (`ok`, `error`); a decoded `status` of null means pending.
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionStatusValues = ["ok", "error"] as const

/**
 * Transaction status: a string, `ok` or `error` today ({@link TransactionStatusValues}); null means pending.
 *
 * Not a closed set: the hand-written per-instance spec declares a plain string, so a value a newer server
 * adds decodes instead of failing the page. Compare with `=== "ok"`.
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionStatus = Schema.String

// An authority the server could not recover: it writes `""` (Address.checksum(nil)); decoded to null.
const UnrecoveredAuthority = Schema.Literal("").pipe(
  Schema.decodeTo(Schema.Null, {
    decode: SchemaGetter.transform((): null => null),
    encode: SchemaGetter.transform((): "" => "")
  })
)
registerFast(UnrecoveredAuthority, () => (u) => (u === "" ? null : invalid))

const SignedAuthorizationSchema = Schema.Struct({
  address_hash: AddressHash,
  authority: Schema.Union([AddressHash, UnrecoveredAuthority, Schema.Null]),
  chain_id: IntegerQuantityNumber,
  nonce: IntegerQuantity,
  r: IntegerQuantity,
  s: IntegerQuantity,
  v: Count,
  status: optional(Schema.String)
}).annotate({ identifier: "SignedAuthorization" })
/**
 * A decoded {@link SignedAuthorization}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SignedAuthorization extends Schema.Schema.Type<typeof SignedAuthorizationSchema> {}
/**
 * A SignedAuthorization as written on the wire (what {@link SignedAuthorization} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface SignedAuthorizationEncoded extends Schema.Codec.Encoded<typeof SignedAuthorizationSchema> {}
/**
 * An EIP-7702 authorization of a set-code transaction (6.9.0+).
 *
 * `authority` (the signer) is null when the server could not recover it (it sends `""`). `chain_id` is any
 * uint256 (servers send it as a string since it is stored as a decimal; 0 means any chain), decoded to
 * `bigint`. `status`: `ok`, `invalid_chain_id`, `invalid_signature`, `invalid_nonce`, or null before validation.
 *
 * @since 0.1.0
 * @category resources
 */
export const SignedAuthorization: StructResource<
  SignedAuthorization,
  SignedAuthorizationEncoded,
  typeof SignedAuthorizationSchema.fields
> = SignedAuthorizationSchema

const TransactionSchema = withRenames(
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
    // Absent before 5.1.4.
    has_error_in_internal_transactions: optional(Schema.Boolean),
    // 5.1.0 to 10.x.
    actions: optional(Schema.Array(TransactionAction)),
    authorization_list: optional(Schema.Array(SignedAuthorization)),
    is_pending_update: optional(Schema.Boolean),
    fhe_operations_count: optional(Count),
    // Ethereum chain type: blob (EIP-4844) transactions.
    max_fee_per_blob_gas: optional(IntegerQuantity),
    blob_versioned_hashes: optional(Schema.Array(Hash)),
    blob_gas_used: optional(IntegerQuantity),
    blob_gas_price: optional(IntegerQuantity),
    burnt_blob_fee: optional(IntegerQuantity),
    // OP stack (Optimism chain type; single-transaction responses).
    l1_fee: optional(IntegerQuantity),
    l1_fee_scalar: optional(Decimal),
    l1_gas_price: optional(IntegerQuantity),
    l1_gas_used: optional(IntegerQuantity),
    da_footprint_gas_scalar: optional(Decimal),
    operator_fee: optional(IntegerQuantity),
    op_withdrawals: optional(Schema.Array(OpWithdrawal)),
    op_interop_messages: optional(Schema.Array(OpInteropMessage)),
    // 9.x wrote the first message alone too (10.0.0 dropped it for op_interop_messages).
    op_interop: optional(OpInteropMessage),
    // Rollup settlement (single-transaction responses).
    arbitrum: optional(ArbitrumInfo),
    zksync: optional(ZkSyncInfo),
    scroll: optional(ScrollInfo),
    // Other chain types.
    celo: optional(CeloTransactionInfo),
    stability_fee: optional(StabilityFee),
    fee_payer: optional(Address),
    calls: optional(Schema.Array(EdenCall)),
    allowed_peekers: optional(Schema.Array(AddressHash)),
    execution_node: optional(Address),
    wrapped: optional(SuaveWrapped),
    zilliqa: optional(ZilliqaTransactionInfo),
    // Chain types the backend has dropped, on the servers still running them: Polygon zkEVM (until 10.x) and
    // Polygon Edge's bridge records (until 9.0.x, free-form), single-transaction responses.
    zkevm_batch_number: optional(Count),
    zkevm_sequence_hash: optional(Hash),
    zkevm_verify_hash: optional(Hash),
    zkevm_status: optional(Schema.String),
    polygon_edge_deposit: optional(JsonObject),
    polygon_edge_withdrawal: optional(JsonObject)
  }),
  {
    // 6.9.0 added the new names, 6.10.0 dropped the old ones (backend b030792cf1, 2720b128ac).
    block: "block_number",
    tx_types: "transaction_types",
    tx_tag: "transaction_tag",
    has_error_in_internal_txs: "has_error_in_internal_transactions",
    // 6.10.1 added `transaction_burnt_fee`, 8.0.0 dropped `tx_burnt_fee` (backend 2b733597a0, 5bcb2a3716).
    tx_burnt_fee: "transaction_burnt_fee"
  },
  "Transaction"
)
/**
 * A decoded Transaction.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Transaction extends Schema.Schema.Type<typeof TransactionSchema> {}
/**
 * A Transaction as written on the wire (what {@link Transaction} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionEncoded extends Schema.Codec.Encoded<typeof TransactionSchema> {}
/**
 * A transaction.
 *
 * Null means "not known yet" for pending transactions (`block_number`, `timestamp`, `status`, gas and fee
 * fields). `to` is null for contract creations, which set `created_contract`. `token_transfers` is null in list
 * endpoints. Servers before 6.10 wrote `block`, `tx_types`, `tx_tag`, `has_error_in_internal_txs`, and before
 * 8.0 `tx_burnt_fee`: all decode to today's names.
 *
 * Chain-type extras, present only on servers of that chain type (see the package README's coverage table):
 * blob fields (Ethereum), `l1_*` fees, `operator_fee`, `op_withdrawals`, `op_interop_messages` (OP stack),
 * `arbitrum`, `zksync`, `scroll` (rollup settlement), `celo.gas_token` (the fee's token: null means CELO),
 * `stability_fee`, `fee_payer` and `calls` (Eden sponsored and batched transactions), Suave's
 * `allowed_peekers`, `execution_node`, `wrapped`, `zilliqa`; and on servers of chain types the backend has since
 * dropped, Polygon zkEVM's `zkevm_*` and Polygon Edge's bridge records.
 *
 * @since 0.1.0
 * @category resources
 */
export const Transaction: RenamedResource<Transaction, TransactionEncoded, typeof TransactionSchema.to.fields> =
  TransactionSchema
