/**
 * Rollup settlement objects that chain-type servers add to transactions and blocks: where an L2 item stands
 * on its way to L1 (Arbitrum, zkSync, Scroll). Read from the backend's `arbitrum_view.ex`, `zksync_view.ex`
 * and `scroll_view.ex`.
 *
 * Every key is optional and nullable: these objects are display extras, and their keys came and went between
 * versions; a key the schema does not know is dropped. Statuses are open strings (the values known today are
 * in each doc comment).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Fee } from "./Fee.ts"
import { optional, withRenames } from "./internal/fields.ts"
import type { RenamedResource, StructResource } from "./Resource.ts"
import { Hash, Timestamp } from "./Primitives.ts"
import { Count, IntegerQuantity, IntegerQuantityNumber } from "./Quantities.ts"

const ArbitrumL1TransactionSchema = Schema.Struct({
  hash: optional(Hash),
  block_number: optional(Count),
  timestamp: optional(Timestamp),
  status: optional(Schema.String)
}).annotate({ identifier: "ArbitrumL1Transaction" })
/**
 * A decoded {@link ArbitrumL1Transaction}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ArbitrumL1Transaction extends Schema.Schema.Type<typeof ArbitrumL1TransactionSchema> {}
/**
 * A ArbitrumL1Transaction as written on the wire (what {@link ArbitrumL1Transaction} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ArbitrumL1TransactionEncoded extends Schema.Codec.Encoded<typeof ArbitrumL1TransactionSchema> {}
/**
 * An Arbitrum L1 transaction that committed or confirmed a batch: `status` is `unfinalized` or `finalized`.
 *
 * @since 0.1.0
 * @category chain types
 */
export const ArbitrumL1Transaction: StructResource<
  ArbitrumL1Transaction,
  ArbitrumL1TransactionEncoded,
  typeof ArbitrumL1TransactionSchema.fields
> = ArbitrumL1TransactionSchema

const ArbitrumMessageSchema = withRenames(
  Schema.Struct({
    message_id: optional(Count),
    associated_l1_transaction_hash: optional(Hash),
    message_status: optional(Schema.String)
  }),
  // Before 9.0.0 the hash was `associated_l1_transaction` (backend 5a95e1916c).
  { associated_l1_transaction: "associated_l1_transaction_hash" },
  "ArbitrumMessage"
)
/**
 * A decoded {@link ArbitrumMessage}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ArbitrumMessage extends Schema.Schema.Type<typeof ArbitrumMessageSchema> {}
/**
 * An ArbitrumMessage as written on the wire (what {@link ArbitrumMessage} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ArbitrumMessageEncoded extends Schema.Codec.Encoded<typeof ArbitrumMessageSchema> {}
/**
 * The L1 <-> L2 message an Arbitrum transaction carries: `message_status` is `Syncing with base layer`,
 * `Relayed`, `Settlement pending`, `Waiting for confirmation` or `Ready for relay`.
 *
 * @since 0.1.0
 * @category chain types
 */
export const ArbitrumMessage: RenamedResource<
  ArbitrumMessage,
  ArbitrumMessageEncoded,
  typeof ArbitrumMessageSchema.to.fields
> = ArbitrumMessageSchema

const ArbitrumInfoSchema = Schema.Struct({
  batch_number: optional(Count),
  batch_data_container: optional(Schema.String),
  status: optional(Schema.String),
  commitment_transaction: optional(ArbitrumL1Transaction),
  confirmation_transaction: optional(ArbitrumL1Transaction),
  // Transactions only.
  contains_message: optional(Schema.String),
  message_related_info: optional(ArbitrumMessage),
  gas_used_for_l1: optional(IntegerQuantity),
  gas_used_for_l2: optional(IntegerQuantity),
  poster_fee: optional(IntegerQuantity),
  network_fee: optional(IntegerQuantity),
  // Blocks only.
  delayed_messages: optional(Count),
  l1_block_number: optional(Count),
  send_count: optional(Count),
  send_root: optional(Hash)
}).annotate({ identifier: "ArbitrumInfo" })
/**
 * A decoded {@link ArbitrumInfo}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ArbitrumInfo extends Schema.Schema.Type<typeof ArbitrumInfoSchema> {}
/**
 * An ArbitrumInfo as written on the wire (what {@link ArbitrumInfo} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ArbitrumInfoEncoded extends Schema.Codec.Encoded<typeof ArbitrumInfoSchema> {}
/**
 * The `arbitrum` object of a transaction or block (Arbitrum chain type): its batch and the L1 transactions
 * that committed and confirmed it; for transactions the L1 gas and fee split (`poster_fee` pays L1,
 * `network_fee` L2, in wei) and any cross-layer message (`contains_message`: `incoming` or `outcoming`); for
 * blocks the L1 block and the send root.
 *
 * `status`: `Confirmed on base`, `Sent to base`, `Sealed on rollup`, `Processed on rollup`.
 *
 * @since 0.1.0
 * @category chain types
 */
export const ArbitrumInfo: StructResource<ArbitrumInfo, ArbitrumInfoEncoded, typeof ArbitrumInfoSchema.fields> =
  ArbitrumInfoSchema

const ZkSyncInfoSchema = Schema.Struct({
  batch_number: optional(Count),
  status: optional(Schema.String),
  commit_transaction_hash: optional(Hash),
  commit_transaction_timestamp: optional(Timestamp),
  prove_transaction_hash: optional(Hash),
  prove_transaction_timestamp: optional(Timestamp),
  execute_transaction_hash: optional(Hash),
  execute_transaction_timestamp: optional(Timestamp)
}).annotate({ identifier: "ZkSyncInfo" })
/**
 * A decoded {@link ZkSyncInfo}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ZkSyncInfo extends Schema.Schema.Type<typeof ZkSyncInfoSchema> {}
/**
 * A ZkSyncInfo as written on the wire (what {@link ZkSyncInfo} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ZkSyncInfoEncoded extends Schema.Codec.Encoded<typeof ZkSyncInfoSchema> {}
/**
 * The `zksync` object of a transaction or block (zkSync chain type): its batch and the L1 transactions that
 * committed, proved and executed it. `status`: `Executed on L1`, `Validated on L1`, `Sent to L1`,
 * `Sealed on L2`, `Processed on L2`.
 *
 * @since 0.1.0
 * @category chain types
 */
export const ZkSyncInfo: StructResource<ZkSyncInfo, ZkSyncInfoEncoded, typeof ZkSyncInfoSchema.fields> =
  ZkSyncInfoSchema

const ScrollInfoSchema = Schema.Struct({
  l1_fee: optional(IntegerQuantity),
  queue_index: optional(Count),
  l1_fee_scalar: optional(IntegerQuantityNumber),
  l1_fee_commit_scalar: optional(IntegerQuantityNumber),
  l1_fee_blob_scalar: optional(IntegerQuantityNumber),
  l1_fee_overhead: optional(IntegerQuantityNumber),
  l1_base_fee: optional(IntegerQuantityNumber),
  l1_blob_base_fee: optional(IntegerQuantityNumber),
  l1_gas_used: optional(IntegerQuantityNumber),
  l2_fee: optional(Fee),
  l2_block_status: optional(Schema.String)
}).annotate({ identifier: "ScrollInfo" })
/**
 * A decoded {@link ScrollInfo}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ScrollInfo extends Schema.Schema.Type<typeof ScrollInfoSchema> {}
/**
 * A ScrollInfo as written on the wire (what {@link ScrollInfo} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ScrollInfoEncoded extends Schema.Codec.Encoded<typeof ScrollInfoSchema> {}
/**
 * The `scroll` object of a transaction (Scroll chain type, 7.0.0+): the L1 fee in wei and the parameters it was
 * computed from (the server writes the scalars and base fees as JSON numbers; decoded exactly to `bigint`), the
 * L2 fee, and `l2_block_status`: `Committed`, `Finalized` or `Confirmed by Sequencer`. `queue_index` is set on
 * L1-to-L2 messages. Absent on pending transactions.
 *
 * @since 0.1.0
 * @category chain types
 */
export const ScrollInfo: StructResource<ScrollInfo, ScrollInfoEncoded, typeof ScrollInfoSchema.fields> =
  ScrollInfoSchema
