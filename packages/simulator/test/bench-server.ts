/**
 * Throughput of the simulated server (not a test; run it by hand):
 *   node --conditions=source packages/simulator/test/bench-server.ts
 * Prints items/s for the shared handler alone and over a loopback socket, streaming token transfers
 * (Pro shape, 50 a page) and transactions the way a client pages: each next_page_params sent back.
 */
import { Effect } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { SimulatedBlockscout } from "../src/index.ts"
import { serve } from "../src/node.ts"

const qs = (c: Record<string, string | number>) =>
  Object.entries(c)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join("&")

const direct = (path: string, pages: number) => {
  const sim = SimulatedBlockscout.make({ blocks: 250_000 })
  let cursor: Record<string, string | number> = {}
  let items = 0
  const t0 = performance.now()
  for (let i = 0; i < pages; i++) {
    const r = sim.handle({ method: "GET", url: `${path}?apikey=k&${qs(cursor)}`, headers: {} }, 0)
    const page = JSON.parse(r.body)
    items += page.items.length
    cursor = page.next_page_params
  }
  const ms = performance.now() - t0
  console.log(
    `handler ${path}: ${pages} pages, ${items} items in ${ms.toFixed(0)} ms = ${Math.round((items / ms) * 1000)} items/s`
  )
}

direct("/1/api/v2/token-transfers", 2000)
direct("/api/v2/transactions", 2000)

const loopback = Effect.gen(function* () {
  const server = yield* serve({ blocks: 250_000 })
  const client = yield* HttpClient.HttpClient
  let cursor: Record<string, string | number> = {}
  let items = 0
  const pages = 1000
  const t0 = performance.now()
  for (let i = 0; i < pages; i++) {
    const r = yield* client.get(`${server.baseUrl}/1/api/v2/token-transfers?apikey=k&${qs(cursor)}`)
    const page = (yield* r.json) as { items: Array<unknown>; next_page_params: Record<string, string | number> }
    items += page.items.length
    cursor = page.next_page_params
  }
  const ms = performance.now() - t0
  console.log(
    `loopback token-transfers: ${pages} pages, ${items} items in ${ms.toFixed(0)} ms = ${Math.round((items / ms) * 1000)} items/s`
  )
}).pipe(Effect.scoped, Effect.provide(FetchHttpClient.layer))

Effect.runPromise(loopback).then(() => process.exit(0))
