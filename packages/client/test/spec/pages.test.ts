/**
 * End to end: the real client (both families, over `FetchHttpClient` and `NodeHttpClient`) against a loopback
 * server answering with 200 responses generated from Blockscout's own OpenAPI specs, every endpoint, every spec
 * file that defines it.
 *
 * - `list*` (and the generic `page(name, args)`) decodes every sampled page (compared with Effect's own
 *   decoder on the same body), with and without a cursor and a page size, and sends the query the cursor
 *   calls for;
 * - `stream*` / `stream*Pages` follow a finite chain of sampled pages (sampled `next_page_params` of every
 *   kind: numbers, strings, null, booleans, nested values; the last page's set to null): every item arrives
 *   once, in order, one request per page, each page's query is the cursor sent back sensibly plus the filters
 *   and the page size asked (the largest, `items_count=100`, unless one was given),
 *   and no key travels in a cursor (the pre-12 spec's cursors echo the caller's `apikey`/`key`, as those
 *   servers did);
 * - E3's bare arrays decode.
 *
 * Seeds are fixed (a failure names spec, endpoint, family and seed, and reproduces); `SPEC_E2E_SCALE=10`
 * serves ten times as many samples and ten-times-longer chains.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { sameValue } from "../../../schema/test/support.ts"
import type { NextPageParams } from "@blockscout-effect/schema"
import type { Family, Page } from "../../src/index.ts"
import { largestPage } from "../../src/internal/arguments.ts"
import type { Recorded } from "../support/ScriptedServer.ts"
import {
  apiKeyText,
  canonical,
  expectedCursorQuery,
  expectedQuery,
  genericArgs,
  makeRng,
  referenceDecode,
  type Row,
  scale,
  requestPath,
  rows,
  sampleBody,
  secretKeyText,
  type SpecEndpoint,
  specClient,
  specEndpoint,
  specFiles
} from "./support/specResponses.ts"

/** Pages each `list*` test decodes, per endpoint, family and spec. */
const listSamples = 5 * scale
/** Pages in each stream chain. */
const chainLength = 4 * scale
/** E3 arrays per family and spec. */
const arraySamples = 6 * scale

const families: ReadonlyArray<Family> = ["pro", "instance"]
/** The page size the item streams are given: none on Pro, 60 on an instance (`items_count=60`). */
const streamPageSize = (family: Family) => (family === "instance" ? 60 : undefined)
/** What a stream asks: the page size it was given, else the largest page (`items_count=100`). */
const asked = (pageSize: number | undefined) => pageSize ?? largestPage

type Json = Readonly<Record<string, unknown>>
type PageBody = { items: ReadonlyArray<unknown>; next_page_params: Json | null }

const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

/** Pre-12 servers echoed the caller's credentials into every cursor (the API doc); the v11.2.7 spec's pages do too. */
const echoesCredentials = (endpoint: SpecEndpoint) => endpoint.spec.name === "instance-v11.2.7"

const withEcho = (endpoint: SpecEndpoint, body: PageBody): PageBody =>
  echoesCredentials(endpoint) && body.next_page_params !== null
    ? { ...body, next_page_params: { ...body.next_page_params, apikey: apiKeyText, key: secretKeyText } }
    : body

/**
 * The query a request carried, less the client's own credentials, after checking those: Pro sends its key as
 * `apikey` once (and no `key`); the instance sends its key as a header and its secret as `key` once.
 */
const queryWithoutCredentials = (family: Family, request: Recorded): Array<readonly [string, string]> => {
  const all = [...request.query.entries()]
  const apikeys = all.filter(([k]) => k === "apikey").map(([, v]) => v)
  const keys = all.filter(([k]) => k === "key").map(([, v]) => v)
  if (family === "pro") {
    assert.deepStrictEqual(apikeys, [apiKeyText], "the Pro key is sent once, as apikey")
    assert.deepStrictEqual(keys, [], "no key from a cursor")
    assert.isUndefined(request.headers["x-api-key"])
  } else {
    assert.deepStrictEqual(apikeys, [], "the header key is not also sent in the query (nor taken from a cursor)")
    assert.deepStrictEqual(keys, [secretKeyText], "the secret is sent once, as key")
    assert.strictEqual(request.headers["x-api-key"], apiKeyText)
  }
  return all.filter(([k]) => k !== "apikey" && k !== "key")
}

/** A decoded cursor without credentials, as the client hands it out. */
const withoutCredentials = (cursor: unknown): unknown =>
  isObject(cursor)
    ? Object.fromEntries(
        Object.entries(cursor).filter(([k]) => k.toLowerCase() !== "apikey" && k.toLowerCase() !== "key")
      )
    : cursor

/** A sampled page body whose cursor is a non-null object (resampled from the same seeded stream until it is). */
const sampleWithCursor = (
  endpoint: SpecEndpoint,
  rng: ReturnType<typeof makeRng>,
  accept: (cursor: Json) => boolean
): PageBody => {
  for (let attempt = 0; attempt < 200; attempt++) {
    const body = sampleBody(endpoint.doc, endpoint.ok, rng) as PageBody
    if (isObject(body.next_page_params) && accept(body.next_page_params)) return body
  }
  throw new Error(`${endpoint.spec.name} ${endpoint.specPath}: no usable cursor in 200 samples`)
}

/**
 * A finite chain of sampled pages: every page but the last hands out a cursor that sends a query of its own
 * (not empty, not one sent before: the client would rightly treat a repeat as a stall); the last page's
 * `next_page_params` is null.
 */
const sampleChain = (row: Row, endpoint: SpecEndpoint, seed: number, pageSize: number | undefined, start?: Json) => {
  const rng = makeRng(seed)
  const seen = new Set<string>([canonical(expectedCursorQuery(row, start ?? {}, pageSize)).join("&")])
  const bodies: Array<PageBody> = []
  for (let i = 0; i < chainLength; i++) {
    if (i === chainLength - 1) {
      bodies.push({ ...(sampleBody(endpoint.doc, endpoint.ok, rng) as PageBody), next_page_params: null })
      break
    }
    const body = sampleWithCursor(endpoint, rng, (cursor) => {
      const id = canonical(expectedCursorQuery(row, cursor, pageSize)).join("&")
      if (seen.has(id)) return false
      seen.add(id)
      return true
    })
    bodies.push(withEcho(endpoint, body))
  }
  return bodies
}

/** The seeds of one endpoint, family and spec (distinct across all of them). */
const seedOf = (specIndex: number, rowIndex: number, family: Family) =>
  ((specIndex * 16 + rowIndex) * 2 + (family === "pro" ? 0 : 1)) * 1000

specFiles.forEach((spec, specIndex) => {
  describe(`200s generated from ${spec.name}`, () => {
    rows.forEach((row, rowIndex) => {
      const endpoint = specEndpoint(spec, row)
      for (const family of families) {
        const where = `${row.ids[family]} ${row.name} (${family})`
        const seedBase = seedOf(specIndex, rowIndex, family)

        if (row.array !== undefined) {
          const array = row.array
          it.live(`${where}: ${arraySamples} sampled bare arrays decode`, () =>
            Effect.gen(function* () {
              const bodies = Array.from({ length: arraySamples }, (_, i) =>
                sampleBody(endpoint.doc, endpoint.ok, makeRng(seedBase + i))
              )
              const { bs, server } = yield* specClient(spec, family, (_, n) => ({ body: bodies[n] }))
              for (let i = 0; i < arraySamples; i++) {
                const got = yield* array(bs)
                assert.isTrue(
                  sameValue(got, referenceDecode(row, bodies[i])),
                  `${spec.name} ${where} seed ${seedBase + i}`
                )
              }
              assert.strictEqual(server.requests.length, arraySamples)
              for (const request of server.requests) {
                assert.strictEqual(request.path, requestPath(family, row))
                assert.deepStrictEqual(queryWithoutCredentials(family, request), [], "E3 takes no query")
              }
            }).pipe(Effect.scoped)
          )
          continue
        }

        const list = row.list as NonNullable<Row["list"]>
        const stream = row.stream as NonNullable<Row["stream"]>
        const pages = row.pages as NonNullable<Row["pages"]>

        it.live(`${where}: list decodes ${listSamples} sampled pages, with and without cursor and page size`, () =>
          Effect.gen(function* () {
            const bodies = Array.from(
              { length: listSamples },
              (_, i) => sampleBody(endpoint.doc, endpoint.ok, makeRng(seedBase + 100 + i)) as PageBody
            )
            const { bs, server } = yield* specClient(spec, family, (_, n) => ({ body: bodies[n] }))
            // Odd calls pass the previous page's cursor as it came out of the client; every third sets a page size.
            let previous: NextPageParams | null = null
            const asked: Array<{ cursor: NextPageParams | undefined; pageSize: number | undefined }> = []
            for (let i = 0; i < listSamples; i++) {
              const cursor = i % 2 === 1 && previous !== null ? previous : undefined
              const pageSize = i % 3 === 2 ? 25 : undefined
              asked.push({ cursor, pageSize })
              // Every other call goes through the generic `page(name, args)` that tools use.
              const page: Page<unknown> =
                i % 2 === 0
                  ? yield* list(bs, { cursor, pageSize })
                  : yield* bs.page(row.name, genericArgs(row, { cursor, pageSize }))
              const reference = referenceDecode(row, bodies[i]) as PageBody
              const seed = `${spec.name} ${where} seed ${seedBase + 100 + i}`
              assert.isTrue(sameValue(page.items, reference.items), `${seed}: items`)
              assert.isTrue(
                sameValue(page.next_page_params, withoutCredentials(reference.next_page_params)),
                `${seed}: next_page_params`
              )
              previous = page.next_page_params
            }
            assert.strictEqual(server.requests.length, listSamples, "one request per call, none retried")
            server.requests.forEach((request, i) => {
              const { cursor, pageSize } = asked[i] as (typeof asked)[number]
              assert.strictEqual(request.path, requestPath(family, row))
              assert.deepStrictEqual(
                canonical(queryWithoutCredentials(family, request)),
                canonical(expectedQuery(row, cursor, pageSize)),
                `${spec.name} ${where} call ${i}: query`
              )
            })
          }).pipe(Effect.scoped)
        )

        it.live(`${where}: stream follows a chain of ${chainLength} sampled pages, every item once, in order`, () =>
          Effect.gen(function* () {
            const pageSize = streamPageSize(family)
            const bodies = sampleChain(row, endpoint, seedBase + 200, asked(pageSize))
            const { bs, server } = yield* specClient(spec, family, (_, n) => ({ body: bodies[n] }))
            // Pro through the named method, the instance through the generic `stream(name, args)`.
            const items = yield* Stream.runCollect(
              family === "pro" ? stream(bs, { pageSize }) : bs.stream(row.name, genericArgs(row, { pageSize }))
            )
            const expected = bodies.flatMap((body) => (referenceDecode(row, body) as PageBody).items)
            assert.strictEqual(items.length, expected.length)
            assert.isTrue(sameValue(items, expected), `${spec.name} ${where} seed ${seedBase + 200}: items in order`)
            assert.strictEqual(server.requests.length, chainLength, "one request per page, nothing after the last")
            server.requests.forEach((request, i) => {
              const sent = i === 0 ? undefined : (bodies[i - 1]?.next_page_params ?? undefined)
              assert.strictEqual(request.path, requestPath(family, row))
              assert.deepStrictEqual(
                canonical(queryWithoutCredentials(family, request)),
                canonical(expectedQuery(row, sent, asked(pageSize))),
                `${spec.name} ${where} page ${i + 1}: the cursor sent back, the filters re-sent, the page size asked`
              )
            })
          }).pipe(Effect.scoped)
        )

        it.live(
          `${where}: stream*Pages resumes from a sampled cursor; each page carries the cursor it was fetched with`,
          () =>
            Effect.gen(function* () {
              const rng = makeRng(seedBase + 300)
              const start = referenceDecode(
                row,
                withEcho(
                  endpoint,
                  sampleWithCursor(endpoint, rng, () => true)
                )
              ) as PageBody
              const resume = start.next_page_params as NextPageParams
              const bodies = sampleChain(row, endpoint, seedBase + 301, largestPage, resume)
              const { bs, server } = yield* specClient(spec, family, (_, n) => ({ body: bodies[n] }))
              const got = yield* Stream.runCollect(pages(bs, { cursor: resume }))
              assert.strictEqual(got.length, chainLength)
              assert.strictEqual(server.requests.length, chainLength, "one request per page, nothing after the last")
              got.forEach((page, i) => {
                const reference = referenceDecode(row, bodies[i]) as PageBody
                const fetchedWith = withoutCredentials(
                  i === 0 ? resume : (referenceDecode(row, bodies[i - 1]) as PageBody).next_page_params
                )
                assert.isTrue(sameValue(page.items, reference.items), `page ${i + 1}: items`)
                assert.isTrue(sameValue(page.cursor, fetchedWith), `page ${i + 1}: cursor it was fetched with`)
                assert.isTrue(
                  sameValue(page.next_page_params, withoutCredentials(reference.next_page_params)),
                  `page ${i + 1}: next_page_params`
                )
                const handedOut = JSON.stringify([page.cursor, page.next_page_params])
                assert.notInclude(handedOut, apiKeyText)
                assert.notInclude(handedOut, secretKeyText)
              })
              server.requests.forEach((request, i) => {
                const sent = i === 0 ? resume : (bodies[i - 1]?.next_page_params ?? undefined)
                assert.deepStrictEqual(
                  canonical(queryWithoutCredentials(family, request)),
                  canonical(expectedQuery(row, sent, largestPage)),
                  `${spec.name} ${where} page ${i + 1}: query (the largest page asked)`
                )
              })
            }).pipe(Effect.scoped)
        )
      }
    })
  })
})

describe("the sampled cursors the streams follow", () => {
  it("hold numbers, strings, null, booleans and nested values", () => {
    const cursorStats = { nulls: 0, booleans: 0, nested: 0, strings: 0, numbers: 0 }
    for (const [specIndex, spec] of specFiles.entries()) {
      for (const [rowIndex, row] of rows.entries()) {
        if (row.array !== undefined) continue
        for (const family of families) {
          const chain = sampleChain(
            row,
            specEndpoint(spec, row),
            seedOf(specIndex, rowIndex, family) + 200,
            asked(streamPageSize(family))
          )
          for (const value of chain.flatMap((body) => Object.values(body.next_page_params ?? {}))) {
            if (value === null) cursorStats.nulls++
            else if (typeof value === "boolean") cursorStats.booleans++
            else if (typeof value === "object") cursorStats.nested++
            else if (typeof value === "string") cursorStats.strings++
            else cursorStats.numbers++
          }
        }
      }
    }
    assert.isAbove(cursorStats.numbers, 0)
    assert.isAbove(cursorStats.strings, 0)
    assert.isAbove(cursorStats.nulls, 0)
    assert.isAbove(cursorStats.booleans, 0)
    assert.isAbove(cursorStats.nested, 0)
  })
})
