/**
 * End to end, as a user runs them: `blockscout` (`examples/src/cli/main.ts`) and `pnpm start`
 * (`examples/src/main.ts`) as child processes, against the simulated Blockscout on a loopback port and against
 * loopback servers that fail, refuse connections and answer slowly: real signals, exit codes, what goes to
 * stdout and what to stderr.
 */
import { serve } from "@blockscout-effect/client/testing/node"
import { Checkpoint } from "@blockscout-effect/export"
import { DuckDBInstance } from "@duckdb/node-api"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, FileSystem, Schedule } from "effect"
import type { ChildProcess } from "node:child_process"
import { createServer } from "node:net"
import { exitCodes } from "../src/cli/Exit.ts"
import { ndjson, runCli } from "./harness.ts"
import { entry, node } from "./spawn.ts"

const cliMain = entry("examples/src/cli/main.ts")
const startMain = entry("examples/src/main.ts")

/** A loopback port nothing listens on (a server is opened on it, then closed). */
const closedPort = Effect.promise(
  () =>
    new Promise<number>((resolve) => {
      const server = createServer()
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 9))
      })
    })
)

const readParquet = (path: string) =>
  Effect.promise(async () => {
    const db = await DuckDBInstance.create(":memory:")
    const c = await db.connect()
    const rows = (
      await c.runAndReadAll(
        `SELECT "block_number", "log_index", "transaction_hash", CAST("total.value" AS VARCHAR) AS value, ` +
          `strftime("timestamp" AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.%gZ') AS ts, "from.hash" AS sender FROM read_parquet('${path}')`
      )
    ).getRowObjectsJson()
    c.closeSync()
    db.closeSync()
    return rows
  })

describe("blockscout CLI as a child process: signals", () => {
  for (const [signal, format] of [
    ["SIGINT", "ndjson"],
    ["SIGTERM", "parquet"]
  ] as const) {
    it.live(
      `${signal} mid-stream exits ${exitCodes[signal]} with a valid checkpoint; the same command completes the ${format} file`,
      () =>
        Effect.scoped(
          Effect.gen(function* () {
            const fs = yield* FileSystem.FileSystem
            const dir = yield* fs.makeTempDirectoryScoped()
            // 10 ms a request and 5 items a page: 80 requests, long enough to interrupt in the middle.
            const server = yield* serve({ blocks: 2000, latency: 10 })
            const out = `${dir}/out.${format}`
            const cp = `${dir}/out.checkpoint.json`
            const query = ["token-transfers", "--page-size", "5", "--limit", "400"]
            const argv = [...query, "--base-url", server.baseUrl, "--requests-per-second", "1000"]
            const files = ["--format", format, "-o", out, "--resume", cp]

            let child: ChildProcess | undefined
            const interrupted = yield* node([cliMain, ...argv, ...files], { onSpawn: (c) => (child = c) }).pipe(
              Effect.forkChild
            )
            // Once a few pages are checkpointed, send the signal.
            yield* fs.readFileString(cp).pipe(
              Effect.map((text) => JSON.parse(text) as { pages: number }),
              Effect.filterOrFail((c) => c.pages >= 5),
              Effect.retry(Schedule.spaced("20 millis"))
            )
            child?.kill(signal)
            const first = yield* Fiber.join(interrupted)
            assert.strictEqual(first.code, exitCodes[signal], first.stderr)
            assert.match(first.stderr, /interrupted; .* keeps every whole page: run the same command to resume\n$/)
            assert.strictEqual(first.stdout, "")
            const saved = yield* Checkpoint.read(cp)
            assert.isFalse(saved?.done)
            assert.isBelow(saved?.items ?? 400, 400)
            assert.isAtLeast(saved?.items ?? 0, 25)

            const second = yield* node([cliMain, ...argv, ...files])
            assert.strictEqual(second.code, 0, second.stderr)
            assert.match(second.stderr, /^resumed: /m)

            // The same query, uninterrupted, in-process against the same (seeded) simulated chain.
            const whole = yield* runCli([...query, "--base-url", "http://x", "-o", `${dir}/whole.ndjson`], {
              blocks: 2000
            })
            assert.strictEqual(whole.code, 0, whole.stderr)
            if (format === "ndjson") {
              assert.deepStrictEqual(yield* fs.readFile(out), yield* fs.readFile(`${dir}/whole.ndjson`))
              return
            }
            // Parquet: the same rows, in order, with the same values as the NDJSON of the same query.
            const want = ndjson(yield* fs.readFileString(`${dir}/whole.ndjson`))
            const rows = yield* readParquet(out)
            assert.strictEqual(rows.length, 400)
            rows.forEach((row, i) => {
              const item = want[i]!
              assert.deepStrictEqual(
                [row.block_number, row.log_index, row.transaction_hash, row.value, row.ts, row.sender],
                [
                  item.block_number === undefined ? null : String(item.block_number),
                  String(item.log_index),
                  item.transaction_hash,
                  (item.total as { value?: string }).value ?? null,
                  item.timestamp,
                  (item.from as { hash: string }).hash
                ]
              )
            })
          }).pipe(Effect.provide(NodeServices.layer))
        ),
      30_000
    )
  }
})

describe("blockscout CLI as a child process: servers that misbehave", () => {
  it.live(
    "stdout is NDJSON at every log level while retries, logs and notices go to stderr",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          // The second request of each run fails with a 503: the client retries, logs (debug) and announces it.
          const run = (level: string) =>
            Effect.scoped(
              Effect.gen(function* () {
                const server = yield* serve({
                  blocks: 300,
                  faults: (ctx) => (ctx.requestNumber === 2 ? { _tag: "ServerError", status: 503 } : undefined)
                })
                return yield* node([
                  cliMain,
                  "withdrawals",
                  "--base-url",
                  server.baseUrl,
                  "--page-size",
                  "10",
                  "--limit",
                  "30",
                  "--requests-per-second",
                  "1000",
                  "--log-level",
                  level
                ])
              })
            )
          const results = yield* Effect.all([run("all"), run("debug"), run("none")], { concurrency: 3 })
          for (const [i, result] of results.entries()) {
            assert.strictEqual(result.code, 0, result.stderr)
            const items = ndjson(result.stdout)
            assert.strictEqual(items.length, 30)
            assert.match(result.stderr, /server error at 127\.0\.0\.1:\d+; retry 1 of 5 in [\d.]+ s/)
            if (i < 2) assert.match(result.stderr, /Blockscout request retried/)
          }
        })
      ),
    30_000
  )

  it.live(
    "a server that refuses connections is reported at once: each retry announced, then the host and the cause",
    () =>
      Effect.gen(function* () {
        const port = yield* closedPort
        const result = yield* node([cliMain, "withdrawals", "--base-url", `http://127.0.0.1:${port}`, "--retries", "1"])
        assert.strictEqual(result.code, exitCodes.Transport, result.stderr)
        const lines = result.stderr.trimEnd().split("\n")
        assert.match(
          lines[0]!,
          new RegExp(`^blockscout: withdrawals: connection failed at 127\\.0\\.0\\.1:${port}; retry 1 of 1 in`)
        )
        assert.match(
          lines[1]!,
          new RegExp(`^blockscout: withdrawals: cannot reach 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`)
        )
        assert.strictEqual(result.stdout, "")
      }),
    20_000
  )

  it.live(
    "a server that answers too slowly times out per --timeout, each retry announced",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          const server = yield* serve({ blocks: 100, latency: 5_000 })
          const result = yield* node([
            cliMain,
            "withdrawals",
            "--base-url",
            server.baseUrl,
            "--timeout",
            "0.2",
            "--retries",
            "1"
          ])
          assert.strictEqual(result.code, exitCodes.Timeout, result.stderr)
          assert.match(result.stderr, /no response in time at 127\.0\.0\.1:\d+; retry 1 of 1/)
          assert.match(result.stderr, /timed out: no response from 127\.0\.0\.1:\d+ within 200ms/)
        })
      ),
    20_000
  )

  it.live(
    "prints one line and a distinct exit code for an API error",
    () =>
      Effect.gen(function* () {
        const result = yield* node([cliMain, "transaction-logs", "0x12", "--base-url", "http://127.0.0.1:9"])
        assert.strictEqual(result.code, exitCodes.InvalidArgument)
        assert.strictEqual(
          result.stderr,
          'blockscout: transactionLogs: invalid hash: hash must match ^0x[A-Fa-f0-9]{64}$; got "0x12"\n'
        )
        assert.strictEqual(result.stdout, "")
      }),
    20_000
  )
})

describe("blockscout CLI as a child process: scoped lists and lookups", () => {
  it.live(
    "address-transactions streams an address's history; transaction prints one object; an unknown one is NotFound",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          const server = yield* serve({ blocks: 300 })
          const chain = server.simulator.chain
          const user = chain.users[3]!
          const listed = yield* node([
            cliMain,
            "address-transactions",
            user,
            "--base-url",
            server.baseUrl,
            "--limit",
            "12"
          ])
          assert.strictEqual(listed.code, 0, listed.stderr)
          const items = ndjson(listed.stdout)
          assert.strictEqual(items.length, 12)
          for (const t of items) {
            const from = (t.from as { hash: string }).hash.toLowerCase()
            const to = (t.to as { hash: string } | null)?.hash.toLowerCase()
            assert.isTrue(from === user || to === user)
          }
          const hash = items[items.length - 1]!.hash as string
          const lookup = yield* node([cliMain, "transaction", hash, "--base-url", server.baseUrl])
          assert.strictEqual(lookup.code, 0, lookup.stderr)
          const [one, ...rest] = ndjson(lookup.stdout)
          assert.strictEqual(rest.length, 0)
          assert.strictEqual(one!.hash, hash)
          assert.isArray(one!.token_transfers)
          const missing = yield* node([cliMain, "transaction", `0x${"ef".repeat(32)}`, "--base-url", server.baseUrl])
          assert.strictEqual(missing.code, exitCodes.NotFound)
          assert.strictEqual(missing.stdout, "")
        })
      ),
    30_000
  )
})

describe("pnpm start", () => {
  it.live(
    "streams the full simulated history to examples/out and says what it wrote",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          const fs = yield* FileSystem.FileSystem
          const cwd = yield* fs.makeTempDirectoryScoped()
          const result = yield* node([startMain], { cwd })
          assert.strictEqual(result.code, 0, result.stderr)
          const written = /Wrote (\d+) token transfers in (\d+) pages/.exec(result.stdout)
          assert.isNotNull(written, result.stdout)
          assert.include(result.stdout, "the full history")
          const lines = (yield* fs.readFileString(`${cwd}/examples/out/token-transfers.ndjson`)).trimEnd().split("\n")
          assert.strictEqual(lines.length, Number(written?.[1]))
          assert.match(lines[0]!, /^\{"block_hash":"0x[0-9a-f]{64}"/)
        }).pipe(Effect.provide(NodeServices.layer))
      ),
    20_000
  )
})
