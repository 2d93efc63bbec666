/**
 * Version awareness: a row that declares `since` (the first backend version serving it) is checked against
 * the server's `/config/backend-version` before it is called, and an older server fails the call with
 * `Unsupported` instead of answering a bare 404.
 *
 * The version is read once per layer (per client context), lazily: only when a row declaring `since` is first
 * called, through the path escape hatch (the same pipeline, with at most one retry: the call it guards waits
 * for it). A server whose version cannot be read (a 404, an error, a body without one) or parsed is called as
 * usual, and that outcome is kept too: a missing version endpoint never blocks and is never asked again.
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
      // Any failure: the server is called as usual (and the failure is what is kept).
      Effect.orElseSucceed(() => undefined)
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

/**
 * Checks a row's `since` against the server's version: `Unsupported` (nothing else sent) when the server says
 * it is older; succeeds at once for a row without `since`, and whenever the version is unknown. A `since` that
 * does not parse is a mistake in the table, not the server's: the call goes.
 */
export const checkSince = (
  ctx: ClientContext,
  row: Endpoint,
  path: string
): Effect.Effect<void, BlockscoutError<Unsupported>> => {
  const since = row.since
  // The version row itself is never checked first: reading the version to decide whether to read it would send
  // the same request twice (and a server too old for it answers its own 404, which says as much).
  if (since === undefined || row.path === backendVersionPath) return Effect.void
  const required = parseVersion(since)
  if (required === undefined) return Effect.void
  return Effect.flatMap(serverVersion(ctx), (server) =>
    server === undefined || !isOlder(server.version, required)
      ? Effect.void
      : Effect.fail(
          new BlockscoutError({
            reason: new Unsupported({
              endpoint: row.name,
              url: redactedUrl(ctx, path, []),
              required: since,
              server: server.text
            })
          })
        )
  )
}
