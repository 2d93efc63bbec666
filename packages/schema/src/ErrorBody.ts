/**
 * Error bodies the API and the Pro gateway send (docs/blockscout-api.md, "Errors").
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./internal/fields.ts"

/**
 * `{"message": "Not found"}` and the other controller-level errors.
 *
 * @since 0.1.0
 * @category errors
 */
export const MessageErrorBody = Schema.Struct({ message: Schema.String })

/**
 * One validation error of a 422 `{errors: [...]}` body.
 *
 * @since 0.1.0
 * @category errors
 */
export const ValidationError = Schema.Struct({
  title: optional(Schema.String),
  detail: optional(Schema.String),
  source: optional(Schema.Struct({ pointer: optional(Schema.String), parameter: optional(Schema.String) }))
})

/**
 * A 422 body listing validation errors.
 *
 * @since 0.1.0
 * @category errors
 */
export const ValidationErrorBody = Schema.Struct({ errors: Schema.Array(ValidationError) })

/**
 * The Pro gateway's `{"error": "Out of credits"}` / `{"error": "Bad gateway", "source": "upstream"}`.
 *
 * @since 0.1.0
 * @category errors
 */
export const GatewayErrorBody = Schema.Struct({ error: Schema.String, source: optional(Schema.String) })

/**
 * Any error body the API sends. Decode a non-2xx body with it to get the server's message.
 *
 * @since 0.1.0
 * @category errors
 */
export const ErrorBody = Schema.Union([MessageErrorBody, ValidationErrorBody, GatewayErrorBody]).annotate({
  identifier: "ErrorBody"
})
/**
 * A decoded error body.
 *
 * @since 0.1.0
 * @category errors
 */
export type ErrorBody = typeof ErrorBody.Type
