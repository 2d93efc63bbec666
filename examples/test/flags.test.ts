/**
 * The tool's promises about its flags, in-process against the simulated Blockscout: every bad flag is exit 2
 * naming the flag with nothing sent and no file touched; base URLs work as users paste them; --help never runs
 * the job; --retries, --timeout and --secret-key do what they say; an unwritable --output is an output error.
 */
import { endpoints } from "@blockscout-effect/client"
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem } from "effect"
import { kebab } from "../src/cli/Flags.ts"
import { exitCodes } from "../src/cli/Exit.ts"
import { answering, baseUrl, ndjson, runCli } from "./harness.ts"

const simulator = SimulatedBlockscout.make({ blocks: 300 })

describe("every bad flag is exit 2, names the flag, and sends nothing", () => {
  const cases: ReadonlyArray<readonly [ReadonlyArray<string>, RegExp]> = [
    [["--requests-per-second", "-1"], /--requests-per-second -1: must be above 0/],
    [["--requests-per-second", "0"], /--requests-per-second 0/],
    [["--page-size", "0"], /--page-size 0: must be from 1 to 100/],
    [["--page-size", "101"], /--page-size 101/],
    [["--page-size", "abc"], /page-size/],
    [["--limit", "-5"], /--limit -5: must be at least 1/],
    [["--limit", "0"], /--limit 0/],
    [["--timeout", "0"], /--timeout 0/],
    [["--retries", "-1"], /--retries -1/],
    [["--retries", "1000"], /--retries 1000/],
    [["--chain", "0", "--api-key", "k123"], /--chain 0/],
    [["--format", "xml"], /format/],
    [["--format", "csv", "--columns", "index,no_such_column"], /--columns: .*no column no_such_column/],
    [["--columns", "index"], /--columns applies to csv, parquet and table/],
    [["--format", "parquet"], /--format parquet needs --output/],
    [["--format", "table", "-o", "w.txt"], /--format table is for reading in a terminal/],
    [["--resume", "x.json"], /--resume needs --output/]
  ]
  for (const [flags, message] of cases) {
    it.effect(flags.join(" "), () =>
      Effect.gen(function* () {
        const before = simulator.requests.length
        const result = yield* runCli(["withdrawals", "--base-url", baseUrl, ...flags], simulator)
        assert.strictEqual(result.code, exitCodes.usage, result.stderr)
        assert.match(result.stderr, message)
        assert.strictEqual(result.stdout, "")
        assert.strictEqual(simulator.requests.length, before)
      })
    )
  }

  const urls: ReadonlyArray<readonly [string, RegExp]> = [
    ["https://host/?x=1", /--base-url: .*has a query/],
    ["https://host/#frag", /--base-url: .*has a fragment/],
    ["https://user:pass@host/", /--base-url: .*credentials/],
    ["ftp://host", /--base-url: .*not http or https/],
    ["eth.blockscout.com", /--base-url: .*not an absolute URL/]
  ]
  for (const [url, message] of urls) {
    it.effect(`--base-url ${url}`, () =>
      Effect.gen(function* () {
        const result = yield* runCli(["withdrawals", "--base-url", url], simulator)
        assert.strictEqual(result.code, exitCodes.usage, result.stderr)
        assert.match(result.stderr, message)
        assert.match(result.stderr, /expected http\(s\):\/\/host/)
        assert.notInclude(result.stderr, "pass@")
      })
    )
  }

  it.effect("a bad BLOCKSCOUT_BASE_URL names the variable", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["withdrawals"], simulator, undefined, {
        env: { BLOCKSCOUT_BASE_URL: "https://host/api/v2?apikey=x" }
      })
      assert.strictEqual(result.code, exitCodes.usage)
      assert.match(result.stderr, /^blockscout: BLOCKSCOUT_BASE_URL: .*query/)
    })
  )

  it.effect("a --base-url naming another chain than --chain", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["withdrawals", "--chain", "1", "--api-key", "k123", "--base-url", `${baseUrl}/10/api/v2`],
        simulator
      )
      assert.strictEqual(result.code, exitCodes.usage)
      assert.match(result.stderr, /--base-url: the base URL names chain 10, not the chain id 1/)
    })
  )
})

describe("base URLs as users paste them", () => {
  for (const suffix of ["", "/", "/api/v2", "/api/v2/"]) {
    it.effect(`an instance at ${baseUrl}${suffix}`, () =>
      Effect.gen(function* () {
        const result = yield* runCli(["withdrawals", "--base-url", `${baseUrl}${suffix}`, "--limit", "2"], simulator)
        assert.strictEqual(result.code, 0, result.stderr)
        assert.strictEqual(ndjson(result.stdout).length, 2)
        assert.strictEqual(simulator.requests.at(-1)?.path, "/api/v2/withdrawals")
      })
    )
  }
  for (const suffix of ["/", "/api/v2/", "/1/api/v2", "/1/api/v2/"]) {
    it.effect(`the Pro API at ${baseUrl}${suffix}`, () =>
      Effect.gen(function* () {
        const result = yield* runCli(
          ["withdrawals", "--chain", "1", "--api-key", "k123", "--base-url", `${baseUrl}${suffix}`, "--limit", "2"],
          simulator
        )
        assert.strictEqual(result.code, 0, result.stderr)
        assert.strictEqual(simulator.requests.at(-1)?.path, "/1/api/v2/withdrawals")
      })
    )
  }
})

describe("--help never runs the job", () => {
  for (const row of Object.values(endpoints)) {
    it.effect(`${kebab(row.name)} --help`, () =>
      Effect.gen(function* () {
        const before = simulator.requests.length
        const result = yield* runCli([kebab(row.name), "--base-url", baseUrl, "--help"], simulator)
        assert.strictEqual(result.code, 0, result.stderr)
        assert.include(result.stdout, `blockscout ${kebab(row.name)}`)
        for (const flag of ["--secret-key", "--timeout", "--retries", "--format", "--columns"]) {
          assert.include(result.stdout, flag)
        }
        assert.strictEqual(simulator.requests.length, before)
      })
    )
  }
})

describe("files", () => {
  it.effect("an --output that cannot be written is an output error (4) naming --output, before any request", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const before = simulator.requests.length
        const result = yield* runCli(
          ["withdrawals", "--base-url", baseUrl, "-o", `${dir}/missing/out.ndjson`, "--resume", `${dir}/cp.json`],
          simulator
        )
        assert.strictEqual(result.code, exitCodes.output, result.stderr)
        assert.match(result.stderr, /^blockscout: --output .*missing\/out\.ndjson: cannot write/)
        assert.strictEqual(simulator.requests.length, before)
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  it.effect("a --resume checkpoint that cannot be written is a checkpoint error (3), before any request", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const before = simulator.requests.length
        const result = yield* runCli(
          ["withdrawals", "--base-url", baseUrl, "-o", `${dir}/out.ndjson`, "--resume", `${dir}/missing/cp.json`],
          simulator
        )
        assert.strictEqual(result.code, exitCodes.checkpoint, result.stderr)
        assert.match(result.stderr, /^blockscout: --resume .*missing\/cp\.json: cannot write/)
        assert.strictEqual(simulator.requests.length, before)
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )
})

describe("client flags", () => {
  // Live clock: retries really wait (1 ms).
  it.live("--retries N makes N retries, each announced on stderr with the host and the next try", () =>
    Effect.gen(function* () {
      const failing = SimulatedBlockscout.make({ blocks: 100, faults: () => ({ _tag: "ServerError", status: 503 }) })
      const result = yield* runCli(["withdrawals", "--base-url", baseUrl, "--retries", "2"], failing, {
        rateLimit: false,
        retry: { base: "1 millis", max: "1 millis" }
      })
      assert.strictEqual(result.code, exitCodes.ServerError, result.stderr)
      assert.strictEqual(failing.requests.length, 3)
      const lines = result.stderr.trimEnd().split("\n")
      assert.match(lines[0]!, /^blockscout: withdrawals: server error at blockscout\.test; retry 1 of 2 in [\d.]+ s$/)
      assert.match(lines[1]!, /retry 2 of 2/)
      assert.match(lines[2]!, /^blockscout: withdrawals: server error 503 from blockscout\.test, and retries are spent/)
    })
  )

  it.live("--retries 0 sends one request", () =>
    Effect.gen(function* () {
      const failing = SimulatedBlockscout.make({ blocks: 100, faults: () => ({ _tag: "Drop" }) })
      const result = yield* runCli(["withdrawals", "--base-url", baseUrl, "--retries", "0"], failing, {
        rateLimit: false
      })
      assert.strictEqual(result.code, exitCodes.Transport, result.stderr)
      assert.strictEqual(failing.requests.length, 1)
      assert.match(result.stderr, /^blockscout: withdrawals: cannot reach blockscout\.test: /)
    })
  )

  it.live("--timeout bounds each response", () =>
    Effect.gen(function* () {
      const hanging = SimulatedBlockscout.make({ blocks: 100, faults: () => ({ _tag: "Hang" }) })
      const result = yield* runCli(["withdrawals", "--base-url", baseUrl, "--timeout", "0.05"], hanging, {
        rateLimit: false,
        retry: false
      })
      assert.strictEqual(result.code, exitCodes.Timeout, result.stderr)
      assert.match(result.stderr, /no response from blockscout\.test within 50ms \(see --timeout\)/)
    })
  )

  it.effect("a 403's hint names --secret-key, which exists", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["withdrawals", "--base-url", baseUrl, "--secret-key", "s3cret-value"],
        answering(403, { message: "Restricted access" })
      )
      assert.strictEqual(result.code, exitCodes.Unauthorized, result.stderr)
      assert.match(result.stderr, /--secret-key or BLOCKSCOUT_SECRET_KEY/)
      assert.notInclude(result.stderr, "s3cret-value")
    })
  )
})
