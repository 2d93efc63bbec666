/**
 * The detail shapes of the single-item lookups of a transaction, a block, a token and an NFT instance.
 *
 * Each spreads its list resource's fields (and accepts the same old key names), so a field added to the list
 * resource is decoded here too. What the single lookup sends beyond a list item, read from the backend's views,
 * is said on each schema; the address details, a much larger shape, live in `AddressDetails.ts`.
 *
 * @since 0.1.0
 */
import type { Schema } from "effect"
import { Block } from "./Block.ts"
import { sameFieldsAs } from "./internal/extend.ts"
import { Token } from "./Token.ts"
import { TokenInstance } from "./TokenInstance.ts"
import { Transaction } from "./Transaction.ts"

/**
 * A transaction as `GET /transactions/{h}` sends it.
 *
 * Beyond a list item: `token_transfers` holds the first 10 token transfers, with `token_transfers_overflow`
 * true when there are more (page them with `/transactions/{h}/token-transfers`); a reverted transaction's
 * `revert_reason` is decoded against the contract's ABI when the server can; the addresses carry the caller's
 * tags; and rollup chains (Arbitrum, zkSync, OP stack, Scroll) add their settlement and L1 fee fields, which
 * only this lookup sends. The types are the list item's: the specs declare both with one schema.
 *
 * Gotcha: an unknown hash is a 404; a pending transaction decodes with null block fields.
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionDetails = sameFieldsAs(Transaction, "TransactionDetails")
/**
 * A decoded transaction of a single lookup.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionDetails extends Schema.Schema.Type<typeof TransactionDetails> {}

/**
 * A block as `GET /blocks/{numberOrHash}` sends it.
 *
 * Beyond a list item: each reward's `type` is a label (`Miner Reward`, `Emission Reward`, `Chore Reward`,
 * `Uncle Reward`) where lists send the recipient kind (`validator`, `emission_funds`, `uncle`), and rollup and
 * merged-mining chains add objects only this lookup sends.
 *
 * Gotcha: a number the server has not indexed (or a non-consensus hash on older servers) is a 404; a reorged
 * block looked up by hash decodes with `type: "reorg"`.
 *
 * @since 0.1.0
 * @category resources
 */
export const BlockDetails = sameFieldsAs(Block, "BlockDetails")
/**
 * A decoded block of a single lookup.
 *
 * @since 0.1.0
 * @category resources
 */
export interface BlockDetails extends Schema.Schema.Type<typeof BlockDetails> {}

/**
 * A token as `GET /tokens/{a}` sends it: the token object of the lists; for a bridged token (on instances that
 * track bridged tokens) it adds the `bridge_type`, `foreign_address` and `origin_chain_id` of its origin.
 *
 * Gotcha: an address that is not an indexed token is a 404.
 *
 * @since 0.1.0
 * @category resources
 */
export const TokenDetails = sameFieldsAs(Token, "TokenDetails")
/**
 * A decoded token of a single lookup.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenDetails extends Schema.Schema.Type<typeof TokenDetails> {}

/**
 * An NFT instance as `GET /tokens/{a}/instances/{id}` sends it: the instance object of the lists, with its
 * `token` and its `owner` (null unless the instance is unique, i.e. an ERC-721 or an ERC-1155 id held by one
 * address). `metadata` is null when the server has not fetched it, or its fetch failed.
 *
 * Gotcha: a fungible token (ERC-20) or an id the server has not indexed is a 404.
 *
 * @since 0.1.0
 * @category resources
 */
export const TokenInstanceDetails = sameFieldsAs(TokenInstance, "TokenInstanceDetails")
/**
 * A decoded NFT instance of a single lookup.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenInstanceDetails extends Schema.Schema.Type<typeof TokenInstanceDetails> {}
