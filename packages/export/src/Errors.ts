/**
 * The failures of the export sinks: the output cannot be written, or the checkpoint cannot be used.
 *
 * They are distinct so a tool can tell "the file you asked for cannot be written" (a bad `-o`) from "the
 * checkpoint you asked to resume from does not fit" (a bad `--resume`).
 *
 * @since 0.1.0
 */
import { Data } from "effect"

/**
 * The output file cannot be created, written, truncated or converted.
 *
 * @since 0.1.0
 * @category errors
 */
export class OutputError extends Data.TaggedError("OutputError")<{
  /** The output path, as given. */
  readonly path: string
  readonly message: string
}> {}

/**
 * The checkpoint could not be used: unreadable, not a checkpoint, written for another query, format or output
 * file, or describing an output file that is shorter than it records.
 *
 * @since 0.1.0
 * @category errors
 */
export class CheckpointError extends Data.TaggedError("CheckpointError")<{
  /** The checkpoint path, as given. */
  readonly path: string
  readonly message: string
}> {}
