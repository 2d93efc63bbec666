/**
 * A backfill job, as data: where to read (the target), what (an endpoint row with its arguments, an address's
 * history or a token's), which part of the history (the range), how many partitions, and where the items go
 * (the sink).
 *
 * When to use: build one with `Job.make` (the CLI does from its flags), run it with `Backfill.run`, find it
 * again by `Job.id`. A job is a Schema, so it is stored with the workflow (and in the job table) and read back
 * by `resume` on any runner.
 *
 * Gotcha: credentials are never in a job: a target names the configuration key that holds them
 * (`{ config: "BLOCKSCOUT_API_KEY" }`), and each runner reads that key from its own configuration
 * (environment variables by default). So a job can be printed, logged and stored safely, and a key is rotated
 * without touching the job.
 *
 * @since 0.1.0
 */
import { type EndpointName, endpoints } from "@blockscout-effect/schema"
import { type Effect, Schema } from "effect"
import { createHash } from "node:crypto"

/**
 * A credential by reference: the name of a configuration key (an environment variable by default) that each
 * runner reads when it starts a partition.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CredentialRef = Schema.Struct({ config: Schema.NonEmptyString })

/**
 * The Pro API on one or more chains, one key for all (a Pro key's limit is shared across chains).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ProTarget = Schema.Struct({
  family: Schema.Literal("pro"),
  /** The chains to backfill: each gets its own partitions and its own `chain` value in the tables. */
  chains: Schema.NonEmptyArray(Schema.Int.check(Schema.isGreaterThan(0))),
  /** Default `https://api.blockscout.com`. */
  baseUrl: Schema.optionalKey(Schema.String),
  apiKey: CredentialRef
})

/**
 * One explorer instance (`{baseUrl}/api/v2`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const InstanceTarget = Schema.Struct({
  family: Schema.Literal("instance"),
  baseUrl: Schema.String,
  /** The `chain` value of this instance's rows (default: the instance's host, e.g. `eth.blockscout.com`). */
  chain: Schema.optionalKey(Schema.NonEmptyString),
  /** Optional on an instance: a runner whose configuration lacks it calls keyless (limited per address). */
  apiKey: Schema.optionalKey(CredentialRef),
  /** Sent as `key` (addresses an instance restricts); required when named. */
  secretKey: Schema.optionalKey(CredentialRef)
})

/**
 * Where a job reads from.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Target = Schema.Union([ProTarget, InstanceTarget])
/** @since 0.1.0 @category models */
export type Target = typeof Target.Type

/**
 * The name of a paged row: what a backfill can read (a bare array of a handful of items, or a single item, has
 * no history to walk).
 *
 * @since 0.1.0
 * @category models
 */
export type PagedName = {
  [N in EndpointName]: (typeof endpoints)[N] extends { readonly shape: "page" } ? N : never
}[EndpointName]

const pagedRows = (Object.keys(endpoints) as Array<EndpointName>).filter(
  (name): name is PagedName => endpoints[name].shape === "page"
)

/**
 * What a job fetches: an endpoint row by name, with its path parameters and filters as the client's
 * `pages(name, args)` takes them (lists as arrays).
 *
 * @since 0.1.0
 * @category schemas
 */
export const EndpointSource = Schema.Struct({
  _tag: Schema.tag("Endpoint"),
  endpoint: Schema.Literals(pagedRows as unknown as readonly [PagedName, ...Array<PagedName>]),
  args: Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Array(Schema.String)]))
})

/**
 * An endpoint source's path parameters and filters.
 *
 * @since 0.1.0
 * @category models
 */
export type SourceArgs = typeof EndpointSource.Type.args

/** An address in lower case (a job's id is its content: `0xAB..` and `0xab..` are one job). */
const LowerAddress = Schema.String.check(
  Schema.isPattern(/^0x[0-9a-f]{40}$/, { message: "expected 0x and 40 lower-case hex digits" })
)

/**
 * What a job fetches: an address's history, its transactions, token transfers and internal transactions (the
 * client's `streamAddressHistoryPages`), each into the table of its resource, keyed as the endpoint rows key it.
 * Partitions are block ranges; each commits the history's checkpoint as its cursor.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AddressHistorySource = Schema.Struct({
  _tag: Schema.tag("AddressHistory"),
  address: LowerAddress,
  /** Which lists (default all three). */
  kinds: Schema.optionalKey(
    Schema.NonEmptyArray(Schema.Literals(["transaction", "tokenTransfer", "internalTransaction"]))
  )
})

/**
 * What a job fetches: a token's history, its transfers (`tokenTransfersByToken`, S19), partitioned by block
 * ranges like the endpoint sources.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TokenHistorySource = Schema.Struct({
  _tag: Schema.tag("TokenHistory"),
  token: LowerAddress
})

/**
 * What a job fetches: an endpoint row with its arguments, an address's history, or a token's.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Source = Schema.Union([EndpointSource, AddressHistorySource, TokenHistorySource])
/** @since 0.1.0 @category models */
export type Source = typeof Source.Type

/**
 * Which part of the history: all of it, a block range, or an index range (withdrawals), both inclusive.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Range = Schema.Union([
  Schema.TaggedStruct("Everything", {}),
  Schema.TaggedStruct("Blocks", { from: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)), to: Schema.Int }),
  Schema.TaggedStruct("Indexes", { from: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)), to: Schema.Int })
])
/** @since 0.1.0 @category models */
export type Range = typeof Range.Type

/**
 * Where the items go: a table per resource in the job's database (`Sql`), or NDJSON part files, one per
 * partition, in a directory (`Ndjson`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Sink = Schema.Union([
  Schema.TaggedStruct("Sql", {}),
  Schema.TaggedStruct("Ndjson", { directory: Schema.NonEmptyString })
])
/** @since 0.1.0 @category models */
export type Sink = typeof Sink.Type

/**
 * A backfill job (version 1).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Job = Schema.Struct({
  version: Schema.Literal(1),
  target: Target,
  source: Source,
  range: Range,
  /** Partitions per chain: how many key ranges the history splits into (1 = one sequential walk). */
  partitions: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10_000 })),
  sink: Sink,
  /**
   * Partitions running at once, across every chain and runner (default 64): each holds a page and a place in
   * its key's limiter queue, so this bounds a job's memory however many partitions it has.
   */
  concurrency: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10_000 }))),
  /** Items per page (`items_count`); servers default to 50 and cap at 100. */
  pageSize: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 })))
})
/** @since 0.1.0 @category models */
export type Job = typeof Job.Type

/**
 * A job as the caller writes it: `version` may be left out.
 *
 * @since 0.1.0
 * @category models
 */
export type JobInput = Omit<Job, "version"> & { readonly version?: 1 | undefined }

/** Canonical JSON: object keys sorted, so equal jobs give equal text (and ids). */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`
  }
  return JSON.stringify(value)
}

/**
 * The job's id: 16 hex digits of the SHA-256 of its canonical JSON. The same job always has the same id, so
 * running it again resumes it (the workflow's idempotency key), and `status`/`resume` find it by id.
 *
 * @since 0.1.0
 * @category accessors
 */
export const id = (job: Job): string => createHash("sha256").update(canonical(job)).digest("hex").slice(0, 16)

/**
 * Checks a job and fills in `version`: fails with the Schema's message when a field is out of range.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (input: JobInput): Effect.Effect<Job, Schema.SchemaError> =>
  Schema.decodeUnknownEffect(Job)({ ...input, source: normalised(input.source), version: 1 })

/** A source's address or token in lower case, so that one history is one job whatever its case. */
const normalised = (source: unknown): unknown => {
  if (source === null || typeof source !== "object") return source
  const s = source as Record<string, unknown>
  if (s._tag === "AddressHistory" && typeof s.address === "string") return { ...s, address: s.address.toLowerCase() }
  if (s._tag === "TokenHistory" && typeof s.token === "string") return { ...s, token: s.token.toLowerCase() }
  return source
}

/**
 * The job as JSON text (what the job table stores), and back.
 *
 * @since 0.1.0
 * @category codecs
 */
export const JobJson = Schema.fromJsonString(Job)
