/**
 * Client streaming benchmark: `Blockscout.streamTransactions` from a loopback server against a
 * hand-written loop of fetch + JSON.parse + the same schema decode, following the same cursors.
 *
 * Run: pnpm bench:client   (node --conditions=source bench/client-stream.ts [pages] [rounds] [server ms per page])
 * Without the third argument it runs three series: 0 ms (CPU overhead only), 2 ms and 5 ms per page.
 * `BENCH_ONLY="prefetch 0,hand-written fetch"` runs only the rows whose name contains one of those texts.
 * `BENCH_RATE=20` puts the server behind a rate limit of 20 requests a second (a fixed one-second window,
 * announced in `x-ratelimit-*` as Blockscout does, 429 past it), with the client's limiter on in every client
 * row, so it follows the announced rate as it would against a real plan (the hand-written loops do not pace).
 *
 * Both sides use the same fetch (undici), the same server and the same `TransactionsResponse` schema;
 * the client runs with its defaults except the rate limiter (off), and once with every default (the server
 * announces `-1`, unlimited, as Blockscout does without limits: the limiter must cost nothing). Figures go
 * to BENCHMARKS.md, "Client streaming".
 */
import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import { isMainThread, parentPort, Worker } from "node:worker_threads"
import type { AddressInfo } from "node:net"
// Relative imports: the workspace root does not depend on its packages.
import { Blockscout } from "../packages/client/src/index.ts"
import { decodeResponseExit, TransactionsResponse } from "../packages/schema/src/index.ts"
import { Effect, Layer, Redacted, Stream } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"
import { NodeHttpClient } from "@effect/platform-node"

const pages = Number(process.argv[2] ?? 200)
const rounds = Number(process.argv[3] ?? 5)
/** Server time per page in milliseconds (real servers take tens to hundreds); 0 measures CPU overhead only. */
const latencies = process.argv[4] === undefined ? [0, 2, 5] : [Number(process.argv[4])]
const latency = latencies[0]!
const pageSize = 50
/** Requests a second the server allows (`BENCH_RATE`); undefined: unlimited (announced as `-1`). */
const rate = process.env.BENCH_RATE === undefined ? undefined : Number(process.env.BENCH_RATE)

/**
 * The loopback server runs in a worker thread, as a real server runs outside the client's thread: the
 * client's prefetch can then overlap the server's work and the transfer with its own decoding.
 */
const serve = () => {
  const fixtures = JSON.parse(
    readFileSync(new URL("../packages/client/test/fixtures/items.json", import.meta.url), "utf8")
  ) as { transactions: Array<unknown> }
  const items = Array.from({ length: pageSize }, (_, i) => fixtures.transactions[i % fixtures.transactions.length])
  const itemsJson = JSON.stringify(items)
  const bodies = Array.from(
    { length: pages },
    (_, n) =>
      `{"items":${itemsJson},"next_page_params":${
        n + 1 < pages ? JSON.stringify({ block_number: 1_000_000 - n, index: 0, items_count: pageSize }) : "null"
      }}`
  )
  /** The rate limit's current window: when it started and what it has answered. */
  const window = { start: 0, count: 0 }
  const limitHeaders = (): { readonly headers: Record<string, string>; readonly over: boolean } => {
    if (rate === undefined) {
      return {
        headers: { "x-ratelimit-limit": "-1", "x-ratelimit-remaining": "-1", "x-ratelimit-reset": "-1" },
        over: false
      }
    }
    const now = Date.now()
    if (now - window.start >= 1000) {
      window.start = now
      window.count = 0
    }
    window.count++
    const headers = {
      "x-ratelimit-limit": String(rate),
      "x-ratelimit-remaining": String(Math.max(0, rate - window.count)),
      "x-ratelimit-reset": String(window.start + 1000 - now)
    }
    return { headers, over: window.count > rate }
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    const block = url.searchParams.get("block_number")
    const n = block === null ? 0 : 1_000_000 - Number(block) + 1
    const send = () => {
      const { headers, over } = limitHeaders()
      if (over) {
        res.writeHead(429, { "content-type": "application/json", ...headers })
        res.end('{"message":"Too Many Requests"}')
        return
      }
      res.writeHead(200, { "content-type": "application/json", ...headers })
      res.end(bodies[n])
    }
    if (latency > 0) setTimeout(send, latency)
    else send()
  })
  server.listen(0, "127.0.0.1", () => parentPort?.postMessage((server.address() as AddressInfo).port))
}

if (!isMainThread) {
  serve()
} else {
  await main()
}

async function main() {
  for (const latency of latencies) await series(latency)
}

async function series(latency: number) {
  const worker = new Worker(new URL(import.meta.url), {
    argv: [String(pages), String(rounds), String(latency)],
    execArgv: ["--conditions=source"]
  })
  const port = await new Promise<number>((resolve) => worker.once("message", resolve))
  const base = `http://127.0.0.1:${port}`

  // The decoder the client uses (the schema package's precompiled one), so both sides decode alike.
  const decodeExit = decodeResponseExit(TransactionsResponse)
  const decode = (json: unknown) => {
    const exit = decodeExit(json)
    if (exit._tag === "Failure") throw new Error("decode failed")
    return exit.value
  }

  /** The baseline: the loop one would write by hand. */
  const handWritten = async (): Promise<number> => {
    let count = 0
    let cursor: Readonly<Record<string, string | number | boolean | null>> | null = {}
    while (cursor !== null) {
      const query = new URLSearchParams({ apikey: "proapi_bench" })
      for (const [k, v] of Object.entries(cursor)) if (v !== null) query.set(k, String(v))
      const response = await fetch(`${base}/1/api/v2/transactions?${query}`)
      const page = decode(JSON.parse(await response.text()))
      count += page.items.length
      cursor = page.next_page_params
    }
    return count
  }

  /**
   * The same loop with what the client guarantees on every request and the bare loop skips: a timeout
   * (the client's default 120 s, as an abort signal) and a status check.
   */
  const handWrittenGuarded = async (): Promise<number> => {
    let count = 0
    let cursor: Readonly<Record<string, string | number | boolean | null>> | null = {}
    while (cursor !== null) {
      const query = new URLSearchParams({ apikey: "proapi_bench" })
      for (const [k, v] of Object.entries(cursor)) if (v !== null) query.set(k, String(v))
      const response = await fetch(`${base}/1/api/v2/transactions?${query}`, { signal: AbortSignal.timeout(120_000) })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const page = decode(JSON.parse(await response.text()))
      count += page.items.length
      cursor = page.next_page_params
    }
    return count
  }

  /**
   * The floor for any Effect client over `FetchHttpClient`: the bare loop, but each request through
   * `HttpClient.execute` and `response.text` (Effect's HTTP span off, as in the client), nothing else.
   */
  const viaFetchHttpClient = () =>
    Effect.runPromise(
      Effect.gen(function* () {
        const http = yield* HttpClient.HttpClient
        let count = 0
        let cursor: Readonly<Record<string, string | number | boolean | null>> | null = {}
        while (cursor !== null) {
          const query = new URLSearchParams({ apikey: "proapi_bench" })
          for (const [k, v] of Object.entries(cursor)) if (v !== null) query.set(k, String(v))
          const response = yield* http.execute(HttpClientRequest.get(`${base}/1/api/v2/transactions?${query}`))
          const page = decode(JSON.parse(yield* response.text))
          count += page.items.length
          cursor = page.next_page_params
        }
        return count
      }).pipe(
        Effect.provideService(HttpClient.TracerDisabledWhen, () => true),
        Effect.provide(FetchHttpClient.layer)
      )
    )

  const clientLayer = (prefetch: number, http: Layer.Layer<HttpClient.HttpClient>, limiter: boolean) =>
    Blockscout.layerPro({
      chainId: 1,
      apiKey: Redacted.make("proapi_bench"),
      baseUrl: base,
      rateLimit: limiter || rate !== undefined ? undefined : false,
      prefetch
    }).pipe(Layer.provide(http))

  const viaClient = (
    prefetch: number,
    http: Layer.Layer<HttpClient.HttpClient> = FetchHttpClient.layer,
    limiter = false
  ) =>
    Effect.runPromise(
      Blockscout.use((bs) => Stream.runCount(bs.streamTransactions())).pipe(
        Effect.provide(clientLayer(prefetch, http, limiter))
      )
    )

  const time = async (run: () => Promise<number>) => {
    const start = performance.now()
    const count = await run()
    const ms = performance.now() - start
    if (count !== pages * pageSize) throw new Error(`expected ${pages * pageSize} items, got ${count}`)
    return ms
  }

  const median = (xs: Array<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

  const candidates: Record<string, () => Promise<number>> = {
    "hand-written fetch + JSON.parse + decode": handWritten,
    "hand-written, with 120 s timeout signal + status check": handWrittenGuarded,
    "hand-written over FetchHttpClient (execute + text), no client": viaFetchHttpClient,
    "client stream (prefetch 1, default)": () => viaClient(1),
    "client stream (prefetch 0)": () => viaClient(0),
    "client stream, every default (limiter on, server announces -1)": () => viaClient(1, FetchHttpClient.layer, true),
    "client stream, NodeHttpClient.layerUndici (prefetch 1)": () => viaClient(1, NodeHttpClient.layerUndici)
  }
  // BENCH_ONLY=<text>[,<text>...] keeps the rows whose name contains one of the texts (to time one row alone).
  const only = process.env.BENCH_ONLY?.split(",")
  if (only !== undefined)
    for (const name of Object.keys(candidates)) if (!only.some((text) => name.includes(text))) delete candidates[name]
  // Warm-up: JIT, connection pool, schema compilation.
  for (const run of Object.values(candidates)) await time(run)
  const results: Record<string, Array<number>> = {}
  for (let r = 0; r < rounds; r++) {
    for (const [name, run] of Object.entries(candidates)) {
      const times = results[name] ?? []
      times.push(await time(run))
      results[name] = times
    }
  }
  await worker.terminate()

  console.log(
    `node ${process.version}, ${pages} pages x ${pageSize} transactions, server time ${latency} ms/page, ${
      rate === undefined ? "no rate limit" : `${rate} requests/s`
    }, ${rounds} rounds (median)`
  )
  console.log("| way | ms | items/s |")
  console.log("| --- | ---: | ---: |")
  for (const [name, times] of Object.entries(results)) {
    const ms = median(times)
    console.log(
      `| ${name} | ${ms.toFixed(0)} | ${Math.round((pages * pageSize) / (ms / 1000)).toLocaleString("en-US")} |`
    )
  }
}
