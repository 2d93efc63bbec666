/**
 * Row parts several endpoint files share: the path parameters (an address, a transaction hash, a block, a token,
 * an NFT instance) and the cursor keys of a token transfer list. A part written once here keeps the rows that
 * name the same thing in agreement (the client derives each method's arguments from them).
 *
 * @since 0.1.0
 */

/**
 * The path parameters of a row under `/addresses/{address}` (and any other keyed by one address).
 *
 * @since 0.1.0
 * @category endpoints
 */
export const addressParams = [{ name: "address", kind: "address" }] as const

/**
 * The path parameters of a row keyed by a transaction's (or user operation's) hash, `{hash}`.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const hashParams = [{ name: "hash", kind: "hash" }] as const

/**
 * The path parameters of a row under `/blocks/{numberOrHash}`: a block number or hash.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const blockParams = [{ name: "numberOrHash", kind: "block" }] as const

/**
 * The path parameters of a row under `/tokens/{token}`: the token contract's address.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const tokenParams = [{ name: "token", kind: "address" }] as const

/**
 * The path parameters of a row under `/tokens/{token}/instances/{tokenId}`: one NFT instance.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const tokenInstanceParams = [
  { name: "token", kind: "address" },
  { name: "tokenId", kind: "tokenId" }
] as const

/**
 * The `type` filter of the rows listing an address's NFTs (`/nft`, `/nft/collections`): the NFT token types the
 * backend's `nft_types_options` accepts, comma-joined.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const nftTypeFilter = {
  name: "type",
  kind: "literals",
  values: ["ERC-721", "ERC-404", "ERC-1155"],
  description: "NFT token types to include"
} as const

/**
 * The cursor keys of a token transfer list: the log's place (`block_number`, `index`: the log index), plus the
 * batch keys a server adds when a page ends inside an ERC-1155 batch.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const transferCursorKeys = [
  "block_number",
  "index",
  "batch_log_index",
  "batch_block_hash",
  "batch_transaction_hash",
  "index_in_batch"
] as const
