/**
 * A transaction's raw trace (`GET /transactions/{h}/raw-trace`): the node's call tree in the Parity/OpenEthereum
 * trace format, as the backend stores it (`InternalTransaction.internal_transactions_to_raw`, rendered as is
 * by `TransactionView`'s `raw_trace.json`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, optional } from "./internal/fields.ts"
import { AddressHash, Hash } from "./Primitives.ts"
import { Count } from "./Quantities.ts"

/**
 * What a trace entry did: a call's `callType`, `from`, `to`, `input`, a creation's `init`, a self-destruct's
 * `address`, `refundAddress` and `balance`; gas and value as `0x` hex quantities, as the node wrote them.
 *
 * @since 0.1.0
 * @category resources
 */
export const RawTraceAction = Schema.Struct({
  callType: absent(Schema.String),
  from: absent(AddressHash),
  to: absent(AddressHash),
  gas: absent(Schema.String),
  value: absent(Schema.String),
  input: absent(Schema.String),
  init: absent(Schema.String),
  address: absent(AddressHash),
  refundAddress: absent(AddressHash),
  balance: absent(Schema.String)
}).annotate({ identifier: "RawTraceAction" })
/**
 * A decoded {@link RawTraceAction}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface RawTraceAction extends Schema.Schema.Type<typeof RawTraceAction> {}

/**
 * What a trace entry returned: gas used and output (calls), or the created contract's `address` and `code`.
 *
 * @since 0.1.0
 * @category resources
 */
export const RawTraceResult = Schema.Struct({
  gasUsed: absent(Schema.String),
  output: absent(Schema.String),
  address: absent(AddressHash),
  code: absent(Schema.String)
}).annotate({ identifier: "RawTraceResult" })
/**
 * A decoded {@link RawTraceResult}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface RawTraceResult extends Schema.Schema.Type<typeof RawTraceResult> {}

/**
 * One entry of a raw trace: its `type` (`call`, `create`, `create2`, `selfdestruct`, ...), `action`, `result`
 * (absent when it failed: `error` says why), its place in the call tree (`traceAddress`, the path of child
 * indexes from the top call; `subtraces`, its number of children).
 *
 * Gotcha: gas and values stay the node's hex strings (`0x5208`): read them with `BigInt(...)`.
 *
 * @since 0.1.0
 * @category resources
 */
export const RawTrace = Schema.Struct({
  type: Schema.String,
  action: RawTraceAction,
  result: optional(RawTraceResult),
  error: optional(Schema.String),
  subtraces: Count,
  traceAddress: Schema.Array(Count),
  transactionHash: optional(Hash)
}).annotate({ identifier: "RawTrace" })
/**
 * A decoded raw trace entry.
 *
 * @since 0.1.0
 * @category resources
 */
export interface RawTrace extends Schema.Schema.Type<typeof RawTrace> {}

/**
 * The response of `GET /transactions/{h}/raw-trace`: a bare array, top call first (empty for a pending
 * transaction).
 *
 * @since 0.1.0
 * @category responses
 */
export const RawTraceResponse = Schema.Array(RawTrace).annotate({ identifier: "RawTraceResponse" })
