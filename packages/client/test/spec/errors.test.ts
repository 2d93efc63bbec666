/**
 * End to end: the real client (both families, over `FetchHttpClient` and `NodeHttpClient`) against a loopback
 * server answering with the error statuses Blockscout's OpenAPI specs declare per endpoint (422
 * `JsonErrorResponse`, 404 `NotFoundResponse`, 403 `ForbiddenResponse`, the docs spec's bodiless 400), bodies
 * sampled from their schemas; then the statuses the API doc lists that the specs leave out (401, 402, 429, 503),
 * bodies from the same specs' error schemas.
 *
 * Each must map to its `BlockscoutError` reason, keep the server's words in a non-empty message (or name the
 * status when the server said nothing), hold no key anywhere, and be sent exactly as often as it should be:
 * once for a 4xx (lists and streams alike), 1 + the retry budget for 429 and 5xx.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import type { BlockscoutError, BlockscoutShape, Family } from "../../src/index.ts"
import { isVersionRead, withVersion } from "../support/ScriptedServer.ts"
import {
  apiKeyText,
  type DeclaredError,
  errorFieldSchema,
  makeRng,
  messageSchema,
  type Row,
  requestPath,
  rows,
  sampleBody,
  scale,
  secretKeyText,
  type SpecEndpoint,
  specClient,
  specEndpoint,
  specFiles
} from "./support/specResponses.ts"

/** Sampled bodies per declared error status, endpoint, family and spec. */
const errorSamples = 2 * scale
/** The retry budget of the 429 / 5xx checks (each retry is a real, if short, sleep). */
const retryTimes = 1

const families: ReadonlyArray<Family> = ["pro", "instance"]

/** The reason each status must map to. */
const reasonOf = (status: number): BlockscoutError["reason"]["_tag"] =>
  status === 404 || status === 501
    ? "NotFound"
    : status === 401 || status === 403
      ? "Unauthorized"
      : status === 402
        ? "OutOfCredits"
        : status === 429
          ? "RateLimited"
          : status >= 500
            ? "ServerError"
            : "InvalidRequest"

const isObject = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * What the server said, in the forms a reader needs to see: `message`; `error`; each `errors[]` entry's
 * pointer and detail (its title when the detail is blank). Blank texts say nothing.
 */
const serverTexts = (body: unknown): Array<string> => {
  if (!isObject(body)) return []
  const texts: Array<string> = []
  if (typeof body.message === "string") texts.push(body.message)
  else if (typeof body.error === "string") texts.push(body.error)
  else if (Array.isArray(body.errors)) {
    for (const entry of body.errors) {
      if (!isObject(entry)) continue
      const source = isObject(entry.source) ? entry.source : {}
      if (typeof source.pointer === "string") texts.push(source.pointer)
      // The detail, or the title when the detail is blank.
      if (typeof entry.detail === "string" && entry.detail.trim() !== "") texts.push(entry.detail)
      else if (typeof entry.title === "string") texts.push(entry.title)
    }
  }
  return texts.filter((text) => text.trim() !== "")
}

/** Calls the row once the way its users do: one page, or the bare array (E3). */
const callOnce = (bs: BlockscoutShape, row: Row): Effect.Effect<unknown, BlockscoutError> =>
  row.array !== undefined ? row.array(bs) : (row.list as NonNullable<Row["list"]>)(bs, {})

/** Runs the row's item stream to its end. */
const streamAll = (bs: BlockscoutShape, row: Row) => Stream.runDrain((row.stream as NonNullable<Row["stream"]>)(bs, {}))

/** The checks every mapped error must pass. */
const checkError = (
  error: BlockscoutError,
  expected: { readonly status: number; readonly body: unknown; readonly family: Family; readonly row: Row },
  where: string
) => {
  const { body, family, row, status } = expected
  const reason = error.reason
  assert.strictEqual(reason._tag, reasonOf(status), `${where}: reason`)
  if ("status" in reason) assert.strictEqual(reason.status, status, `${where}: status`)
  assert.strictEqual(reason.endpoint, row.name, `${where}: endpoint`)
  const message = "message" in reason ? reason.message : ""
  assert.isTrue(message.trim() !== "", `${where}: a message (${JSON.stringify(body)})`)
  const texts = serverTexts(body)
  for (const text of texts) assert.include(message, text, `${where}: the server's words kept`)
  if (texts.length === 0) {
    // Nothing said (`{}`, blank fields, no body): the status is named. Other keys only: the body itself is shown.
    const shown = typeof body === "string" ? body : JSON.stringify(body)
    assert.isTrue(
      message === `HTTP ${status}` || shown.startsWith(message.replace(/\.\.\.$/, "")),
      `${where}: no server words: ${JSON.stringify(message)} names the status or shows the body ${shown}`
    )
  }
  assert.include(reason.url, requestPath(family, row), `${where}: url`)
  for (const text of [error.message, String(error), reason.url, message, JSON.stringify(reason)]) {
    assert.notInclude(text, apiKeyText, `${where}: no key`)
    assert.notInclude(text, secretKeyText, `${where}: no secret`)
  }
}

/** Seeds distinct per spec, endpoint, family and status. */
const seedOf = (specIndex: number, rowIndex: number, family: Family, status: number) =>
  (((specIndex * 16 + rowIndex) * 2 + (family === "pro" ? 0 : 1)) * 1000 + status) * 100

/** A sampled error body of a declared status; a status declared without content gets an empty body. */
const declaredBody = (endpoint: SpecEndpoint, declared: DeclaredError, seed: number): unknown =>
  declared.schema === undefined ? "" : sampleBody(endpoint.doc, declared.schema, makeRng(seed))

for (const [specIndex, spec] of specFiles.entries()) {
  describe(`error statuses of ${spec.name}`, () => {
    for (const [rowIndex, row] of rows.entries()) {
      const endpoint = specEndpoint(spec, row)
      for (const family of families) {
        const where = `${spec.name} ${row.ids[family]} ${row.name} (${family})`
        const declared = endpoint.errors.map((e) => e.status).join(", ")

        it.live(
          `${row.ids[family]} ${row.name} (${family}): declared ${declared || "none"}, mapped, never retried`,
          () =>
            Effect.gen(function* () {
              const cases = endpoint.errors.flatMap((error) =>
                Array.from({ length: error.schema === undefined ? 1 : errorSamples }, (_, i) => ({
                  status: error.status,
                  body: declaredBody(endpoint, error, seedOf(specIndex, rowIndex, family, error.status) + i)
                }))
              )
              // A 404 of a row declaring `since` has the server's version read (a current one here), outside the cases.
              const { bs, server } = yield* specClient(
                spec,
                family,
                withVersion((_, n) => cases[n] ?? { status: 599 })
              )
              for (const [i, c] of cases.entries()) {
                const error = yield* Effect.flip(callOnce(bs, row))
                checkError(error, { ...c, family, row }, `${where} ${c.status} #${i}`)
                assert.strictEqual(
                  server.requests.filter((r) => !isVersionRead(r)).length,
                  i + 1,
                  `${where} ${c.status} #${i}: sent once, not retried`
                )
              }
              // A stream meets the same error on its first page: it fails the same way, also without a retry.
              const first = cases[0]
              if (row.stream !== undefined && first !== undefined) {
                server.script(() => first)
                const before = server.requests.length
                const error = yield* Effect.flip(streamAll(bs, row))
                checkError(error, { ...first, family, row }, `${where} ${first.status} (stream)`)
                assert.strictEqual(server.requests.length, before + 1, `${where} (stream): sent once`)
              }
            }).pipe(Effect.scoped)
        )

        it.live(
          `${row.ids[family]} ${row.name} (${family}): 401 and 402 final, 429 and 503 retried, bodies from the spec`,
          () =>
            Effect.gen(function* () {
              const message = messageSchema(endpoint.doc)
              const error = errorFieldSchema(endpoint.doc)
              const seed = seedOf(specIndex, rowIndex, family, 0)
              const bodyOf = (status: number, schema: typeof message) =>
                schema === undefined ? "" : sampleBody(endpoint.doc, schema, makeRng(seed + status))
              const cases = [
                { status: 401, body: bodyOf(401, message ?? error), sends: 1 },
                { status: 402, body: bodyOf(402, error ?? message), sends: 1 },
                { status: 429, body: bodyOf(429, message ?? error), sends: 1 + retryTimes },
                { status: 503, body: bodyOf(503, error ?? message), sends: 1 + retryTimes }
              ]
              const { bs, server } = yield* specClient(spec, family, () => ({ status: 599 }), {
                retry: { times: retryTimes, base: "1 millis", max: "1 millis" }
              })
              for (const c of cases) {
                server.script(() => c)
                const before = server.requests.length
                const failure = yield* Effect.flip(callOnce(bs, row))
                checkError(failure, { ...c, family, row }, `${where} ${c.status}`)
                assert.strictEqual(server.requests.length - before, c.sends, `${where} ${c.status}: requests sent`)
              }
            }).pipe(Effect.scoped)
        )
      }
    }
  })
}

describe("the sampled error bodies", () => {
  it("cover every status the specs declare for these endpoints", () => {
    // The statuses the five specs declare for the twelve endpoints (instance-docs: 400 without a body).
    const declared = new Set(
      specFiles.flatMap((spec) => rows.flatMap((row) => specEndpoint(spec, row).errors.map((e) => e.status)))
    )
    assert.deepStrictEqual([...declared].sort(), [400, 403, 404, 422])
  })
})
