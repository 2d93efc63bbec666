/**
 * The indexing status of `GET /main-page/indexing-status`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, optional } from "./internal/fields.ts"
import { Decimal } from "./Quantities.ts"

/**
 * How far the server has indexed the chain: whether blocks (`finished_indexing_blocks`) and everything
 * including internal transactions (`finished_indexing`) are done, and the indexed share of each as a decimal
 * ratio (`"1.0"` = all).
 *
 * Use it before trusting a "full history": while `finished_indexing` is false, lists can miss items the server
 * has not indexed yet, and internal transactions are the last to arrive.
 *
 * Gotchas: the ratios are decimal strings on real servers (the generated specs say numbers; both decode to a
 * `DecimalString`); `indexed_internal_transactions_ratio` is null until the blocks are done. Every key is
 * optional because the generated specs require none.
 *
 * @since 0.1.0
 * @category resources
 */
export const IndexingStatus = Schema.Struct({
  finished_indexing: absent(Schema.Boolean),
  finished_indexing_blocks: absent(Schema.Boolean),
  indexed_blocks_ratio: absent(Decimal),
  indexed_internal_transactions_ratio: optional(Decimal)
}).annotate({ identifier: "IndexingStatus" })
/**
 * A decoded indexing status.
 *
 * @since 0.1.0
 * @category resources
 */
export interface IndexingStatus extends Schema.Schema.Type<typeof IndexingStatus> {}
