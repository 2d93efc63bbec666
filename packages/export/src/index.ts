/**
 * @blockscout-effect/export: write decoded Blockscout histories to files analysts open: NDJSON, CSV (columns
 * from the resource's schema) and Parquet (typed columns, via DuckDB), resumable from a checkpoint.
 *
 * @since 0.1.0
 */
export * as Checkpoint from "./Checkpoint.ts"
export * as Columns from "./Columns.ts"
export { CheckpointError, OutputError } from "./Errors.ts"
export * as Format from "./Format.ts"
export * as HistoryFile from "./HistoryFile.ts"
export * as Json from "./Json.ts"
export * as Parquet from "./Parquet.ts"
export * as Sinks from "./Sinks.ts"
