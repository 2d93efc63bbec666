/**
 * Benchmark: JSON.parse + decode of realistic 50-item pages (transactions, token transfers) against JSON.parse
 * alone on the same bytes. Run: `pnpm bench:schema` (= `node --conditions=source bench/schema-decode.ts`).
 *
 * Three decoders per page: Effect's `Schema.decodeUnknownExit` (interpreted), Effect's schema JIT
 * (`SchemaJITCompiler.enable`), and this package's `decodeResponseExit` (precompiled fast path).
 */
import { Exit, Schema } from "effect"
import { SchemaJITCompiler } from "effect/schema"
import {
  decodeResponseExit,
  hasFastPath,
  TokenTransfersResponse,
  TransactionsResponse
} from "../packages/schema/src/index.ts"
import { pageBody, tokenTransfer, transaction } from "./schema-pages.ts"

const warmup = Number(process.env.BENCH_WARMUP ?? 300)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2000)

/** Milliseconds per call of `f`, after warm-up; the median of 5 runs. */
const measure = (f: () => unknown): number => {
  for (let i = 0; i < warmup; i++) f()
  const runs: Array<number> = []
  for (let r = 0; r < 5; r++) {
    const start = performance.now()
    for (let i = 0; i < rounds / 5; i++) f()
    runs.push((performance.now() - start) / (rounds / 5))
  }
  return runs.sort((a, b) => a - b)[2] as number
}

const cases = [
  { name: "transactions (E4)", schema: TransactionsResponse, body: pageBody(transaction, 1) },
  { name: "token transfers (E1)", schema: TokenTransfersResponse, body: pageBody(tokenTransfer, 2) }
] as const

const rows: Array<string> = []
for (const { name, schema, body } of cases) {
  const interpreted = Schema.decodeUnknownExit(schema as Schema.Codec<unknown, unknown>)
  const fast = decodeResponseExit(schema as Schema.Codec<unknown, unknown>)
  if (!hasFastPath(schema)) throw new Error(`${name}: no compiled fast path`)
  // Both decoders must accept the page, or the figures are meaningless.
  for (const decode of [interpreted, fast]) {
    const exit = decode(JSON.parse(body))
    if (Exit.isFailure(exit)) throw new Error(`${name}: page does not decode: ${String(exit.cause)}`)
  }
  const parse = measure(() => JSON.parse(body))
  const withInterpreted = measure(() => interpreted(JSON.parse(body)))
  const withFast = measure(() => fast(JSON.parse(body)))
  const items = (ms: number) => Math.round((50 / ms) * 1000).toLocaleString("en-US")
  const line = (label: string, ms: number) =>
    `| ${name} | ${label} | ${ms.toFixed(3)} | ${items(ms)} | ${(ms / parse).toFixed(2)}x |`
  rows.push(
    line("JSON.parse alone", parse),
    line("JSON.parse + Schema.decodeUnknownExit", withInterpreted),
    line("JSON.parse + decodeResponseExit", withFast)
  )
  console.error(`${name}: ${(body.length / 1024).toFixed(0)} KiB per page`)
}

// Effect's own JIT, enabled last because it changes the global parser registry for these ASTs.
for (const { name, schema, body } of cases) {
  SchemaJITCompiler.enable(schema.ast)
  const jit = Schema.decodeUnknownExit(schema as Schema.Codec<unknown, unknown>)
  const parse = measure(() => JSON.parse(body))
  const ms = measure(() => jit(JSON.parse(body)))
  rows.push(
    `| ${name} | JSON.parse + Schema.decodeUnknownExit, SchemaJITCompiler.enable | ${ms.toFixed(3)} | ${Math.round((50 / ms) * 1000).toLocaleString("en-US")} | ${(ms / parse).toFixed(2)}x |`
  )
}

console.log(`Node ${process.version}, ${rounds} pages per figure (median of 5 runs), 50 items per page\n`)
console.log("| page | decoder | ms / page | items / s | vs JSON.parse |")
console.log("| --- | --- | ---: | ---: | ---: |")
for (const row of rows) console.log(row)
