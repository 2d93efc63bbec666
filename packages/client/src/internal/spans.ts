/**
 * The spans of a call, named and attributed in one place:
 * - the call's own span, `Blockscout.<method>` (a whole stream, a lookup), with `blockscout.endpoint`,
 *   `blockscout.family` and `blockscout.chain_id` (`methods.ts` opens it);
 * - for a partitioned stream, a span per walk of one of its ranges beneath it, `Blockscout.partition`, with the
 *   range's bounds, the pages walked and how the walk ended (`partition/workers.ts`);
 * - beneath those, one span per request (a stream's page, a lookup's one request), named and attributed after
 *   OpenTelemetry's HTTP client conventions: `GET {url.template}`, kind `client`, `http.request.method`,
 *   `url.full` (redacted), `url.template`, `server.address`, `server.port`; then, from `telemetry.ts`,
 *   `http.response.status_code`, `http.request.resend_count` after a retry, `error.type` (the reason tag) when
 *   it fails, and events for what happened between attempts (`blockscout.retry`, `blockscout.rate_limit_wait`).
 *   It covers the limiter's wait and every attempt (`pagination/fetch.ts` opens it).
 *
 * @internal
 */
import type { KeyRange } from "@blockscout-effect/schema"
import { Effect, Result } from "effect"
import type { Endpoint } from "../endpoints.ts"
import { type ClientContext, spanAttributes } from "./context.ts"

/** Where the layer sends its requests, as the request spans show it. */
interface Server {
  readonly address: string | undefined
  readonly port: number | undefined
  /** The API root's path (`/api/v2`, `/1/api/v2`), before each row's path. */
  readonly basePath: string
}

const servers = new WeakMap<ClientContext, Server>()

const defaultPorts: Readonly<Record<string, number>> = { "http:": 80, "https:": 443 }

/** The layer's server (parsed once per layer from its public base URL, which has no userinfo). */
const serverOf = (ctx: ClientContext): Server => {
  let server = servers.get(ctx)
  if (server === undefined) {
    const parsed = Result.try(() => new URL(ctx.publicBase))
    if (Result.isSuccess(parsed)) {
      const url = parsed.success
      const host = url.hostname
      server = {
        // URL keeps an IPv6 address's brackets; the conventions do not.
        address: host.startsWith("[") ? host.slice(1, -1) : host,
        port: url.port === "" ? defaultPorts[url.protocol] : Number(url.port),
        basePath: url.pathname
      }
    } else server = { address: undefined, port: undefined, basePath: "" }
    servers.set(ctx, server)
  }
  return server
}

/** The row's path under the layer's API root, parameters as placeholders: `/api/v2/transactions/{hash}`. */
const urlTemplate = (ctx: ClientContext, endpoint: Endpoint): string => `${serverOf(ctx).basePath}${endpoint.path}`

/** The name of a request's span, after OpenTelemetry's `{method} {url.template}`: `GET /api/v2/transactions`. */
export const requestSpanName = (ctx: ClientContext, endpoint: Endpoint): string => `GET ${urlTemplate(ctx, endpoint)}`

/**
 * The options of a call's own span (`Blockscout.<method>`): the endpoint, family and chain, and no stack trace
 * (the span is named for the method already; a stack costs a capture per call).
 */
export const callSpanOptions = (ctx: ClientContext, endpoint: Endpoint) => ({
  attributes: spanAttributes(ctx, endpoint),
  captureStackTrace: false
})

/** The options of a request's span: kind `client`, the call's attributes and the HTTP conventions' own. */
export const requestSpanOptions = (ctx: ClientContext, endpoint: Endpoint, url: string) => {
  const server = serverOf(ctx)
  const attributes: Record<string, unknown> = {
    ...spanAttributes(ctx, endpoint),
    "http.request.method": "GET",
    "url.full": url,
    "url.template": urlTemplate(ctx, endpoint)
  }
  if (server.address !== undefined) attributes["server.address"] = server.address
  if (server.port !== undefined) attributes["server.port"] = server.port
  return { kind: "client" as const, attributes }
}

/** Adds an event to the current span (the request's), at the clock's time. */
export const spanEvent = (name: string, attributes: Record<string, unknown>): Effect.Effect<void> =>
  Effect.currentSpan.pipe(
    Effect.flatMap((span) =>
      Effect.clockWith((clock) => Effect.sync(() => span.event(name, clock.currentTimeNanosUnsafe(), attributes)))
    ),
    Effect.ignore
  )

/** Trace options for spans opened many times: no stack trace captured for each (a measurable cost per page). */
export const noStack = { captureStackTrace: false } as const

/** The name of the span of one walk of a partitioned stream's range. */
export const partitionSpanName = "Blockscout.partition"

/** The options of a range walk's span: the call's attributes and the range's dimension (`block`, `index`). */
export const partitionSpanOptions = (ctx: ClientContext, endpoint: Endpoint, range: KeyRange) => ({
  attributes: { ...spanAttributes(ctx, endpoint), "blockscout.partition.dimension": range.dimension }
})

/**
 * How a range walk ended, on its span: the keys it covered (`low` and `high`, inclusive; no `high` for the open
 * newest end), the pages it walked, and its outcome: `done` (its range is fetched), `released` (it let the range
 * go, to be resumed from its cursor: fewer workers wanted, the stream's buffer full, the credit budget spent,
 * another range failed) or `failed` (`failed`, the reason tag, also as `error.type`).
 */
export const reportPartition = (
  bounds: { readonly lo: number; readonly hi: number },
  pages: number,
  released: boolean,
  failed: string | undefined
): Effect.Effect<void> => {
  const failure = failed === "BudgetExhausted" ? undefined : failed
  return Effect.annotateCurrentSpan({
    "blockscout.partition.low": bounds.lo,
    ...(Number.isFinite(bounds.hi) ? { "blockscout.partition.high": bounds.hi } : {}),
    "blockscout.partition.pages": pages,
    "blockscout.partition.outcome": failure !== undefined ? "failed" : released ? "released" : "done",
    ...(failure === undefined ? {} : { "error.type": failure })
  })
}
