/**
 * @blockscout-effect/backfill: durable backfills of Blockscout histories into SQL tables or NDJSON part files,
 * on Effect's workflow engine: one process over SQLite, or cluster runners over PostgreSQL sharing one API key's
 * rate limit through Redis.
 *
 * @since 0.1.0
 */
export * as Backfill from "./Backfill.ts"
export { BackfillError } from "./BackfillError.ts"
export * as DryRun from "./DryRun.ts"
export * as Follow from "./Follow.ts"
export * as Job from "./Job.ts"
export * as Plan from "./Plan.ts"
export * as Runtime from "./Runtime.ts"
export * as SourceRows from "./SourceRows.ts"
export * as Sources from "./Sources.ts"
export * as SqliteClient from "./sqlite/SqliteClient.ts"
export * as SqlSink from "./SqlSink.ts"
export * as Store from "./Store.ts"
export * as Tables from "./Tables.ts"
export * as Workflows from "./Workflows.ts"
