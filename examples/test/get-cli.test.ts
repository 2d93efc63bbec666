/**
 * `blockscout get /path` (the client's path escape hatch on the command line) and `--abi FILE` on the log
 * subcommands, in-process against the simulated Blockscout: one body as JSON, a list's items as NDJSON with
 * `--all` (to `--limit`, or the end), bad paths and flags refused before anything is sent, server failures
 * with their exit codes; and each log line decoded with the ABI, as Blockscout's own `decoded` says.
 */
import { SimulatedBlockscout, tokenEventsAbi } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem, Path } from "effect"
import { NodeServices } from "@effect/platform-node"
import { exitCodes } from "../src/cli/Exit.ts"
import { baseUrl, ndjson, runCli } from "./harness.ts"

const simulator = SimulatedBlockscout.make({ blocks: 600 })
const chain = simulator.chain
const erc20 = chain.tokens.find((t) => t.type === "ERC-20")!

describe("blockscout get", () => {
  it.effect("prints one body as a line of JSON, the path's query sent", () =>
    Effect.gen(function* () {
      const sent = simulator.requests.length
      const result = yield* runCli(["get", "/blocks/42", "--base-url", baseUrl], simulator)
      assert.strictEqual(result.code, 0, result.stderr)
      const lines = result.stdout.trimEnd().split("\n")
      assert.strictEqual(lines.length, 1)
      assert.strictEqual(JSON.parse(lines[0]!).height, 42)
      const page = yield* runCli(["get", "/withdrawals?items_count=3", "--base-url", baseUrl], simulator)
      assert.strictEqual(page.code, 0, page.stderr)
      assert.strictEqual(JSON.parse(page.stdout).items.length, 3)
      assert.deepStrictEqual(
        simulator.requests.slice(sent).map((r) => [r.path, r.query.items_count]),
        [
          ["/api/v2/blocks/42", undefined],
          ["/api/v2/withdrawals", "3"]
        ]
      )
    })
  )

  it.effect("--all prints a list's items as NDJSON across pages, to --limit", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["get", "/withdrawals", "--all", "--limit", "7", "--page-size", "3", "--base-url", baseUrl],
        simulator
      )
      assert.strictEqual(result.code, 0, result.stderr)
      const items = ndjson(result.stdout)
      assert.strictEqual(items.length, 7)
      const indexes = items.map((i) => Number(i.index))
      assert.deepStrictEqual(
        indexes,
        [...indexes].sort((a, b) => b - a),
        "newest first, no repeats"
      )
      assert.strictEqual(new Set(indexes).size, 7)
      // The same items as the withdrawals subcommand, as the server wrote them.
      const row = yield* runCli(["withdrawals", "--limit", "7", "--base-url", baseUrl], simulator)
      assert.deepStrictEqual(
        ndjson(row.stdout).map((i) => Number(i.index)),
        indexes
      )
    })
  )

  it.effect("refuses a bad path (exit 10) and a bad flag (exit 2) before sending anything", () =>
    Effect.gen(function* () {
      const sent = simulator.requests.length
      for (const path of ["/a/../b", "https://evil.example/x", "blocks", "/api/v2/blocks", "/a/%2e%2e/b"]) {
        const result = yield* runCli(["get", path, "--base-url", baseUrl], simulator)
        assert.strictEqual(result.code, exitCodes.InvalidArgument, `${path}: ${result.stderr}`)
        assert.include(result.stderr, "invalid path")
      }
      for (const path of ["/x?key=k", "/x?apikey=k"]) {
        const query = yield* runCli(["get", path, "--base-url", baseUrl], simulator)
        assert.strictEqual(query.code, exitCodes.InvalidArgument)
        assert.include(query.stderr, "invalid query: the query carries a credential")
      }
      const limit = yield* runCli(["get", "/blocks", "--limit", "3", "--base-url", baseUrl], simulator)
      assert.strictEqual(limit.code, exitCodes.usage)
      assert.include(limit.stderr, "--limit and --page-size need --all")
      assert.strictEqual(simulator.requests.length, sent)
    })
  )

  it.effect("a path the server does not know is NotFound (exit 11)", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["get", "/no-such-thing", "--base-url", baseUrl], simulator)
      assert.strictEqual(result.code, exitCodes.NotFound, result.stderr)
      assert.include(result.stderr, "blockscout: getPath: not found")
    })
  )
})

describe("--abi on the log subcommands", () => {
  it.effect("adds abi_decoded to each line, agreeing with Blockscout's decoded", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const dir = yield* fs.makeTempDirectoryScoped()
      const file = path.join(dir, "tokens.json")
      // A Hardhat-style artifact: the ABI under `abi`.
      yield* fs.writeFileString(file, JSON.stringify({ contractName: "Token", abi: tokenEventsAbi }))
      const result = yield* runCli(
        ["address-logs", erc20.address, "--abi", file, "--limit", "20", "--base-url", baseUrl],
        simulator
      )
      assert.strictEqual(result.code, 0, result.stderr)
      const lines = ndjson(result.stdout)
      assert.strictEqual(lines.length, 20)
      for (const line of lines) {
        const decoded = line.decoded as { method_call: string; parameters: Array<{ name: string; value: string }> }
        const ours = line.abi_decoded as { result: string; event: string; args: Record<string, string> }
        assert.strictEqual(ours.result, "decoded")
        assert.strictEqual(ours.event, decoded.method_call.split("(")[0])
        for (const p of decoded.parameters)
          assert.strictEqual(String(ours.args[p.name]).toLowerCase(), p.value.toLowerCase())
      }
      // Without --abi, no such field.
      const plain = yield* runCli(["address-logs", erc20.address, "--limit", "2", "--base-url", baseUrl], simulator)
      assert.notProperty(ndjson(plain.stdout)[0], "abi_decoded")
    }).pipe(Effect.provide(NodeServices.layer), Effect.scoped)
  )

  it.effect("a missing or malformed ABI file is a usage error naming --abi, before anything is sent", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const dir = yield* fs.makeTempDirectoryScoped()
      const cases: ReadonlyArray<readonly [string, string | undefined, string]> = [
        ["missing.json", undefined, "no such file"],
        ["bad.json", "{ not json", "not JSON"],
        ["object.json", '{"name": 1}', "not an ABI"],
        ["quiet.json", '[{"type":"function","name":"f","inputs":[]}]', "the ABI has no events"]
      ]
      const sent = simulator.requests.length
      for (const [name, content, message] of cases) {
        const file = path.join(dir, name)
        if (content !== undefined) yield* fs.writeFileString(file, content)
        const result = yield* runCli(
          ["transaction-logs", `0x${"ab".repeat(32)}`, "--abi", file, "--base-url", baseUrl],
          simulator
        )
        assert.strictEqual(result.code, exitCodes.usage, result.stderr)
        assert.include(result.stderr, `--abi ${file}: ${message}`)
      }
      assert.strictEqual(simulator.requests.length, sent)
    }).pipe(Effect.provide(NodeServices.layer), Effect.scoped)
  )

  it.effect("only the log subcommands offer --abi", () =>
    Effect.gen(function* () {
      const logs = yield* runCli(["transaction-logs", "--help"])
      assert.include(logs.stdout, "--abi")
      const blocks = yield* runCli(["blocks", "--help"])
      assert.notInclude(blocks.stdout, "--abi")
    })
  )
})
