import { Blockscout, type EndpointName, endpoints, type ItemName, type ListName } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem, Layer, Redacted, Stream } from "effect"
import { kebab } from "../src/cli/Flags.ts"
import { exitCodes } from "../src/cli/Exit.ts"
import { Json } from "@blockscout-effect/export"
import { answering, baseUrl, ndjson, runCli } from "./harness.ts"

// With the user-ops indexer on, so the account-abstraction rows answer (most servers answer them 501).
const simulator = SimulatedBlockscout.make({ blocks: 2000, accountAbstraction: true })
const chain = simulator.chain
const nft = chain.tokens.find((t) => t.type === "ERC-721")!

// Path arguments with non-empty answers on the simulated chain, one set per row that has path parameters.
const pathArgs = (name: string): Record<string, string> => {
  switch (name) {
    case "tokenInstanceTransfers":
    case "tokenInstance":
    case "tokenInstanceTransfersCount":
      return { token: nft.address, tokenId: "0" }
    case "blocksValidated":
      return { address: chain.miners[0]! }
    case "addressLogs":
      return { address: nft.address }
    case "transactionInternalTransactions":
      return { hash: callHash }
    case "blockInternalTransactions":
      return { numberOrHash: String(callBlock) }
    case "smartContract":
    case "smartContractAuditReports":
      return { address: auditedContract }
    case "tokenInstanceHolders":
      return { token: multi.address, tokenId: "0" }
    case "userOperation":
      return { hash: userOp.hash }
    case "smartAccount":
      return { address: userOp.address.hash }
    default: {
      // By parameter: a transaction with logs and transfers, a block, an NFT token, a user.
      const args: Record<string, string> = {}
      for (const p of endpoints[name as EndpointName].pathParams) {
        args[p.name] =
          p.kind === "hash" ? logsHash : p.kind === "block" ? "42" : p.name === "token" ? nft.address : chain.users[0]!
      }
      return args
    }
  }
}

// Filters a row needs to answer anything: a search's query.
const filterArgs = (name: string): Record<string, string> =>
  name === "search" || name === "quickSearch" ? { q: "usd" } : name === "searchRedirect" ? { q: "42" } : {}

// A user operation the simulated indexer lists, and its sender (a smart account).
const userOp = (
  JSON.parse(
    simulator.handle({ method: "GET", url: "/api/v2/proxy/account-abstraction/operations?page_size=1", headers: {} }, 0)
      .body
  ) as { items: ReadonlyArray<{ hash: string; address: { hash: string } }> }
).items[0]!

// A contract call that makes internal calls.
const callHash = (() => {
  for (let h = 0; ; h++) {
    const tx = chain.template(h).transactions.find((t) => t.internalCount > 0)
    if (tx !== undefined) return chain.transactionHash(h, tx.position)
  }
})()

// The block of that call.
const callBlock = (() => {
  for (let h = 0; ; h++) if (chain.template(h).transactions.some((t) => t.internalCount > 0)) return h
})()

// An ERC-1155 token (its id 0 has holders) and a verified contract with audit reports (the simulator gives
// each verified contract none, one or two).
const multi = chain.tokens.find((t) => t.type === "ERC-1155")!
const auditedContract = chain.smartContracts.find((c) => chain.noise(c.id, 0xa0d1) % 3 > 0)!.address

const client = (options: Parameters<typeof Blockscout.layerInstance>[0] = { baseUrl }) =>
  Blockscout.layerInstance({ rateLimit: false, ...options }).pipe(Layer.provide(layerHttpClient(simulator)))

// A transaction with logs: the one of the first token transfer (a transfer is a log).
const logsHash = await Effect.runPromise(
  Effect.gen(function* () {
    const bs = yield* Blockscout
    const page = yield* bs.listTokenTransfers()
    // Null only for Celo's epoch-reward transfers, which the simulated chain has none of.
    return page.items[0]!.transaction_hash!
  }).pipe(Effect.provide(client()))
)

const expected = (name: EndpointName, args: Record<string, string>, n: number) =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    const items =
      endpoints[name].shape === "item"
        ? [yield* bs.get(name as ItemName<typeof endpoints>, args)]
        : yield* Stream.runCollect(Stream.take(bs.stream(name as ListName<typeof endpoints>, args), n))
    return items.map(Json.stringify)
  }).pipe(Effect.provide(client()))

describe("blockscout CLI, one subcommand per endpoint row", () => {
  for (const name of Object.keys(endpoints) as Array<EndpointName>) {
    const row = endpoints[name]
    it.effect(
      `${kebab(name)} ${row.shape === "item" ? "prints the client's one item" : "streams the same items as the client"}, as NDJSON`,
      () =>
        Effect.gen(function* () {
          const args = { ...pathArgs(name), ...filterArgs(name) }
          const positional = row.pathParams.map((p) => args[p.name]!)
          const flags = Object.entries(filterArgs(name)).flatMap(([k, v]) => [`--${k}`, v])
          // A page size where the server takes one (12.x takes no items_count on search or the advanced filter).
          // A one-page row without cursor keys (audit reports) takes none in any version either.
          const paged =
            row.shape === "page" && name !== "search" && name !== "advancedFilters" && row.cursorKeys.length > 0
          // A lookup prints its one object: no --limit, nothing to page.
          const limit = row.shape === "item" ? [] : ["--limit", "7"]
          const result = yield* runCli(
            [
              kebab(name),
              ...positional,
              ...flags,
              "--base-url",
              baseUrl,
              ...limit,
              ...(paged ? ["--page-size", "3"] : [])
            ],
            simulator
          )
          assert.strictEqual(result.code, 0, result.stderr)
          const want = yield* expected(name, args, 7)
          assert.isAbove(want.length, 0)
          assert.deepStrictEqual(result.stdout.trimEnd().split("\n"), want)
        })
    )
  }
})

describe("blockscout CLI, choosing the API", () => {
  const proClient = Blockscout.layerPro({
    chainId: 1,
    apiKey: Redacted.make("proapi_env"),
    baseUrl,
    rateLimit: false
  }).pipe(Layer.provide(layerHttpClient(simulator)))
  const proItems = Effect.gen(function* () {
    const bs = yield* Blockscout
    return (yield* Stream.runCollect(Stream.take(bs.stream("tokenTransfers", {}), 4))).map(Json.stringify)
  }).pipe(Effect.provide(proClient))

  it.effect("--chain talks to the Pro API (with the key from BLOCKSCOUT_API_KEY)", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["token-transfers", "--chain", "1", "--base-url", baseUrl, "--limit", "4"],
        simulator,
        undefined,
        {
          env: { BLOCKSCOUT_API_KEY: "proapi_env" }
        }
      )
      assert.strictEqual(result.code, 0, result.stderr)
      assert.deepStrictEqual(result.stdout.trimEnd().split("\n"), yield* proItems)
      assert.property(ndjson(result.stdout)[0], "block_number")
      const last = simulator.requests.at(-1)
      assert.deepStrictEqual([last?.family, last?.path], ["pro", "/1/api/v2/token-transfers"])
    })
  )

  it.effect("without --chain or --base-url, BLOCKSCOUT_* picks the API (Blockscout.layerConfig)", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["token-transfers", "--limit", "4"], simulator, undefined, {
        env: { BLOCKSCOUT_CHAIN_ID: "1", BLOCKSCOUT_API_KEY: "proapi_env", BLOCKSCOUT_PRO_BASE_URL: baseUrl }
      })
      assert.strictEqual(result.code, 0, result.stderr)
      assert.deepStrictEqual(result.stdout.trimEnd().split("\n"), yield* proItems)
    })
  )

  it.effect(
    "BLOCKSCOUT_BASE_URL and BLOCKSCOUT_CHAIN_ID both set: a usage error, unless BLOCKSCOUT_FAMILY decides",
    () =>
      Effect.gen(function* () {
        const env = { BLOCKSCOUT_CHAIN_ID: "1", BLOCKSCOUT_API_KEY: "proapi_env", BLOCKSCOUT_BASE_URL: baseUrl }
        const sent = simulator.requests.length
        const both = yield* runCli(["withdrawals", "--limit", "2"], simulator, undefined, { env })
        assert.strictEqual(both.code, exitCodes.usage)
        assert.include(both.stderr, "BLOCKSCOUT_FAMILY")
        assert.strictEqual(simulator.requests.length, sent, "nothing sent")
        const instance = yield* runCli(["withdrawals", "--limit", "2"], simulator, undefined, {
          env: { ...env, BLOCKSCOUT_FAMILY: "instance" }
        })
        assert.strictEqual(instance.code, 0, instance.stderr)
        assert.strictEqual(simulator.requests.at(-1)?.family, "instance")
        // BLOCKSCOUT_FAMILY=pro: the Pro API at BLOCKSCOUT_BASE_URL, as Blockscout.layerConfig reads it.
        const pro = yield* runCli(["withdrawals", "--limit", "2"], simulator, undefined, {
          env: { ...env, BLOCKSCOUT_FAMILY: "pro" }
        })
        assert.strictEqual(pro.code, 0, pro.stderr)
        assert.strictEqual(simulator.requests.at(-1)?.family, "pro")
      })
  )
})

describe("blockscout CLI output", () => {
  it.effect("writes bigint quantities as decimal strings and timestamps as ISO strings", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["transactions", "--base-url", baseUrl, "--limit", "3"], simulator)
      const [tx] = ndjson(result.stdout)
      assert.match(String(tx?.value), /^\d+$/)
      assert.match(String(tx?.gas_used), /^\d+$/)
      assert.match(String(tx?.timestamp), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
    })
  )

  it.effect("writes CSV with a header of dotted columns, or the columns asked for", () =>
    Effect.gen(function* () {
      const all = yield* runCli(["withdrawals", "--base-url", baseUrl, "--limit", "4", "--format", "csv"], simulator)
      const lines = all.stdout.trimEnd().split("\n")
      assert.strictEqual(lines.length, 5)
      assert.include(lines[0]!.split(","), "receiver.hash")
      const some = yield* runCli(
        ["withdrawals", "--base-url", baseUrl, "--limit", "2", "--format", "csv", "--columns", "index,amount"],
        simulator
      )
      const rows = some.stdout.trimEnd().split("\n")
      assert.strictEqual(rows[0], "index,amount")
      assert.match(rows[1]!, /^\d+,\d+$/)
    })
  )

  it.effect("prints an aligned table with shortened hashes", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["blocks-validated", chain.miners[0]!, "--base-url", baseUrl, "--limit", "3", "--format", "table"],
        simulator
      )
      const lines = result.stdout.trimEnd().split("\n")
      assert.strictEqual(lines.length, 5)
      assert.match(lines[1]!, /^-+( +-+)*$/)
      assert.include(lines[2]!, "…")
    })
  )

  it.effect("stops at --limit in the middle of a page", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["token-transfers", "--base-url", baseUrl, "--limit", "5", "--page-size", "4"],
        simulator
      )
      assert.strictEqual(ndjson(result.stdout).length, 5)
    })
  )

  it.effect("passes filters on: --type on token transfers", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["token-transfers", "--base-url", baseUrl, "--limit", "20", "--type", "ERC-721,ERC-1155"],
        simulator
      )
      const types = new Set(ndjson(result.stdout).map((t) => (t.token as { type: string }).type))
      assert.isTrue(
        [...types].every((t) => t === "ERC-721" || t === "ERC-1155"),
        [...types].join()
      )
      assert.isAbove(types.size, 0)
    })
  )
})

describe("blockscout CLI progress", () => {
  // Live clock: the retry's backoff really waits (1 ms).
  it.live("draws items, pages, rates and retries on stderr when it is a terminal", () =>
    Effect.gen(function* () {
      const flaky = SimulatedBlockscout.make({
        blocks: 2000,
        faults: (ctx) => (ctx.requestNumber === 2 ? { _tag: "ServerError", status: 503 } : undefined)
      })
      const result = yield* runCli(
        ["withdrawals", "--base-url", baseUrl, "--limit", "7", "--page-size", "3"],
        flaky,
        { rateLimit: false, retry: { times: 3, base: "1 millis", max: "1 millis" } },
        { stderrIsTerminal: true }
      )
      assert.strictEqual(result.code, 0, result.stderr)
      // The line is redrawn in place: carriage return first, erase-to-end-of-line (ESC [K) last.
      // Requests (4: three pages and a retry) a second; no limit beside it (an unpaced instance reads none).
      assert.match(
        result.stderr,
        new RegExp(`\r7 items · 3 pages · [\\d,]+/s · [\\d.]+ req/s · 1 retries${"\u001b"}\\[K\n$`)
      )
      assert.strictEqual(ndjson(result.stdout).length, 7)
    })
  )

  it.effect("stays silent on stderr when it is not a terminal", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["withdrawals", "--base-url", baseUrl, "--limit", "7"], simulator)
      assert.strictEqual(result.stderr, "")
    })
  )
})

describe("blockscout CLI help", () => {
  it.effect("lists a subcommand for every endpoint row", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["--help"])
      assert.strictEqual(result.code, 0)
      for (const name of Object.keys(endpoints)) assert.include(result.stdout, kebab(name))
    })
  )

  it.effect("shows a subcommand's arguments and filters", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["smart-contracts", "--help"])
      for (const flag of ["--q", "--filter", "--sort", "--order", "--format", "--resume", "--limit"]) {
        assert.include(result.stdout, flag)
      }
      const instance = yield* runCli(["token-instance-transfers", "--help"])
      assert.include(instance.stdout, "<token> <token-id>")
    })
  )
})

describe("blockscout CLI lookups (item rows)", () => {
  const block = "42"
  it.effect("print one object in any format; a table is one row", () =>
    Effect.gen(function* () {
      const json = yield* runCli(["block", block, "--base-url", baseUrl], simulator)
      assert.strictEqual(json.code, 0, json.stderr)
      const lines = json.stdout.trimEnd().split("\n")
      assert.strictEqual(lines.length, 1)
      assert.strictEqual(JSON.parse(lines[0]!).height, 42)
      const csv = yield* runCli(["token", nft.address, "--base-url", baseUrl, "--format", "csv"], simulator)
      assert.strictEqual(csv.code, 0, csv.stderr)
      assert.strictEqual(csv.stdout.trimEnd().split("\n").length, 2, "a header and one row")
      const table = yield* runCli(
        ["address-counters", chain.users[0]!, "--base-url", baseUrl, "--format", "table"],
        simulator
      )
      assert.strictEqual(table.code, 0, table.stderr)
      assert.include(table.stdout, "transactions_count")
    })
  )

  it.effect("write one object to a file", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* fs.makeTempDirectoryScoped()
      const out = `${dir}/status.ndjson`
      const result = yield* runCli(["indexing-status", "--base-url", baseUrl, "-o", out], simulator)
      assert.strictEqual(result.code, 0, result.stderr)
      const [status, ...rest] = ndjson(yield* fs.readFileString(out))
      assert.strictEqual(rest.length, 0)
      assert.strictEqual(status!.finished_indexing, true)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("take no --limit, --page-size or --resume, and say so before anything is sent", () =>
    Effect.gen(function* () {
      for (const flag of [
        ["--limit", "3"],
        ["--page-size", "3"],
        ["--resume", "x.json"]
      ]) {
        const result = yield* runCli(["block", block, "--base-url", baseUrl, ...flag], simulator)
        assert.strictEqual(result.code, exitCodes.usage, flag.join(" "))
        assert.match(result.stderr, new RegExp(`Unrecognized flag: ${flag[0]}`))
      }
      const help = yield* runCli(["transaction", "--help"])
      assert.include(help.stdout, "<hash>")
      assert.notInclude(help.stdout, "--resume")
      assert.include(help.stdout, "token_transfers_overflow")
    })
  )

  it.effect("an unknown transaction, block or token is NotFound; a bad block is InvalidArgument", () =>
    Effect.gen(function* () {
      const cases = [
        [["transaction", `0x${"ab".repeat(32)}`], exitCodes.NotFound],
        [["block", String(chain.height + 10)], exitCodes.NotFound],
        [["token", chain.users[0]!], exitCodes.NotFound],
        [["block", "-1"], exitCodes.InvalidArgument]
      ] as const
      for (const [argv, code] of cases) {
        const result = yield* runCli([...argv, "--base-url", baseUrl], simulator)
        assert.strictEqual(result.code, code, `${argv.join(" ")}: ${result.stderr}`)
        assert.strictEqual(result.stdout, "")
      }
    })
  )
})

describe("blockscout CLI exit codes", () => {
  const cases: ReadonlyArray<{
    readonly name: string
    readonly argv: ReadonlyArray<string>
    readonly code: number
    readonly message: RegExp
  }> = [
    {
      name: "a bad address is InvalidArgument",
      argv: ["nft-collections", "0x12", "--base-url", baseUrl],
      code: exitCodes.InvalidArgument,
      message: /invalid address/
    },
    {
      name: "an unknown transaction is NotFound",
      argv: ["transaction-logs", `0x${"ab".repeat(32)}`, "--base-url", baseUrl],
      code: exitCodes.NotFound,
      message: /not found/
    },
    {
      name: "a bad flag value is a usage error",
      argv: ["transactions", "--base-url", baseUrl, "--filter", "nope"],
      code: exitCodes.usage,
      message: /nope/
    },
    {
      name: "an unknown flag is a usage error",
      argv: ["transactions", "--bogus"],
      code: exitCodes.usage,
      message: /Unrecognized flag: --bogus/
    },
    {
      name: "--resume without --output is a usage error",
      argv: ["transactions", "--base-url", baseUrl, "--resume", "x.json"],
      code: exitCodes.usage,
      message: /--resume needs --output/
    },
    {
      name: "a table into a file is a usage error",
      argv: ["withdrawals", "--base-url", baseUrl, "--format", "table", "-o", "w.txt"],
      code: exitCodes.usage,
      message: /--format table is for reading in a terminal/
    },
    {
      name: "no API chosen is a usage error",
      argv: ["transactions"],
      code: exitCodes.usage,
      message:
        /no Blockscout API configured: set --chain or BLOCKSCOUT_CHAIN_ID and --api-key or BLOCKSCOUT_API_KEY for the Pro API.*, or --base-url or BLOCKSCOUT_BASE_URL for one explorer instance/
    }
  ]
  for (const c of cases) {
    it.effect(`${c.name} (exit ${c.code})`, () =>
      Effect.gen(function* () {
        const result = yield* runCli(c.argv, simulator)
        assert.strictEqual(result.code, c.code, result.stderr)
        assert.match(result.stderr, c.message)
        assert.strictEqual(result.stdout, "")
      })
    )
  }

  it.effect("a wrong key is Unauthorized (13), and the message does not contain the key", () =>
    Effect.gen(function* () {
      const key = "proapi_this-is-the-wrong-key"
      const result = yield* runCli(["transactions", "--chain", "1", "--base-url", baseUrl, "--api-key", key], {
        blocks: 100,
        apiKeys: ["proapi_right"]
      })
      assert.strictEqual(result.code, exitCodes.Unauthorized, result.stderr)
      assert.strictEqual(result.stderr.trimEnd().split("\n").length, 1)
      assert.notInclude(result.stderr, key)
      assert.notInclude(result.stderr, "wrong-key")
    })
  )

  it.effect("spent credits are OutOfCredits (14)", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["transactions", "--chain", "1", "--base-url", baseUrl, "--api-key", "k123"], {
        blocks: 100,
        credits: 0
      })
      assert.strictEqual(result.code, exitCodes.OutOfCredits, result.stderr)
      assert.match(result.stderr, /out of credits/)
    })
  )

  it.effect("429 after retries is RateLimited (15)", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["transactions", "--base-url", baseUrl], { blocks: 100, rateLimit: { limit: 0 } })
      assert.strictEqual(result.code, exitCodes.RateLimited, result.stderr)
    })
  )

  it.effect("5xx after retries is ServerError (16)", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["withdrawals", "--base-url", baseUrl], {
        blocks: 100,
        faults: () => ({ _tag: "ServerError", status: 502 })
      })
      assert.strictEqual(result.code, exitCodes.ServerError, result.stderr)
      assert.match(result.stderr, /^blockscout: withdrawals: server error 502/)
    })
  )

  it.effect("a dropped connection is Transport (17)", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["withdrawals", "--base-url", baseUrl], {
        blocks: 100,
        faults: () => ({ _tag: "Drop" })
      })
      assert.strictEqual(result.code, exitCodes.Transport, result.stderr)
    })
  )

  // Live clock: the client's timeout must really fire (under it.effect's TestClock it never would).
  it.live("no answer is Timeout (18)", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["withdrawals", "--base-url", baseUrl],
        { blocks: 100, faults: () => ({ _tag: "Hang" }) },
        {
          rateLimit: false,
          retry: false,
          timeout: "50 millis"
        }
      )
      assert.strictEqual(result.code, exitCodes.Timeout, result.stderr)
    })
  )

  it.effect("a body that does not match the schema is Decode (19), naming the field", () =>
    Effect.gen(function* () {
      // A server answering 200 with a real withdrawal page whose first amount is not a number.
      const page = JSON.parse(simulator.handle({ method: "GET", url: "/api/v2/withdrawals", headers: {} }, 0).body)
      page.items[0].amount = "lots"
      const bad = answering(200, page)
      const result = yield* runCli(["withdrawals", "--base-url", baseUrl], bad)
      assert.strictEqual(result.code, exitCodes.Decode, result.stderr)
      assert.match(
        result.stderr,
        /^blockscout: withdrawals: unexpected response from blockscout\.test: items\.0\.amount/
      )
    })
  )

  it.effect("a 422 is InvalidRequest (12), with the server's messages", () =>
    Effect.gen(function* () {
      const body = {
        errors: [{ title: "Invalid value", source: { pointer: "/method" }, detail: "Unknown method filter" }]
      }
      const result = yield* runCli(["transactions", "--base-url", baseUrl, "--method", "mint"], answering(422, body))
      assert.strictEqual(result.code, exitCodes.InvalidRequest, result.stderr)
      assert.match(result.stderr, /blockscout\.test rejected the request \(422\): .*Unknown method filter/)
    })
  )

  it.effect("a repeated cursor is PaginationStalled (20)", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["withdrawals", "--base-url", baseUrl, "--page-size", "5"], {
        blocks: 100,
        faults: (ctx) => (ctx.requestNumber >= 2 ? { _tag: "RepeatCursor" } : undefined)
      })
      assert.strictEqual(result.code, exitCodes.PaginationStalled, result.stderr)
    })
  )
})

describe("blockscout CLI resume", () => {
  it.effect("an interrupted --resume run, resumed, gives the same file as an uninterrupted run", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const common = [
          "token-transfers",
          "--base-url",
          baseUrl,
          "--page-size",
          "7",
          "--limit",
          "60",
          "--format",
          "csv"
        ]
        const whole = yield* runCli([...common, "-o", `${dir}/whole.csv`], simulator)
        assert.strictEqual(whole.code, 0, whole.stderr)

        // The server fails from its 5th request on: the run stops after 4 pages with exit 16.
        const flaky = SimulatedBlockscout.make({
          blocks: 2000,
          faults: (ctx) => (ctx.requestNumber >= 5 ? { _tag: "ServerError", status: 503 } : undefined)
        })
        const out = `${dir}/out.csv`
        const cp = `${dir}/out.checkpoint.json`
        const broken = yield* runCli([...common, "-o", out, "--resume", cp], flaky)
        assert.strictEqual(broken.code, exitCodes.ServerError)
        assert.include(broken.stderr, "run the same command to resume")
        assert.strictEqual((yield* fs.readFileString(out)).trimEnd().split("\n").length, 1 + 4 * 7)

        const resumed = yield* runCli([...common, "-o", out, "--resume", cp], simulator)
        assert.strictEqual(resumed.code, 0, resumed.stderr)
        assert.match(resumed.stderr, /^resumed: 32 items/)
        assert.deepStrictEqual(yield* fs.readFile(out), yield* fs.readFile(`${dir}/whole.csv`))
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  it.effect("refuses a checkpoint written for another query (exit 3)", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const out = ["-o", `${dir}/out.ndjson`, "--resume", `${dir}/cp.json`, "--base-url", baseUrl, "--limit", "3"]
        assert.strictEqual((yield* runCli(["withdrawals", ...out], simulator)).code, 0)
        const other = yield* runCli(["transactions", ...out], simulator)
        assert.strictEqual(other.code, exitCodes.checkpoint)
        assert.match(other.stderr, /another query/)
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  it.effect("a --base-url with user:pass@ is refused before anything is sent, and never echoed", () =>
    Effect.gen(function* () {
      const before = simulator.requests.length
      const withUser = baseUrl.replace("://", "://proxyuser:proxysecret@")
      const result = yield* runCli(["withdrawals", "--base-url", withUser, "--limit", "3"], simulator)
      assert.strictEqual(result.code, exitCodes.usage, result.stderr)
      assert.match(result.stderr, /--base-url: .*credentials/)
      assert.notInclude(result.stderr, "proxysecret")
      assert.notInclude(result.stderr, "proxyuser")
      assert.strictEqual(simulator.requests.length, before)
    })
  )
})
