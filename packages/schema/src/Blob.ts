/**
 * An EIP-4844 blob as `GET /transactions/{h}/blobs` lists it, modelled on `blob_view.ex` `prepare_blob`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, nullable } from "./internal/fields.ts"
import { Hash, HexData } from "./Primitives.ts"

/**
 * One blob a transaction carried: its versioned hash, its data, and the KZG commitment and proof that bind them.
 *
 * Gotcha: `blob_data` is about 128 KiB of hex per blob; null when the server has not fetched it from the beacon
 * node (servers keep blobs only while the consensus layer serves them).
 *
 * @since 0.1.0
 * @category resources
 */
export const Blob = Schema.Struct({
  hash: Hash,
  blob_data: nullable(HexData),
  kzg_commitment: nullable(HexData),
  kzg_proof: nullable(HexData)
}).annotate({ identifier: "Blob" })
/**
 * A decoded {@link Blob}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Blob extends Schema.Schema.Type<typeof Blob> {}

/**
 * The blobs of one transaction (`GET /transactions/{h}/blobs`): `{ items }`, every blob at once (no cursor); empty
 * for a transaction without blobs. Only servers of Ethereum's chain type serve it (others answer 404).
 *
 * Gotcha: the specs do not require `items`; every release sends it, but it may be absent.
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionBlobs = Schema.Struct({
  items: absent(Schema.Array(Blob))
}).annotate({ identifier: "TransactionBlobs" })
/**
 * A decoded {@link TransactionBlobs}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionBlobs extends Schema.Schema.Type<typeof TransactionBlobs> {}

/**
 * The response of `GET /transactions/{h}/blobs`.
 *
 * @since 0.1.0
 * @category responses
 */
export const TransactionBlobsResponse = TransactionBlobs
