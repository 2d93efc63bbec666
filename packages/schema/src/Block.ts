/**
 * The Block object (docs/blockscout-api.md §2.7).
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import { Address } from "./Address.ts"
import { CeloBlockInfo, OptimismBatchInfo, ZilliqaBlockInfo } from "./BlockChainTypes.ts"
import { invalid, isRecord, registerFast } from "./internal/compile.ts"
import { absent, nullable, optional, withRenames } from "./internal/fields.ts"
import type { RenamedResource, StructResource } from "./Resource.ts"
import { Hash, HexData, Timestamp } from "./Primitives.ts"
import { Count, DecimalNumber, IntegerQuantity, IntegerQuantityNumber } from "./Quantities.ts"
import { ArbitrumInfo, ZkSyncInfo } from "./Rollup.ts"

const BlockRewardSchema = Schema.Struct({
  reward: IntegerQuantityNumber,
  type: Schema.String
}).annotate({ identifier: "BlockReward" })
/**
 * A decoded {@link BlockReward}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface BlockReward extends Schema.Schema.Type<typeof BlockRewardSchema> {}
/**
 * A BlockReward as written on the wire (what {@link BlockReward} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface BlockRewardEncoded extends Schema.Codec.Encoded<typeof BlockRewardSchema> {}
/**
 * A block reward. `type` is `Miner Reward`, `Emission Reward`, `Chore Reward` or `Uncle Reward` (the API doc);
 * newer servers write `validator`, `emission_funds`, `uncle`.
 *
 * @since 0.1.0
 * @category resources
 */
export const BlockReward: StructResource<BlockReward, BlockRewardEncoded, typeof BlockRewardSchema.fields> =
  BlockRewardSchema

// Newer servers' `{ hash }` form of an uncle hash, decoded to the hash itself.
const UncleHashObject = Schema.Struct({ hash: Hash }).pipe(
  Schema.decodeTo(Schema.toType(Hash), {
    decode: SchemaGetter.transform((o: { readonly hash: Hash }) => o.hash),
    encode: SchemaGetter.transform((hash: Hash) => ({ hash }))
  })
)
registerFast(UncleHashObject, (compile) => {
  const hash = compile(Hash.ast)
  return hash === undefined ? undefined : (u) => (isRecord(u) ? hash(u.hash) : invalid)
})

/**
 * An uncle's hash: a string (the API doc), or `{ hash }` as newer servers send it; decoded to the hash, encoded as
 * a string.
 *
 * @since 0.1.0
 * @category resources
 */
export const UncleHash = Schema.Union([Hash, UncleHashObject])

const BlockSchema = withRenames(
  Schema.Struct({
    hash: Hash,
    parent_hash: Hash,
    height: Count,
    timestamp: Timestamp,
    type: Schema.String,
    miner: Address,
    nonce: nullable(HexData),
    size: nullable(Count),
    difficulty: nullable(IntegerQuantity),
    total_difficulty: nullable(IntegerQuantity),
    gas_limit: IntegerQuantity,
    gas_used: nullable(IntegerQuantity),
    gas_used_percentage: nullable(DecimalNumber),
    gas_target_percentage: nullable(DecimalNumber),
    burnt_fees_percentage: nullable(DecimalNumber),
    base_fee_per_gas: nullable(IntegerQuantity),
    burnt_fees: nullable(IntegerQuantity),
    priority_fee: nullable(IntegerQuantity),
    transaction_fees: nullable(IntegerQuantity),
    transactions_count: Count,
    // 5.2.0+.
    withdrawals_count: optional(Count),
    // 8.1.0+.
    internal_transactions_count: optional(Count),
    rewards: absent(Schema.Array(BlockReward)),
    uncles_hashes: Schema.Array(UncleHash),
    extra_data: optional(Schema.String),
    state_root: optional(Schema.String),
    // 9.1.0+.
    is_pending_update: optional(Schema.Boolean),
    // Ethereum chain type: blobs (EIP-4844) and beacon deposits.
    blob_transactions_count: optional(Count),
    blob_gas_used: optional(IntegerQuantity),
    excess_blob_gas: optional(IntegerQuantity),
    blob_gas_price: optional(IntegerQuantity),
    burnt_blob_fees: optional(IntegerQuantity),
    beacon_deposits_count: optional(Count),
    // Rootstock (RSK) merged mining.
    minimum_gas_price: optional(IntegerQuantity),
    bitcoin_merged_mining_header: optional(HexData),
    bitcoin_merged_mining_coinbase_transaction: optional(HexData),
    bitcoin_merged_mining_merkle_proof: optional(HexData),
    hash_for_merged_mining: optional(Hash),
    // Rollups and other chain types (single-block responses, except Celo's epoch).
    optimism: optional(OptimismBatchInfo),
    arbitrum: optional(ArbitrumInfo),
    zksync: optional(ZkSyncInfo),
    celo: optional(CeloBlockInfo),
    zilliqa: optional(ZilliqaBlockInfo)
  }),
  {
    // Before 6.9.0 `tx_count`/`tx_fees`; 6.9.0 added `transaction_count`/`transaction_fees` and 6.10.0 dropped
    // the old ones (backend b030792cf1, 2720b128ac); 8.0.0 added `transactions_count` and 9.0.0 dropped
    // `transaction_count` (5bcb2a3716, 5a95e1916c). The newest name present wins.
    transaction_count: "transactions_count",
    tx_count: "transactions_count",
    tx_fees: "transaction_fees"
  },
  "Block"
)
/**
 * A decoded Block.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Block extends Schema.Schema.Type<typeof BlockSchema> {}
/**
 * A Block as written on the wire (what {@link Block} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface BlockEncoded extends Schema.Codec.Encoded<typeof BlockSchema> {}
/**
 * A block. Percentages are decimal strings (they may be negative); fee fields and `total_difficulty` may be
 * null; `rewards` is absent on some chains; `extra_data`/`state_root` are only in the docs' shape, free-form
 * strings. Servers before 8.0 wrote `tx_count` or `transaction_count`, before 6.10 `tx_fees`: all decode to
 * today's `transactions_count` and `transaction_fees`.
 *
 * Chain-type extras, present only on servers of that chain type (see the package README's coverage table):
 * blob counts and gas, beacon deposits (Ethereum), merged-mining fields (Rootstock), and the `optimism`,
 * `arbitrum`, `zksync`, `celo`, `zilliqa` objects.
 *
 * @since 0.1.0
 * @category resources
 */
export const Block: RenamedResource<Block, BlockEncoded, typeof BlockSchema.to.fields> = BlockSchema
