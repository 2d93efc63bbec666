/**
 * Objects that chain-type servers add to a block: the OP-stack batch it was posted in, Celo's epoch and
 * base-fee routing, Zilliqa's quorum certificates. Read from the backend's `optimism_view.ex`, `celo_view.ex`
 * and `zilliqa_view.ex` (Arbitrum and zkSync settlement objects are in `Rollup.ts`).
 *
 * Keys inside these objects are optional and nullable (display extras whose keys changed between versions).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { optional } from "./internal/fields.ts"
import type { StructResource } from "./Resource.ts"
import { Hash, HexData, Timestamp } from "./Primitives.ts"
import { Count, Decimal, DecimalNumber } from "./Quantities.ts"
import { Token } from "./Token.ts"

const OptimismBlobSchema = Schema.Struct({
  hash: optional(Hash),
  l1_transaction_hash: optional(Hash),
  l1_timestamp: optional(Timestamp),
  // Celestia.
  height: optional(Count),
  namespace: optional(Schema.String),
  commitment: optional(Schema.String),
  // EigenDA.
  cert: optional(Schema.String)
}).annotate({ identifier: "OptimismBlob" })
/**
 * A decoded {@link OptimismBlob}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface OptimismBlob extends Schema.Schema.Type<typeof OptimismBlobSchema> {}
/**
 * An OptimismBlob as written on the wire (what {@link OptimismBlob} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface OptimismBlobEncoded extends Schema.Codec.Encoded<typeof OptimismBlobSchema> {}
/**
 * Where an OP-stack batch's data lives: an EIP-4844 blob (`hash`), a Celestia blob (`height`, `namespace`,
 * `commitment`), an EigenDA certificate (`cert`) or an alt-DA commitment, with the L1 transaction that posted it.
 *
 * @since 0.1.0
 * @category chain types
 */
export const OptimismBlob: StructResource<OptimismBlob, OptimismBlobEncoded, typeof OptimismBlobSchema.fields> =
  OptimismBlobSchema

const OptimismBatchInfoSchema = Schema.Struct({
  number: optional(Count),
  l1_timestamp: optional(Timestamp),
  l1_transaction_hashes: optional(Schema.Array(Hash)),
  batch_data_container: optional(Schema.String),
  blobs: optional(Schema.Array(OptimismBlob))
}).annotate({ identifier: "OptimismBatchInfo" })
/**
 * A decoded {@link OptimismBatchInfo}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface OptimismBatchInfo extends Schema.Schema.Type<typeof OptimismBatchInfoSchema> {}
/**
 * An OptimismBatchInfo as written on the wire (what {@link OptimismBatchInfo} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface OptimismBatchInfoEncoded extends Schema.Codec.Encoded<typeof OptimismBatchInfoSchema> {}
/**
 * The `optimism` object of a block (OP stack, single-block responses): the batch it was posted to L1 in, the L1
 * transactions and time, and where the data lives (`batch_data_container`: `in_blob4844`, `in_celestia`,
 * `in_eigenda`, `in_alt_da`, `in_calldata`).
 *
 * @since 0.1.0
 * @category chain types
 */
export const OptimismBatchInfo: StructResource<
  OptimismBatchInfo,
  OptimismBatchInfoEncoded,
  typeof OptimismBatchInfoSchema.fields
> = OptimismBatchInfoSchema

const CeloBaseFeeShareSchema = Schema.Struct({
  address: optional(Address),
  // A fraction of the base fee in wei, with decimals ("356552000000000.0000000000000").
  amount: optional(Decimal),
  percentage: optional(DecimalNumber)
}).annotate({ identifier: "CeloBaseFeeShare" })
/**
 * A decoded {@link CeloBaseFeeShare}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface CeloBaseFeeShare extends Schema.Schema.Type<typeof CeloBaseFeeShareSchema> {}
/**
 * A CeloBaseFeeShare as written on the wire (what {@link CeloBaseFeeShare} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface CeloBaseFeeShareEncoded extends Schema.Codec.Encoded<typeof CeloBaseFeeShareSchema> {}
/**
 * One recipient's share of a Celo block's base fee: an amount in wei (a decimal string: shares may be fractional).
 *
 * @since 0.1.0
 * @category chain types
 */
export const CeloBaseFeeShare: StructResource<
  CeloBaseFeeShare,
  CeloBaseFeeShareEncoded,
  typeof CeloBaseFeeShareSchema.fields
> = CeloBaseFeeShareSchema

const CeloBaseFeeSchema = Schema.Struct({
  recipient: optional(Address),
  amount: optional(Decimal),
  token: optional(Token),
  breakdown: optional(Schema.Array(CeloBaseFeeShare))
}).annotate({ identifier: "CeloBaseFee" })
/**
 * A decoded {@link CeloBaseFee}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface CeloBaseFee extends Schema.Schema.Type<typeof CeloBaseFeeSchema> {}
/**
 * A CeloBaseFee as written on the wire (what {@link CeloBaseFee} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface CeloBaseFeeEncoded extends Schema.Codec.Encoded<typeof CeloBaseFeeSchema> {}
/**
 * Where a Celo block's base fee went: the recipient, the amount (wei, a decimal string) and token, its breakdown.
 *
 * @since 0.1.0
 * @category chain types
 */
export const CeloBaseFee: StructResource<CeloBaseFee, CeloBaseFeeEncoded, typeof CeloBaseFeeSchema.fields> =
  CeloBaseFeeSchema

const CeloBlockInfoSchema = Schema.Struct({
  is_epoch_block: optional(Schema.Boolean),
  epoch_number: optional(Count),
  l1_era_finalized_epoch_number: optional(Count),
  base_fee: optional(CeloBaseFee)
}).annotate({ identifier: "CeloBlockInfo" })
/**
 * A decoded {@link CeloBlockInfo}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface CeloBlockInfo extends Schema.Schema.Type<typeof CeloBlockInfoSchema> {}
/**
 * A CeloBlockInfo as written on the wire (what {@link CeloBlockInfo} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface CeloBlockInfoEncoded extends Schema.Codec.Encoded<typeof CeloBlockInfoSchema> {}
/**
 * The `celo` object of a block (Celo): its epoch, the epoch an L1-era epoch block finalized, and (single-block
 * responses) the routing of the base fee. `is_epoch_block` is kept `false` by current servers for old clients.
 *
 * @since 0.1.0
 * @category chain types
 */
export const CeloBlockInfo: StructResource<CeloBlockInfo, CeloBlockInfoEncoded, typeof CeloBlockInfoSchema.fields> =
  CeloBlockInfoSchema

const ZilliqaQuorumCertificateSchema = Schema.Struct({
  view: optional(Count),
  signature: optional(HexData),
  signers: optional(Schema.Array(Count)),
  proposed_by_validator_index: optional(Count)
}).annotate({ identifier: "ZilliqaQuorumCertificate" })
/**
 * A decoded {@link ZilliqaQuorumCertificate}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ZilliqaQuorumCertificate extends Schema.Schema.Type<typeof ZilliqaQuorumCertificateSchema> {}
/**
 * A ZilliqaQuorumCertificate as written on the wire (what {@link ZilliqaQuorumCertificate} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ZilliqaQuorumCertificateEncoded extends Schema.Codec.Encoded<typeof ZilliqaQuorumCertificateSchema> {}
/**
 * A Zilliqa quorum certificate: the view, the aggregated signature and the signing validators' indexes.
 *
 * @since 0.1.0
 * @category chain types
 */
export const ZilliqaQuorumCertificate: StructResource<
  ZilliqaQuorumCertificate,
  ZilliqaQuorumCertificateEncoded,
  typeof ZilliqaQuorumCertificateSchema.fields
> = ZilliqaQuorumCertificateSchema

const ZilliqaAggregateQuorumCertificateSchema = Schema.Struct({
  view: optional(Count),
  signature: optional(HexData),
  signers: optional(Schema.Array(Count)),
  nested_quorum_certificates: optional(Schema.Array(ZilliqaQuorumCertificate))
}).annotate({ identifier: "ZilliqaAggregateQuorumCertificate" })
/**
 * A decoded {@link ZilliqaAggregateQuorumCertificate}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ZilliqaAggregateQuorumCertificate
  extends Schema.Schema.Type<typeof ZilliqaAggregateQuorumCertificateSchema> {}
/**
 * A ZilliqaAggregateQuorumCertificate as written on the wire.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ZilliqaAggregateQuorumCertificateEncoded
  extends Schema.Codec.Encoded<typeof ZilliqaAggregateQuorumCertificateSchema> {}
/**
 * A Zilliqa aggregate quorum certificate, with the certificates it aggregates.
 *
 * @since 0.1.0
 * @category chain types
 */
export const ZilliqaAggregateQuorumCertificate: Schema.Codec<
  ZilliqaAggregateQuorumCertificate,
  ZilliqaAggregateQuorumCertificateEncoded
> = ZilliqaAggregateQuorumCertificateSchema

const ZilliqaBlockInfoSchema = Schema.Struct({
  view: optional(Count),
  quorum_certificate: optional(ZilliqaQuorumCertificate),
  aggregate_quorum_certificate: optional(ZilliqaAggregateQuorumCertificate)
}).annotate({ identifier: "ZilliqaBlockInfo" })
/**
 * A decoded {@link ZilliqaBlockInfo}.
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ZilliqaBlockInfo extends Schema.Schema.Type<typeof ZilliqaBlockInfoSchema> {}
/**
 * A ZilliqaBlockInfo as written on the wire (what {@link ZilliqaBlockInfo} encodes to).
 *
 * @since 0.1.0
 * @category chain types
 */
export interface ZilliqaBlockInfoEncoded extends Schema.Codec.Encoded<typeof ZilliqaBlockInfoSchema> {}
/**
 * The `zilliqa` object of a block (Zilliqa, single-block responses): its view and quorum certificates.
 *
 * @since 0.1.0
 * @category chain types
 */
export const ZilliqaBlockInfo: StructResource<
  ZilliqaBlockInfo,
  ZilliqaBlockInfoEncoded,
  typeof ZilliqaBlockInfoSchema.fields
> = ZilliqaBlockInfoSchema
