/**
 * Cursor keys several scoped rows share.
 *
 * @since 0.1.0
 */

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
