/**
 * A transaction's human-readable summary (`GET /transactions/{h}/summary`): the backend asks its transaction
 * interpretation service and passes the service's JSON through (`TransactionController.summary`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, optional } from "./internal/fields.ts"
import { JsonObject } from "./Primitives.ts"

/**
 * One sentence of a summary: a template (`"{action_type} {amount} {token} to {to_address}"`) and the values of
 * its variables, each `{ type, value }` as the service wrote it.
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionSummaryEntry = Schema.Struct({
  summary_template: absent(Schema.String),
  summary_template_variables: optional(JsonObject)
}).annotate({ identifier: "TransactionSummaryEntry" })
/**
 * A decoded {@link TransactionSummaryEntry}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionSummaryEntry extends Schema.Schema.Type<typeof TransactionSummaryEntry> {}

/**
 * A transaction's summary: `success` and `data.summaries`, one entry per sentence.
 *
 * Gotcha: only servers with the interpretation service configured answer it; others answer 403 ("Transaction
 * Interpretation Service is disabled"), which the client reports as `Unauthorized`. A service failure is the
 * server's 5xx with `{ error }`.
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionSummary = Schema.Struct({
  success: absent(Schema.Boolean),
  // `summaries` is always sent; the hand-written per-instance spec lets it be absent.
  data: Schema.Struct({ summaries: absent(Schema.Array(TransactionSummaryEntry)) })
}).annotate({ identifier: "TransactionSummary" })
/**
 * A decoded transaction summary.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionSummary extends Schema.Schema.Type<typeof TransactionSummary> {}

/**
 * The response of `GET /transactions/{h}/summary`.
 *
 * @since 0.1.0
 * @category responses
 */
export const TransactionSummaryResponse = TransactionSummary
