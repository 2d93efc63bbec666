/**
 * Version awareness: a row that declares `since` (the first backend version serving it) and is answered 404 has
 * the server's `/config/backend-version` read, and an older server fails the call with `Unsupported` naming both
 * versions instead of a bare 404. Once the version is known, a later call of a row the server is too old for fails
 * before anything is sent.
 *
 * Why after a 404 and not before every first call: a server new enough (nearly every one) then pays nothing, not
 * even one request per layer, and a 404 is exactly when the question arises. An item row's 404 on a server new
 * enough is the unknown item it says it is, after one version read per layer.
 *
 * The version is read once per layer (per client context), lazily, through the path escape hatch (the same
 * pipeline, with at most one retry: the call it explains waits for it). A server whose version cannot be read (a
 * 404, an error, a body without one) or parsed keeps its 404, and that outcome is kept too: a missing version
 * endpoint is never asked again.
 *
 * @internal
 */
import { Effect, Schema } from "effect"
import { BlockscoutError, Unsupported } from "../BlockscoutError.ts"
import type { Endpoint } from "../endpoints.ts"
import type { ClientContext } from "./context.ts"
import { makePaths } from "./path.ts"
import { redact } from "./redact.ts"
import { redactedUrl } from "./url.ts"

/** A version as three numbers: major, minor, patch. */
export type Version = readonly [number, number, number]

/**
 * A backend version string as servers and rows write it: `v6.3.0-beta`, `6.3.0`, `v9.1.0.+commit.1a2b3c4d`
 * (an image built from a branch: Blockscout's workflows write `v{release}.+commit.{sha}`), `v12.0.0-alpha.3`
 * (a pre-release), `7.0`; an optional `v`, a missing patch read as 0, and whatever follows the numbers
 * ignored: older releases were all tagged `-beta`, so a suffix says nothing of the features (a pre-release
 * counts as its release: when unsure, the call goes). `undefined` when the text has no version at its start.
 */
export const parseVersion = (text: string): Version | undefined => {
  const match = /^\s*v?(\d{1,6})\.(\d{1,6})(?:\.(\d{1,6}))?(?!\d)/i.exec(text)
  if (match === null) return undefined
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)]
}

/** Whether `a` is older than `b`. */
export const isOlder = (a: Version, b: Version): boolean => {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! < b[i]!
  return false
}

/** What the server said: its version as written and parsed; `undefined` when it could not be read or parsed. */
export interface ServerVersion {
  readonly text: string
  readonly version: Version
}

/** The body of `/config/backend-version` (`backend_version` may be null: a server built without one). */
const BackendVersionBody = Schema.Struct({ backend_version: Schema.NullOr(Schema.String) })

/** The path the version is read from. */
export const backendVersionPath = "/config/backend-version"

/** The server's version, read once per context (`Effect.cached` shares one read between concurrent calls). */
const versions = new WeakMap<ClientContext, Effect.Effect<ServerVersion | undefined>>()

/** What a finished read found, per context: a version, or `null` when it could not be read or parsed. */
const known = new WeakMap<ClientContext, ServerVersion | null>()

const readVersion = (ctx: ClientContext): Effect.Effect<ServerVersion | undefined> =>
  makePaths({ ...ctx, retryTimes: Math.min(ctx.retryTimes, 1) })
    .getPath(backendVersionPath, { schema: BackendVersionBody })
    .pipe(
      Effect.map((body) => {
        const version = body.backend_version === null ? undefined : parseVersion(body.backend_version)
        if (body.backend_version === null || version === undefined) return undefined
        // The server's words go into errors: redacted (a hostile server may echo the key) and short.
        const text = redact(ctx, body.backend_version)
        return { text: text.length > 64 ? `${text.slice(0, 61)}...` : text, version }
      }),
      // Any failure, a defect included (a scripted test server that has no answer for the read dies with
      // `UnexpectedRequest`): the 404 stays what it was, and the failure is what is kept.
      Effect.catchCause(() => Effect.succeed(undefined)),
      Effect.tap((version) => Effect.sync(() => known.set(ctx, version ?? null)))
    )

/** The server's version for this context, read on first use. */
export const serverVersion = (ctx: ClientContext): Effect.Effect<ServerVersion | undefined> => {
  let read = versions.get(ctx)
  if (read === undefined) {
    read = Effect.runSync(Effect.cached(readVersion(ctx)))
    versions.set(ctx, read)
  }
  return read
}

/** The version a row requires: its `since` parsed; `undefined` without one (or for the version row itself). */
const requiredOf = (row: Endpoint): Version | undefined =>
  // The version row is never explained by itself: reading the version to account for its own 404 would ask twice.
  row.since === undefined || row.path === backendVersionPath ? undefined : parseVersion(row.since)

const unsupported = (ctx: ClientContext, row: Endpoint, path: string, server: ServerVersion) =>
  new BlockscoutError({
    reason: new Unsupported({
      endpoint: row.name,
      url: redactedUrl(ctx, path, []),
      required: row.since ?? "",
      server: server.text
    })
  })

/**
 * Before a call: `Unsupported` (nothing sent) when this context already knows the server is older than the row's
 * `since`; otherwise the call goes. Never reads the version itself (that waits for a 404: `explainNotFound`). A
 * `since` that does not parse is a mistake in the table, not the server's: the call goes.
 */
export const checkSince = (
  ctx: ClientContext,
  row: Endpoint,
  path: string
): Effect.Effect<void, BlockscoutError<Unsupported>> => {
  const required = requiredOf(row)
  const server = known.get(ctx)
  return required === undefined || server === undefined || server === null || !isOlder(server.version, required)
    ? Effect.void
    : Effect.fail(unsupported(ctx, row, path, server))
}

/**
 * After a call failed: a `NotFound` of a row that declares `since` has the server's version read (once per
 * context), and becomes `Unsupported` when the server is older than the row; every other failure, and a 404 from
 * a server new enough (or whose version is unknown), stays as it was.
 */
export const explainNotFound =
  (ctx: ClientContext, row: Endpoint, path: string) =>
  <E extends BlockscoutError>(error: E): Effect.Effect<never, E | BlockscoutError<Unsupported>> => {
    const required = requiredOf(row)
    if (required === undefined || error.reason._tag !== "NotFound") return Effect.fail(error)
    return Effect.flatMap(
      serverVersion(ctx),
      (server): Effect.Effect<never, E | BlockscoutError<Unsupported>> =>
        server !== undefined && isOlder(server.version, required)
          ? Effect.fail(unsupported(ctx, row, path, server))
          : Effect.fail(error)
    )
  }
