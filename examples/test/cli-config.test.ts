/**
 * The `blockscout` tool reads the client's configuration (`Blockscout.config()`) with its flags over it: a flag
 * wins over its variable, every other `BLOCKSCOUT_*` option reaches the tool, the deprecated names are still
 * read, and every message names where a value came from (`--chain`, `BLOCKSCOUT_CHAIN_ID`). In-process against
 * the simulated Blockscout, and as a child process against it on a loopback port.
 */
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { serve } from "@blockscout-effect/client/testing/node"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { exitCodes } from "../src/cli/Exit.ts"
import { answering, baseUrl, ndjson, runCli } from "./harness.ts"
import { entry, node } from "./spawn.ts"

const cliMain = entry("examples/src/cli/main.ts")
const simulator = SimulatedBlockscout.make({ blocks: 300 })
const proEnv = { BLOCKSCOUT_CHAIN_ID: "1", BLOCKSCOUT_API_KEY: "proapi_env" }

describe("flags over the variables", () => {
  it.effect("--base-url is the API over BLOCKSCOUT_CHAIN_ID (the address is one unit: no 'both set')", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["withdrawals", "--base-url", baseUrl, "--limit", "2"], simulator, undefined, {
        env: proEnv
      })
      assert.strictEqual(result.code, 0, result.stderr)
      assert.strictEqual(ndjson(result.stdout).length, 2)
      assert.deepStrictEqual(
        [simulator.requests.at(-1)?.family, simulator.requests.at(-1)?.path],
        ["instance", "/api/v2/withdrawals"]
      )
    })
  )

  it.effect("--chain is the Pro API over BLOCKSCOUT_BASE_URL, with the key from BLOCKSCOUT_API_KEY", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["withdrawals", "--chain", "1", "--limit", "2"], simulator, undefined, {
        env: { BLOCKSCOUT_BASE_URL: "https://eth.blockscout.com", BLOCKSCOUT_API_KEY: "proapi_env" }
      })
      assert.strictEqual(result.code, 0, result.stderr)
      const last = simulator.requests.at(-1)
      assert.deepStrictEqual(
        [last?.family, last?.path, last?.query.apikey],
        ["pro", "/1/api/v2/withdrawals", "proapi_env"]
      )
    })
  )

  it.effect("--api-key wins over BLOCKSCOUT_API_KEY", () =>
    Effect.gen(function* () {
      const result = yield* runCli(["withdrawals", "--api-key", "proapi_flag", "--limit", "2"], simulator, undefined, {
        env: proEnv
      })
      assert.strictEqual(result.code, 0, result.stderr)
      assert.deepStrictEqual(
        [simulator.requests.at(-1)?.path, simulator.requests.at(-1)?.query.apikey],
        ["/1/api/v2/withdrawals", "proapi_flag"]
      )
    })
  )

  it.effect("a secret from BLOCKSCOUT_SECRET_KEY is in play: scrubbed from what a server echoes", () =>
    Effect.gen(function* () {
      const result = yield* runCli(
        ["withdrawals", "--base-url", baseUrl],
        answering(403, { message: "Restricted access for key s3cret-from-env" }),
        undefined,
        { env: { BLOCKSCOUT_SECRET_KEY: "s3cret-from-env" } }
      )
      assert.strictEqual(result.code, exitCodes.Unauthorized, result.stderr)
      assert.include(result.stderr, "Restricted access")
      assert.notInclude(result.stderr, "s3cret-from-env")
    })
  )
})

describe("one check, naming each value where it came from", () => {
  const cases: ReadonlyArray<{
    readonly name: string
    readonly argv: ReadonlyArray<string>
    readonly env: Record<string, string>
    readonly message: RegExp
  }> = [
    {
      name: "a chain from the flag, no key anywhere",
      argv: ["--chain", "1"],
      env: {},
      message:
        /^blockscout: the Pro API \(--chain\) needs a key: set --api-key or BLOCKSCOUT_API_KEY, or set --base-url or BLOCKSCOUT_BASE_URL instead of --chain/
    },
    {
      name: "a chain from the variable, no key anywhere",
      argv: [],
      env: { BLOCKSCOUT_CHAIN_ID: "1" },
      message: /^blockscout: the Pro API \(BLOCKSCOUT_CHAIN_ID\) needs a key: set --api-key or BLOCKSCOUT_API_KEY/
    },
    {
      name: "a bad variable beside a good flag",
      argv: ["--base-url", baseUrl],
      env: { BLOCKSCOUT_TIMEOUT: "soon" },
      message: /^blockscout: BLOCKSCOUT_TIMEOUT must be a positive duration/
    },
    {
      name: "a bad chain id variable",
      argv: [],
      env: { BLOCKSCOUT_CHAIN_ID: "mainnet", BLOCKSCOUT_API_KEY: "proapi_env" },
      message: /^blockscout: BLOCKSCOUT_CHAIN_ID must be a positive integer/
    },
    {
      name: "a deprecated name, named as it was set",
      argv: ["--base-url", baseUrl],
      env: { BLOCKSCOUT_MAX_IN_FLIGHT: "0" },
      message: /^blockscout: BLOCKSCOUT_MAX_IN_FLIGHT must be/
    },
    {
      name: "the new name of the same option",
      argv: ["--base-url", baseUrl],
      env: { BLOCKSCOUT_RATE_LIMIT_MAX_IN_FLIGHT: "0" },
      message: /^blockscout: BLOCKSCOUT_RATE_LIMIT_MAX_IN_FLIGHT must be/
    }
  ]
  for (const c of cases) {
    it.effect(`${c.name}: exit 2, nothing sent`, () =>
      Effect.gen(function* () {
        const before = simulator.requests.length
        const result = yield* runCli(["withdrawals", ...c.argv], simulator, undefined, { env: c.env })
        assert.strictEqual(result.code, exitCodes.usage, result.stderr)
        assert.match(result.stderr, c.message)
        assert.strictEqual(simulator.requests.length, before, "nothing sent")
      })
    )
  }
})

describe("every BLOCKSCOUT_* option reaches the tool (a child process, the simulator on 127.0.0.1)", () => {
  /** `blockscout withdrawals --base-url <server> ...flags` with `env`; the server's withdrawals requests. */
  const withdrawals = (
    flags: ReadonlyArray<string>,
    env: Record<string, string>,
    faults?: () => { readonly _tag: "ServerError"; readonly status: number }
  ) =>
    Effect.scoped(
      Effect.gen(function* () {
        const server = yield* serve({ blocks: 300, ...(faults === undefined ? {} : { faults }) })
        const result = yield* node([cliMain, "withdrawals", "--base-url", server.baseUrl, ...flags], { env })
        const requests = server.simulator.requests.filter((r) => r.path === "/api/v2/withdrawals")
        return { result, requests }
      })
    )
  const failing = () => ({ _tag: "ServerError" as const, status: 503 })
  const fastRetries = { BLOCKSCOUT_RETRY_BASE: "1 millis", BLOCKSCOUT_RETRY_MAX: "5 millis" }

  it.live(
    "BLOCKSCOUT_PAGE_SIZE sets the page size",
    () =>
      Effect.gen(function* () {
        const { result, requests } = yield* withdrawals(["--limit", "21"], { BLOCKSCOUT_PAGE_SIZE: "7" })
        assert.strictEqual(result.code, 0, result.stderr)
        assert.strictEqual(ndjson(result.stdout).length, 21)
        // Every request asks 7 (the next page may be asked ahead, so 3 or more).
        assert.isAtLeast(requests.length, 3)
        assert.deepStrictEqual([...new Set(requests.map((r) => r.query.items_count))], ["7"])
        // --page-size wins over it.
        const flag = yield* withdrawals(["--limit", "10", "--page-size", "5"], { BLOCKSCOUT_PAGE_SIZE: "7" })
        assert.strictEqual(flag.result.code, 0, flag.result.stderr)
        assert.isAtLeast(flag.requests.length, 2)
        assert.deepStrictEqual([...new Set(flag.requests.map((r) => r.query.items_count))], ["5"])
      }),
    30_000
  )

  it.live(
    "BLOCKSCOUT_RETRY_TIMES sets the retries (announced as such), --retries wins over it, BLOCKSCOUT_RETRIES is still read",
    () =>
      Effect.gen(function* () {
        const [configured, flag, deprecated] = yield* Effect.all(
          [
            withdrawals([], { ...fastRetries, BLOCKSCOUT_RETRY_TIMES: "2" }, failing),
            withdrawals(["--retries", "0"], { ...fastRetries, BLOCKSCOUT_RETRY_TIMES: "2" }, failing),
            withdrawals([], { ...fastRetries, BLOCKSCOUT_RETRIES: "1" }, failing)
          ],
          { concurrency: 3 }
        )
        assert.strictEqual(configured.result.code, exitCodes.ServerError, configured.result.stderr)
        assert.strictEqual(configured.requests.length, 3)
        assert.match(configured.result.stderr, /retry 1 of 2 in/)
        assert.match(configured.result.stderr, /retry 2 of 2 in/)

        assert.strictEqual(flag.result.code, exitCodes.ServerError, flag.result.stderr)
        assert.strictEqual(flag.requests.length, 1)
        assert.notMatch(flag.result.stderr, /retry \d of/)

        assert.strictEqual(deprecated.result.code, exitCodes.ServerError, deprecated.result.stderr)
        assert.strictEqual(deprecated.requests.length, 2)
        assert.match(deprecated.result.stderr, /retry 1 of 1 in/)
      }),
    30_000
  )
})
