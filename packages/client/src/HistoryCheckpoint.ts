/**
 * Where an address's history stands (`HistoryCheckpoint`): what a page of `streamAddressHistoryPages` carries and
 * a later run resumes from, and its schema for stores that hand it back.
 *
 * @since 0.1.0
 */
import { NextPageParams } from "@blockscout-effect/schema"
import { Schema } from "effect"
import type { HistoryKind } from "./History.ts"
import { type HistoryTally, HistoryTallySchema } from "./HistoryReport.ts"

/**
 * Where one list stands in a checkpoint.
 *
 * @since 0.1.0
 * @category progress
 */
export interface SourceProgress {
  readonly kind: HistoryKind
  /** The cursor of the page holding its next item not yet emitted; absent: its first page in the range. */
  readonly cursor?: NextPageParams | undefined
  /** Every item of the list in the range was emitted. */
  readonly done: boolean
}

/**
 * Where an address's history stands: each list's position, the oldest block emitted (every block from the
 * range's top down to it is out, whole), and the tally so far. Serialisable (JSON); store it with the entries
 * of the page that carried it and pass it as `resume` to go on with nothing lost or repeated.
 *
 * @since 0.1.0
 * @category progress
 */
export interface HistoryCheckpoint {
  /** The format's version. */
  readonly version: 1
  /** The history it belongs to (address, kinds, block range); resuming another is refused. */
  readonly request: string
  /** The oldest block whose entries are all out; `null`: none yet. Entries of blocks below it come next. */
  readonly frontier: number | null
  readonly sources: ReadonlyArray<SourceProgress>
  /** What was emitted up to here (a resumed run's tally goes on from it). */
  readonly tally: HistoryTally
}

const Kind = Schema.Literals(["transaction", "tokenTransfer", "internalTransaction"])

/**
 * The schema of a stored `HistoryCheckpoint` (JSON in, checked value out): a store that hands it back decodes
 * it with this before passing it to `resume`.
 *
 * @since 0.1.0
 * @category progress
 */
export const HistoryCheckpointSchema = Schema.Struct({
  version: Schema.Literal(1),
  request: Schema.String,
  frontier: Schema.NullOr(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  sources: Schema.Array(Schema.Struct({ kind: Kind, cursor: Schema.optional(NextPageParams), done: Schema.Boolean })),
  tally: HistoryTallySchema
})

// The schema decodes to exactly the interface above (a compile-time check, nothing at run time).
const _decodes: (value: typeof HistoryCheckpointSchema.Type) => HistoryCheckpoint = (value) => value
const _encodes: (value: HistoryCheckpoint) => typeof HistoryCheckpointSchema.Type = (value) => value
void _decodes
void _encodes
