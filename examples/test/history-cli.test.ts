/**
 * The CLI's `address-history` (the merged history, its report, resume) and `--chains` (one list on several
 * chains of one Pro key, tagged, a failed chain reported while the others complete, resumed per chain),
 * in-process against the simulated Blockscout.
 */
import { Blockscout, historyEntryKey } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem, Layer, Redacted, Stream } from "effect"
import { exitCodes } from "../src/cli/Exit.ts"
import { baseUrl, ndjson, runCli } from "./harness.ts"

const options = { seed: 9, blocks: 160 } as const
const simulator = SimulatedBlockscout.make(options)
const user = simulator.chain.users[4]!

/** The client's merged history of `user`, as the keys the CLI's lines must carry. */
const clientKeys = Effect.gen(function* () {
  const bs = yield* Blockscout
  const entries = yield* Stream.runCollect(bs.streamAddressHistory(user))
  return entries.map((e) => `${e.block} ${historyEntryKey(e)}`)
}).pipe(
  Effect.provide(
    Blockscout.layerInstance({ baseUrl, rateLimit: false }).pipe(Layer.provide(layerHttpClient(simulator)))
  )
)

/** A CLI line's key, as `historyEntryKey` writes it. */
const lineKey = (line: Record<string, unknown>) => {
  const item = line.item as Record<string, unknown>
  const total = item.total as { token_id?: string } | null | undefined
  switch (line.kind) {
    case "transaction":
      return `${line.block_number} transaction:${item.hash}`
    case "token_transfer":
      return `${line.block_number} tokenTransfer:${item.transaction_hash}:${item.log_index}:${total?.token_id ?? ""}`
    default:
      return `${line.block_number} internalTransaction:${item.transaction_hash}:${item.index}`
  }
}

describe("blockscout address-history", () => {
  it.effect("writes the merged history, one entry a line, then says on stderr that it is complete", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["address-history", user, "--base-url", baseUrl, "--page-size", "9"], simulator)
      assert.strictEqual(result.code, 0, result.stderr)
      const lines = ndjson(result.stdout)
      assert.deepStrictEqual(lines.map(lineKey), yield* clientKeys)
      assert.deepStrictEqual([...new Set(lines.map((l) => l.kind))].sort(), [
        "internal_transaction",
        "token_transfer",
        "transaction"
      ])
      assert.match(
        result.stderr,
        /history: \d+ transactions, \d+ token transfers \(\d+ items\), \d+ internal transactions.*: complete \(the server's counters agree\)/
      )
    })
  )

  it.effect("--kinds and --to-block narrow it; a bad kind is a usage error naming the flag", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["address-history", user, "--base-url", baseUrl, "--kinds", "token-transfer", "--to-block", "100"],
        simulator
      )
      assert.strictEqual(result.code, 0, result.stderr)
      const lines = ndjson(result.stdout)
      assert.isAbove(lines.length, 0)
      assert.isTrue(lines.every((l) => l.kind === "token_transfer" && (l.block_number as number) <= 100))
      assert.include(result.stderr, "not checked: tokenTransfers: a block range")
      const bad = yield* runCli(["address-history", user, "--base-url", baseUrl, "--kinds", "logs"], simulator)
      assert.strictEqual(bad.code, exitCodes.usage)
      assert.include(bad.stderr, "--kinds")
    })
  )

  it.effect("--parts runs it partitioned: the same lines; index flags and --limit with --resume are refused", () =>
    Effect.gen(function* () {
      const plain = yield* runCli(["address-history", user, "--base-url", baseUrl], simulator)
      const split = yield* runCli(
        ["address-history", user, "--base-url", baseUrl, "--parts", "5", "--concurrency", "3", "--page-size", "9"],
        simulator
      )
      assert.strictEqual(split.code, 0, split.stderr)
      assert.strictEqual(split.stdout, plain.stdout)
      assert.include(split.stderr, ": complete")
      for (const [flags, message] of [
        [["--from-index", "3"], "keyed by block"],
        [["-o", "/tmp/never.ndjson", "--resume", "/tmp/never.json", "--limit", "5"], "drop --limit or --resume"],
        [["--concurrency", "500"], "--concurrency 500"]
      ] as const) {
        const refused = yield* runCli(["address-history", user, "--base-url", baseUrl, ...flags], simulator)
        assert.strictEqual(refused.code, exitCodes.usage, refused.stderr)
        assert.include(refused.stderr, message)
      }
    })
  )

  it.effect("an interrupted --resume run, resumed, gives the same file as an uninterrupted run", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const common = ["address-history", user, "--base-url", baseUrl, "--page-size", "5"]
        const whole = yield* runCli([...common, "-o", `${dir}/whole.ndjson`], simulator)
        assert.strictEqual(whole.code, 0, whole.stderr)
        // The server fails from its 9th request on: the run stops with exit 16, its checkpoint keeps whole blocks.
        const flaky = SimulatedBlockscout.make({
          ...options,
          faults: (ctx) => (ctx.requestNumber >= 9 ? { _tag: "ServerError", status: 503 } : undefined)
        })
        const out = `${dir}/out.ndjson`
        const cp = `${dir}/out.checkpoint.json`
        const broken = yield* runCli([...common, "-o", out, "--resume", cp], flaky)
        assert.strictEqual(broken.code, exitCodes.ServerError, broken.stderr)
        assert.include(broken.stderr, "run the same command to resume")
        const partial = (yield* fs.readFileString(out)).trimEnd().split("\n").length
        assert.isAbove(partial, 0)
        const resumed = yield* runCli([...common, "-o", out, "--resume", cp], simulator)
        assert.strictEqual(resumed.code, 0, resumed.stderr)
        assert.match(resumed.stderr, /^resumed: \d+ entries/)
        assert.include(resumed.stderr, "complete")
        assert.strictEqual(yield* fs.readFileString(out), yield* fs.readFileString(`${dir}/whole.ndjson`))
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  it.effect("a server behind on internal transactions: notices as pages say so, and the report names the gaps", () =>
    Effect.gen(function* () {
      const behind = SimulatedBlockscout.make({
        ...options,
        unindexedInternalTransactions: { fromBlock: 60, toBlock: 90 }
      })
      const router = behind.chain.routers[0]!
      const result = yield* runCli(["address-history", router, "--base-url", baseUrl], behind)
      assert.strictEqual(result.code, 0, result.stderr)
      assert.match(
        result.stderr,
        /blockscout: internalTransactions: blocks \d+ to \d+: the server says the list is not complete yet/
      )
      assert.include(result.stderr, ": INCOMPLETE")
      assert.match(
        result.stderr,
        /gap: blocks \d+ to \d+: Some internal transactions within this block range have not yet been processed/
      )
      assert.include(result.stderr, "gap: the server has not finished indexing internal transactions")
      // The list commands say so too.
      const list = yield* runCli(["internal-transactions", router, "--base-url", baseUrl], behind)
      assert.strictEqual(list.code, 0, list.stderr)
      assert.include(list.stderr, "the server says the list is not complete yet")
    })
  )

  it.effect("a table for a terminal, the report left out at --limit", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["address-history", user, "--base-url", baseUrl, "--format", "table", "--limit", "6"],
        simulator
      )
      assert.strictEqual(result.code, 0, result.stderr)
      const lines = result.stdout.trimEnd().split("\n")
      assert.match(lines[0]!, /^kind\s+block_number\s+transaction_hash/)
      assert.strictEqual(lines.length, 2 + 6)
      assert.notInclude(result.stderr, "history:")
    })
  )
})

describe("blockscout --chains", () => {
  const env = { env: { BLOCKSCOUT_API_KEY: "proapi_chains" } }
  const chains = (
    faults?: (ctx: {
      readonly query: Readonly<Record<string, string>>
    }) => { _tag: "ServerError"; status: number } | undefined
  ) =>
    SimulatedBlockscout.make({
      seed: 9,
      blocks: 40,
      otherChains: [{ chainId: 10, seed: 10, blocks: 30, ...(faults === undefined ? {} : { faults }) }]
    })

  /** Every withdrawal index of one chain, through the client. */
  const indexes = (sim: SimulatedBlockscout, chainId: number) =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      return (yield* Stream.runCollect(bs.streamWithdrawals())).map((w) => w.index)
    }).pipe(
      Effect.provide(
        Blockscout.layerPro({ chainId, apiKey: Redacted.make("proapi_chains"), baseUrl, rateLimit: false }).pipe(
          Layer.provide(layerHttpClient(sim))
        )
      )
    )

  const byChain = (lines: ReadonlyArray<Record<string, unknown>>, chainId: number) =>
    lines.filter((l) => l.chain_id === chainId).map((l) => l.index as number)

  it.effect("runs the list on each chain, every item tagged with its chain_id", () =>
    Effect.gen(function* () {
      const sim = chains()
      const result = yield* runCli(
        ["withdrawals", "--chains", "1,10", "--base-url", baseUrl, "--page-size", "20"],
        sim,
        undefined,
        env
      )
      assert.strictEqual(result.code, 0, result.stderr)
      const lines = ndjson(result.stdout)
      assert.deepStrictEqual(byChain(lines, 1), yield* indexes(sim, 1))
      assert.deepStrictEqual(byChain(lines, 10), yield* indexes(sim, 10))
      assert.strictEqual(lines.length, byChain(lines, 1).length + byChain(lines, 10).length)
      const csv = yield* runCli(
        [
          "withdrawals",
          "--chains",
          "10",
          "--base-url",
          baseUrl,
          "--format",
          "csv",
          "--columns",
          "chain_id,index",
          "--limit",
          "2"
        ],
        sim,
        undefined,
        env
      )
      assert.strictEqual(csv.code, 0, csv.stderr)
      assert.deepStrictEqual(csv.stdout.trimEnd().split("\n"), ["chain_id,index", "10,59", "10,58"])
    })
  )

  it.effect(
    "a chain that fails is reported and ends the run with its exit code; the other chain's items all come out",
    () =>
      Effect.gen(function* () {
        const sim = chains((ctx) => (ctx.query.index !== undefined ? { _tag: "ServerError", status: 503 } : undefined))
        const result = yield* runCli(
          ["withdrawals", "--chains", "1,10", "--base-url", baseUrl, "--page-size", "20"],
          sim,
          undefined,
          env
        )
        assert.strictEqual(result.code, exitCodes.ServerError, result.stderr)
        assert.include(result.stderr, "blockscout: chain 10:")
        assert.include(result.stderr, "chains 10 failed; the others completed")
        const lines = ndjson(result.stdout)
        assert.deepStrictEqual(byChain(lines, 1), yield* indexes(chains(), 1))
        assert.deepStrictEqual(byChain(lines, 10), (yield* indexes(chains(), 10)).slice(0, 20))
      })
  )

  it.effect("with --resume, a failed chain is retried from where it stood; the file ends with every item once", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const args = [
          "withdrawals",
          "--chains",
          "1,10",
          "--base-url",
          baseUrl,
          "--page-size",
          "20",
          "-o",
          `${dir}/w.ndjson`,
          "--resume",
          `${dir}/cp.json`
        ]
        const failing = chains((ctx) =>
          ctx.query.index !== undefined ? { _tag: "ServerError", status: 503 } : undefined
        )
        const first = yield* runCli(args, failing, undefined, env)
        assert.strictEqual(first.code, exitCodes.ServerError, first.stderr)
        assert.include(first.stderr, "keeps every chain's place")
        const second = yield* runCli(args, chains(), undefined, env)
        assert.strictEqual(second.code, 0, second.stderr)
        assert.include(second.stderr, "complete")
        const lines = ndjson(yield* fs.readFileString(`${dir}/w.ndjson`))
        assert.deepStrictEqual(byChain(lines, 1), yield* indexes(chains(), 1))
        assert.deepStrictEqual(byChain(lines, 10), yield* indexes(chains(), 10))
        const third = yield* runCli(args, chains(), undefined, env)
        assert.strictEqual(third.code, 0, third.stderr)
        assert.strictEqual(ndjson(yield* fs.readFileString(`${dir}/w.ndjson`)).length, lines.length)
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  it.effect("address-history on several chains: entries tagged, one report per chain", () =>
    Effect.gen(function* () {
      const sim = SimulatedBlockscout.make({ seed: 9, blocks: 60, otherChains: [{ chainId: 10, seed: 9, blocks: 50 }] })
      const address = sim.chain.users[1]!
      const result = yield* runCli(
        ["address-history", address, "--chains", "1,10", "--base-url", baseUrl, "--page-size", "8"],
        sim,
        undefined,
        env
      )
      assert.strictEqual(result.code, 0, result.stderr)
      const lines = ndjson(result.stdout)
      for (const chainId of [1, 10]) {
        const want = yield* Effect.gen(function* () {
          const bs = yield* Blockscout
          return (yield* Stream.runCollect(bs.streamAddressHistory(address))).map(
            (e) => `${e.block} ${historyEntryKey(e)}`
          )
        }).pipe(
          Effect.provide(
            Blockscout.layerPro({ chainId, apiKey: Redacted.make("proapi_chains"), baseUrl, rateLimit: false }).pipe(
              Layer.provide(layerHttpClient(sim))
            )
          )
        )
        assert.isAbove(want.length, 0)
        assert.deepStrictEqual(lines.filter((l) => l.chain_id === chainId).map(lineKey), want)
        assert.match(result.stderr, new RegExp(`history \\(chain ${chainId}\\): .*: complete`))
      }
    })
  )

  it.effect("usage errors: --chains with --chain, a repeated or bad id, --resume with --limit", () =>
    Effect.gen(function* () {
      const sim = chains()
      const cases = [
        [["--chains", "1,10", "--chain", "1"], "--chains and --chain"],
        [["--chains", "1,1"], "listed twice"],
        [["--chains", "1,x"], "is not a chain id"],
        [["--chains", "1,10", "-o", "/tmp/never.ndjson", "--resume", "/tmp/never.json", "--limit", "3"], "--limit"]
      ] as const
      for (const [flags, message] of cases) {
        const result = yield* runCli(["withdrawals", "--base-url", baseUrl, ...flags], sim, undefined, env)
        assert.strictEqual(result.code, exitCodes.usage, `${flags.join(" ")}: ${result.stderr}`)
        assert.include(result.stderr, message)
      }
      assert.strictEqual(sim.requests.length, 0)
    })
  )
})
