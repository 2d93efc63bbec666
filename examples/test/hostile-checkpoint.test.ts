/**
 * The CLI's checkpoint, output and messages hold no secret when a server echoes the keys into its cursors
 * (under any name, inside values, in every encoded form) or its error bodies: the client strips such cursor
 * entries before it hands a page out, so the checkpoint (which stores the cursor to resume from) never sees
 * them, and what is resumed from a checkpoint never sends them back.
 */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem, Layer } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import { readFileSync } from "node:fs"
import { runCli } from "./harness.ts"

const apiKey = "proapi_CH3CKP01NT+/=&k ~!'()"
const secretKey = 'inst_CP_S3CRET<>"0987'

/** Every form a server may echo a secret in. */
const formsOf = (secret: string) => [
  secret,
  encodeURIComponent(secret),
  encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
  new URLSearchParams({ x: secret }).toString().slice(2),
  JSON.stringify(secret).slice(1, -1).replace(/\//g, "\\/").replace(/&/g, "\\u0026"),
  secret.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
]

const assertNoSecret = (what: string, text: string) => {
  for (const secret of [apiKey, secretKey]) {
    for (const form of formsOf(secret)) assert.notInclude(text, form, `${what} holds a secret`)
    for (let at = 0; at + 8 <= secret.length; at++) assert.notInclude(text, secret.slice(at, at + 8), what)
  }
}

const withdrawal = JSON.parse(
  readFileSync(new URL("../../packages/client/test/fixtures/items.json", import.meta.url), "utf8")
).withdrawals[0] as Record<string, unknown>

/** A cursor that echoes both keys under every name and inside values, beside its real `index`. */
const leaky = (index: number) => ({
  index,
  apikey: apiKey,
  api_key: apiKey,
  "x-api-key": encodeURIComponent(apiKey),
  token: formsOf(apiKey)[4],
  "apikey[]": apiKey,
  "api key": apiKey,
  note: `a=1&apikey=${encodeURIComponent(apiKey)}&key=${encodeURIComponent(secretKey)}`,
  key: secretKey,
  html: formsOf(secretKey)[5],
  [apiKey]: 1
})

/** Withdrawals 10 to 1, two a page, each page's cursor leaking the keys; the queries asked, recorded. */
const leakyServer = () => {
  const queries: Array<string> = []
  const http = HttpClient.make((request, url) =>
    Effect.sync(() => {
      queries.push(url.search)
      const from = Number(url.searchParams.get("index") ?? "10")
      const items = [from, from - 1].filter((i) => i > 0).map((index) => ({ ...withdrawal, index }))
      const next = from - 2 > 0 ? leaky(from - 2) : null
      return HttpClientResponse.fromWeb(
        request,
        new Response(JSON.stringify({ items, next_page_params: next }), {
          headers: { "content-type": "application/json" }
        })
      )
    })
  )
  return { layer: Layer.succeed(HttpClient.HttpClient, http), queries }
}

describe("blockscout CLI against a server that echoes the keys", () => {
  it.effect("the checkpoint, the output and stderr hold no secret; a resume sends none back", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* fs.makeTempDirectoryScoped()
      const out = `${dir}/out.ndjson`
      const cp = `${dir}/out.checkpoint.json`
      const argv = [
        "withdrawals",
        "--base-url",
        "http://leaky.test",
        "--api-key",
        apiKey,
        "--secret-key",
        secretKey,
        "-o",
        out,
        "--resume",
        cp
      ]
      const server = leakyServer()
      const first = yield* runCli([...argv, "--limit", "4"], server.layer)
      assert.strictEqual(first.code, 0, first.stderr)
      const checkpoint = yield* fs.readFileString(cp)
      assert.include(checkpoint, '"index":6', "the checkpoint holds the cursor to resume from")
      assertNoSecret("the checkpoint", checkpoint)
      assertNoSecret("stderr", first.stderr)
      assertNoSecret("stdout", first.stdout)

      const resumed = yield* runCli(argv, server.layer)
      assert.strictEqual(resumed.code, 0, resumed.stderr)
      assertNoSecret("the checkpoint after the resume", yield* fs.readFileString(cp))
      assertNoSecret("stderr of the resume", resumed.stderr)
      const lines = (yield* fs.readFileString(out)).trimEnd().split("\n")
      assert.strictEqual(lines.length, 10, "every withdrawal once")
      // Every query after the first page carries the cursor's index, the page size and the client's credentials.
      for (const query of server.queries.slice(1)) {
        const names = [...new URLSearchParams(query).keys()].sort()
        assert.deepStrictEqual(names, ["apikey", "index", "items_count", "key"], query)
      }
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )
})
