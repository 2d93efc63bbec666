/**
 * `--dry-run`: a list command, `address-history` and `backfill run` estimate what they would fetch and cost,
 * sending only the counters and each list's first page, printing the estimate as JSON on stdout and a summary on
 * stderr, exit 0; a backfill's dry run opens no database. And the backfill's history sources from the command
 * line: `backfill run address-history 0x..` and `token-history 0x..`.
 */
import { makeHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem, Layer } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import { DatabaseSync } from "node:sqlite"
import { exitCodes } from "../src/cli/Exit.ts"
import { baseUrl, ndjson, runCli } from "./harness.ts"

const env = { BLOCKSCOUT_API_KEY: "proapi_dry_run" }
const sim = SimulatedBlockscout.make({ blocks: 400, seed: 21, credits: 100_000_000 })
const chain = ["--chain", String(sim.chain.chainId), "--base-url", baseUrl]
const token = sim.chain.tokens.find((t) => t.type === "ERC-20")!.address
const address = sim.chain.users[3]!

/** The simulator behind a client that drops the rate-limit headers: a server that announces no limit. */
const silent = (server: SimulatedBlockscout) => {
  const inner = makeHttpClient(server)
  return Layer.succeed(HttpClient.HttpClient)(
    HttpClient.make((request) =>
      Effect.flatMap(inner.execute(request), (response) =>
        Effect.map(response.text, (body) => {
          const headers = Object.entries(response.headers).filter(([name]) => !name.startsWith("x-ratelimit"))
          return HttpClientResponse.fromWeb(request, new Response(body, { status: response.status, headers }))
        })
      )
    )
  )
}

/** Runs the CLI and counts the requests it sent. */
const counted = (argv: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const before = sim.books.requests
    const result = yield* runCli(argv, sim, { rateLimit: false, retry: false }, { env })
    return { ...result, requests: sim.books.requests - before }
  })

describe("--dry-run", () => {
  it.effect("a list command: the counters and the first page, the estimate, nothing else", () =>
    Effect.gen(function* () {
      const dry = yield* counted(["token-transfers-by-token", token, ...chain, "--dry-run"])
      assert.strictEqual(dry.code, 0, dry.stderr)
      assert.strictEqual(dry.requests, 2, "the token's counters and the first page")
      const [estimate] = ndjson(dry.stdout) as Array<{
        items: number
        calls: number
        credits: number
        itemsFrom: string
      }>
      assert.strictEqual(estimate!.itemsFrom, "count")
      assert.match(
        dry.stderr,
        /dry run: tokenTransfersByToken: [\d,]+ items \(the server's counters\), [\d,]+ calls, [\d,]+ credits/
      )
      const run = yield* counted(["token-transfers-by-token", token, ...chain])
      assert.strictEqual(run.code, 0, run.stderr)
      assert.strictEqual(estimate!.items, ndjson(run.stdout).length)
      assert.isAtMost(Math.abs(estimate!.calls - run.requests), 1, `${estimate!.calls} calls for ${run.requests}`)
      assert.strictEqual(estimate!.credits, estimate!.calls * 30)
    })
  )

  // On the real clock: the dry run's samples go out at the announced pace (one every 51 ms at 20 a second), and
  // on the TestClock nothing would advance the limiter's waits.
  it.live("time at the rate the server announces, or at --requests-per-second where it announces none", () =>
    Effect.gen(function* () {
      const limited = SimulatedBlockscout.make({ blocks: 100, seed: 3, rateLimit: { limit: 20, windowMillis: 1000 } })
      const rateOf = (result: { readonly stdout: string }) =>
        ndjson(result.stdout)[0] as { calls: number; seconds: number; requestsPerSecond: number }
      const announced = yield* runCli(["withdrawals", ...chain, "--dry-run"], limited, { retry: false }, { env })
      assert.strictEqual(announced.code, 0, announced.stderr)
      // The limiter's pace: the announced 20 a second, 2% slower (its margin).
      assert.closeTo(rateOf(announced).requestsPerSecond, 20 / 1.02, 0.01)
      // A server that announces nothing (its rate-limit headers dropped on the way): the rate given.
      const given = yield* runCli(
        ["withdrawals", ...chain, "--dry-run", "--requests-per-second", "4"],
        silent(SimulatedBlockscout.make({ blocks: 100, seed: 3 })),
        { retry: false },
        { env }
      )
      assert.strictEqual(given.code, 0, given.stderr)
      const estimate = rateOf(given)
      assert.strictEqual(estimate.requestsPerSecond, 4)
      assert.closeTo(estimate.seconds, estimate.calls / estimate.requestsPerSecond, 1e-9)
      assert.match(given.stderr, /at 4\.00 requests\/s/)
    })
  )

  it.effect(
    "address-history: the counters and the lists' pages; the lists and the range in the JSON and the summary",
    () =>
      Effect.gen(function* () {
        const dry = yield* counted(["address-history", address, ...chain, "--dry-run"])
        assert.strictEqual(dry.code, 0, dry.stderr)
        // The counters, then the lists' pages at 100 (read whole here: a few pages).
        assert.isAtMost(dry.requests, 12)
        const [estimate] = ndjson(dry.stdout) as Array<{
          lists: Array<{ kind: string }>
          calls: number
          items: number
          range: { calls: { low: number; high: number } }
        }>
        assert.deepStrictEqual(
          estimate!.lists.map((l) => l.kind),
          ["transaction", "tokenTransfer", "internalTransaction"]
        )
        assert.include(dry.stderr, "dry run: address-history:")
        assert.match(dry.stderr, /\(range: [\d,]+(–[\d,]+)? calls, [\d,]+(–[\d,]+)? credits, [\d,]+(–[\d,]+)? items\)/)
        const run = yield* counted(["address-history", address, ...chain])
        assert.strictEqual(run.code, 0, run.stderr)
        assert.isAtMost(
          Math.abs(estimate!.calls - run.requests),
          run.requests * 0.05 + 1,
          `${estimate!.calls} for ${run.requests}`
        )
        assert.isAtLeast(run.requests, estimate!.range.calls.low)
        assert.isAtMost(run.requests, estimate!.range.calls.high)
      })
  )

  it.effect("--chains: each chain and the total, on the key's one rate", () =>
    Effect.gen(function* () {
      const many = SimulatedBlockscout.make({ blocks: 60, seed: 5, otherChains: [{ chainId: 10 }] })
      const dry = yield* runCli(
        ["token-transfers", "--chains", `${many.chain.chainId},10`, "--base-url", baseUrl, "--dry-run"],
        many,
        { rateLimit: false, retry: false },
        { env }
      )
      assert.strictEqual(dry.code, 0, dry.stderr)
      const [estimate] = ndjson(dry.stdout) as Array<{
        calls: number
        chains: Array<{ chainId: number; calls: number }>
      }>
      assert.deepStrictEqual(
        estimate!.chains.map((c) => c.chainId),
        [many.chain.chainId, 10]
      )
      assert.strictEqual(estimate!.calls, estimate!.chains[0]!.calls + estimate!.chains[1]!.calls)
      assert.include(dry.stderr, "on 2 chains")
    })
  )
})

describe("backfill run: history sources and --dry-run", () => {
  it.live("address-history --dry-run estimates per chain, opens no database, exit 0", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const db = `${dir}/never.db`
        const argv = ["backfill", "run", "address-history", address, ...chain, "--partitions", "3", "--db", db]
        const dry = yield* counted([...argv, "--dry-run"])
        assert.strictEqual(dry.code, 0, dry.stderr)
        // Each list's newest page (the plan's head), then the lists' pages at 100 (read whole here).
        assert.isAtMost(dry.requests, 12, "the head and the lists' pages")
        assert.isFalse(yield* fs.exists(db), "no database opened")
        const [estimate] = ndjson(dry.stdout) as Array<{
          job: string
          items: number
          calls: number
          chains: Array<unknown>
        }>
        assert.match(estimate!.job, /^[0-9a-f]{16}$/)
        assert.strictEqual(estimate!.chains.length, 1)
        assert.include(dry.stderr, `dry run: backfill ${estimate!.job}:`)
        // The job it estimated is the job that runs (one id), and the run's cost is near the estimate.
        const run = yield* counted(argv)
        assert.strictEqual(run.code, 0, run.stderr)
        assert.strictEqual(run.stdout.trim(), estimate!.job)
        assert.isAtMost(
          Math.abs(estimate!.calls - run.requests),
          run.requests * 0.05 + 1,
          `${estimate!.calls} for ${run.requests}`
        )
        const d = new DatabaseSync(db, { readOnly: true })
        const stored = ["transactions", "token_transfers", "internal_transactions"].map(
          (table) => (d.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
        )
        d.close()
        assert.isTrue(
          stored.every((n) => n > 0),
          stored.join(",")
        )
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  it.live("token-history runs a token's transfers into token_transfers", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const db = `${dir}/t.db`
        const run = yield* counted([
          "backfill",
          "run",
          "token-history",
          token.toUpperCase().replace("0X", "0x"),
          ...chain,
          "--db",
          db
        ])
        assert.strictEqual(run.code, 0, run.stderr)
        const listed = yield* counted(["token-transfers-by-token", token, ...chain])
        const d = new DatabaseSync(db, { readOnly: true })
        const row = d.prepare("SELECT count(*) AS n FROM token_transfers").get() as { n: number }
        d.close()
        assert.strictEqual(row.n, ndjson(listed.stdout).length)
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  for (const [argv, named] of [
    [["address-history", "0x12"], "expected 0x and 40 hex digits"],
    [["address-history", address, "--kinds", "transfers"], "--kinds"],
    [["address-history", address, "--from-index", "1", "--to-index", "5"], "a history is keyed by block"],
    [["token-history", "nope"], "token"]
  ] as const) {
    it.effect(`refuses ${argv.join(" ")} before anything is sent`, () =>
      Effect.gen(function* () {
        const result = yield* counted(["backfill", "run", ...argv, ...chain, "--dry-run"])
        assert.strictEqual(result.code, exitCodes.usage, result.stderr)
        assert.include(result.stderr, named)
        assert.strictEqual(result.requests, 0)
      })
    )
  }
})
