/**
 * `Blockscout.layerConfig`: the client from configuration, by default `BLOCKSCOUT_*`, under any prefix or
 * nesting, or from the app's own `Config` values; every value checked when the layer is built, and a setup
 * that picks no API (or two) failing with one message that names every way to fix it.
 */
import { assert, describe, it } from "@effect/vitest"
import { Config, ConfigProvider, Duration, Effect, Layer, Redacted, Result } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout, type BlockscoutConfig, type ClientOptions } from "../src/index.ts"
import { page, scriptedServer } from "./support/ScriptedServer.ts"

const quiet: ClientOptions = { rateLimit: false, retry: { times: 1, base: "1 millis" } }

/** `layerConfig(config, quiet)` over fetch, reading `env`. */
const withEnv = (env: Record<string, string>, config?: Config.Wrap<BlockscoutConfig>) =>
  Blockscout.layerConfig(config, quiet).pipe(
    Layer.provide(FetchHttpClient.layer),
    Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env })))
  )

const listWithdrawals = Blockscout.use((bs) => bs.listWithdrawals())

/** The message of the `ConfigError` building the layer with `env` fails with. */
const failureOf = (env: Record<string, string>, config?: Config.Wrap<BlockscoutConfig>) =>
  Effect.map(Effect.flip(listWithdrawals.pipe(Effect.provide(withEnv(env, config)))), (error) => {
    assert.strictEqual(error._tag, "ConfigError")
    return error.message
  })

describe("layerConfig picks the API from BLOCKSCOUT_*", () => {
  it.effect("BLOCKSCOUT_CHAIN_ID and BLOCKSCOUT_API_KEY pick the Pro API at BLOCKSCOUT_PRO_BASE_URL", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      const family = yield* Blockscout.use((bs) => Effect.as(bs.listWithdrawals(), bs.family)).pipe(
        Effect.provide(
          withEnv({
            BLOCKSCOUT_CHAIN_ID: "8453",
            BLOCKSCOUT_API_KEY: "proapi_cfg",
            BLOCKSCOUT_PRO_BASE_URL: server.url
          })
        )
      )
      assert.strictEqual(family, "pro")
      assert.strictEqual(server.requests[0]!.path, "/8453/api/v2/withdrawals")
      assert.strictEqual(server.requests[0]!.query.get("apikey"), "proapi_cfg")
    }).pipe(Effect.scoped)
  )

  it.effect("the Pro API from configuration sends no BLOCKSCOUT_SECRET_KEY (an instance's secret), as layerPro", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      yield* listWithdrawals.pipe(
        Effect.provide(
          withEnv({
            BLOCKSCOUT_CHAIN_ID: "1",
            BLOCKSCOUT_API_KEY: "proapi_cfg",
            BLOCKSCOUT_SECRET_KEY: "s3cret",
            BLOCKSCOUT_PRO_BASE_URL: server.url
          })
        )
      )
      assert.isFalse(server.requests[0]!.query.has("key"))
    }).pipe(Effect.scoped)
  )

  it.effect(
    "BLOCKSCOUT_BASE_URL (as pasted, with /api/v2/) picks an instance, with BLOCKSCOUT_SECRET_KEY sent as key",
    () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(() => ({ body: page([]) }))
        yield* listWithdrawals.pipe(
          Effect.provide(withEnv({ BLOCKSCOUT_BASE_URL: `${server.url}/api/v2/`, BLOCKSCOUT_SECRET_KEY: "s3cret" }))
        )
        assert.strictEqual(server.requests[0]!.path, "/api/v2/withdrawals")
        assert.strictEqual(server.requests[0]!.query.get("key"), "s3cret")
        assert.isFalse(server.requests[0]!.query.has("apikey"))
      }).pipe(Effect.scoped)
  )

  it.effect("BLOCKSCOUT_FAMILY settles a setup that names both", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      const env = { BLOCKSCOUT_BASE_URL: server.url, BLOCKSCOUT_CHAIN_ID: "5", BLOCKSCOUT_API_KEY: "k_both" }
      yield* listWithdrawals.pipe(Effect.provide(withEnv({ ...env, BLOCKSCOUT_FAMILY: "instance" })))
      assert.strictEqual(server.requests[0]!.path, "/api/v2/withdrawals")
    }).pipe(Effect.scoped)
  )

  it.effect("every other option reaches the client: page size, key placement, retries", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ status: 503, body: { message: "down" } }))
      const error = yield* Effect.flip(
        listWithdrawals.pipe(
          Effect.provide(
            withEnv({
              BLOCKSCOUT_BASE_URL: server.url,
              BLOCKSCOUT_API_KEY: "inst_header_key",
              BLOCKSCOUT_API_KEY_IN: "header",
              BLOCKSCOUT_PAGE_SIZE: "7",
              BLOCKSCOUT_RETRIES: "0",
              BLOCKSCOUT_TIMEOUT: "5 seconds"
            })
          )
        )
      )
      assert.strictEqual(error._tag === "BlockscoutError" ? error.reason._tag : error._tag, "ServerError")
      assert.strictEqual(server.requests.length, 1, "BLOCKSCOUT_RETRIES=0: no retry")
      const sent = server.requests[0]!
      assert.strictEqual(sent.query.get("items_count"), "7")
      assert.strictEqual(sent.headers["x-api-key"], "inst_header_key")
      assert.isFalse(sent.query.has("apikey"))
    }).pipe(Effect.scoped)
  )
})

describe("layerConfig fails when built, naming what to set", () => {
  it.effect("nothing set: every way to pick an API, in one message", () =>
    Effect.gen(function* () {
      const message = yield* failureOf({ BLOCKSCOUT_BASE_URL: "" })
      for (const name of [
        "BLOCKSCOUT_CHAIN_ID",
        "BLOCKSCOUT_API_KEY",
        "BLOCKSCOUT_BASE_URL",
        "empty value counts as unset"
      ]) {
        assert.include(message, name)
      }
    })
  )

  it.effect("a chain id without a key: the key, or an instance instead", () =>
    Effect.gen(function* () {
      const message = yield* failureOf({ BLOCKSCOUT_CHAIN_ID: "1" })
      assert.include(message, "the Pro API (BLOCKSCOUT_CHAIN_ID) needs a key: set BLOCKSCOUT_API_KEY")
      assert.include(message, "BLOCKSCOUT_BASE_URL")
    })
  )

  it.effect("both a base URL and a chain id: unset one, or BLOCKSCOUT_FAMILY", () =>
    Effect.gen(function* () {
      const message = yield* failureOf({
        BLOCKSCOUT_CHAIN_ID: "1",
        BLOCKSCOUT_API_KEY: "k",
        BLOCKSCOUT_BASE_URL: "https://eth.blockscout.com"
      })
      assert.include(message, "BLOCKSCOUT_FAMILY")
    })
  )

  const bad: ReadonlyArray<readonly [string, Record<string, string>, string]> = [
    [
      "a chain id of 0",
      { BLOCKSCOUT_CHAIN_ID: "0", BLOCKSCOUT_API_KEY: "k" },
      "BLOCKSCOUT_CHAIN_ID must be a positive integer"
    ],
    [
      "a chain id that is not a number",
      { BLOCKSCOUT_CHAIN_ID: "mainnet", BLOCKSCOUT_API_KEY: "k" },
      "BLOCKSCOUT_CHAIN_ID must be a positive integer (1 for Ethereum)"
    ],
    [
      "a base URL without a scheme",
      { BLOCKSCOUT_BASE_URL: "eth.blockscout.com" },
      "BLOCKSCOUT_BASE_URL: the base URL is not an absolute URL"
    ],
    [
      "a Pro base URL with a fragment",
      { BLOCKSCOUT_CHAIN_ID: "1", BLOCKSCOUT_API_KEY: "k", BLOCKSCOUT_PRO_BASE_URL: "https://api.blockscout.com/#x" },
      "BLOCKSCOUT_PRO_BASE_URL: the base URL https://api.blockscout.com/ has a fragment"
    ],
    [
      "a timeout of zero",
      { BLOCKSCOUT_BASE_URL: "https://eth.blockscout.com", BLOCKSCOUT_TIMEOUT: "0 seconds" },
      "BLOCKSCOUT_TIMEOUT must be a positive duration"
    ],
    [
      "a timeout that is not a duration",
      { BLOCKSCOUT_BASE_URL: "https://eth.blockscout.com", BLOCKSCOUT_TIMEOUT: "5 lightyears" },
      'BLOCKSCOUT_TIMEOUT must be a positive duration (e.g. "30 seconds")'
    ],
    [
      "a page size of 0",
      { BLOCKSCOUT_BASE_URL: "https://eth.blockscout.com", BLOCKSCOUT_PAGE_SIZE: "0" },
      "BLOCKSCOUT_PAGE_SIZE must be an integer from 1 to 1000"
    ],
    [
      "a negative retry count",
      { BLOCKSCOUT_BASE_URL: "https://eth.blockscout.com", BLOCKSCOUT_RETRIES: "-2" },
      "BLOCKSCOUT_RETRIES must be an integer from 0 to 100"
    ],
    [
      "a cap of 0 requests in flight",
      { BLOCKSCOUT_BASE_URL: "https://eth.blockscout.com", BLOCKSCOUT_MAX_IN_FLIGHT: "0" },
      "BLOCKSCOUT_MAX_IN_FLIGHT must be a positive integer"
    ],
    ["an unknown family", { BLOCKSCOUT_FAMILY: "mainnet" }, "BLOCKSCOUT_FAMILY must be pro or instance"]
  ]
  for (const [what, env, expected] of bad) {
    it.effect(`${what}`, () =>
      Effect.gen(function* () {
        assert.include(yield* failureOf(env), expected)
      })
    )
  }

  it.effect("a base URL with credentials is refused without repeating them", () =>
    Effect.gen(function* () {
      const message = yield* failureOf({ BLOCKSCOUT_BASE_URL: "https://user:hunter2@eth.blockscout.com" })
      assert.include(message, "carries credentials")
      assert.notInclude(message, "hunter2")
    })
  )
})

describe("layerConfig reads the app's own configuration", () => {
  it.effect('another prefix: Blockscout.config("ETH") reads ETH_*', () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      yield* listWithdrawals.pipe(
        Effect.provide(withEnv({ ETH_BASE_URL: server.url, BLOCKSCOUT_CHAIN_ID: "1" }, Blockscout.config("ETH")))
      )
      assert.strictEqual(server.requests[0]!.path, "/api/v2/withdrawals")
      const message = yield* failureOf({ BLOCKSCOUT_BASE_URL: server.url }, Blockscout.config("ETH"))
      assert.include(message, "ETH_BASE_URL")
    }).pipe(Effect.scoped)
  )

  it.effect("nesting: Config.nested over the default reads APP_BLOCKSCOUT_*, a JSON provider an object", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      yield* listWithdrawals.pipe(
        Effect.provide(withEnv({ APP_BLOCKSCOUT_BASE_URL: server.url }, Blockscout.config().pipe(Config.nested("APP"))))
      )
      yield* listWithdrawals.pipe(
        Effect.provide(
          Blockscout.layerConfig(undefined, quiet).pipe(
            Layer.provide(FetchHttpClient.layer),
            Layer.provide(
              ConfigProvider.layer(ConfigProvider.fromUnknown({ BLOCKSCOUT: { BASE_URL: server.url, PAGE_SIZE: 3 } }))
            )
          )
        )
      )
      assert.strictEqual(server.requests.length, 2)
      assert.strictEqual(server.requests[1]!.query.get("items_count"), "3")
    }).pipe(Effect.scoped)
  )

  it.effect("a record of the app's own Config values, checked with the options' names", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      const config = {
        chainId: Config.Int("CHAIN"),
        apiKey: Config.Redacted("KEY"),
        family: Config.succeed("pro" as const),
        baseUrl: Config.String("PRO_URL"),
        pageSize: Config.succeed(9)
      }
      yield* listWithdrawals.pipe(
        Effect.provide(withEnv({ CHAIN: "10", KEY: "proapi_own", PRO_URL: server.url }, config))
      )
      assert.strictEqual(server.requests[0]!.path, "/10/api/v2/withdrawals")
      assert.strictEqual(server.requests[0]!.query.get("items_count"), "9")
      const message = yield* failureOf({ CHAIN: "0", KEY: "proapi_own", PRO_URL: server.url }, config)
      assert.include(message, "chainId must be a positive integer")
      const missing = yield* failureOf({}, { apiKey: Config.succeed(Redacted.make("k")) })
      assert.include(missing, "set chainId and apiKey for the Pro API")
    }).pipe(Effect.scoped)
  )
})

/** What `Blockscout.config()` reads from `env` (or fails with, as a message). */
const readConfig = (env: Record<string, string>) =>
  Blockscout.config().pipe(
    Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env }))),
    Effect.result,
    Effect.map((result) => (Result.isSuccess(result) ? result.success : result.failure.message))
  )

const instanceEnv = { BLOCKSCOUT_BASE_URL: "https://eth.blockscout.com" }

describe("variables are named by the option's path in CONSTANT_CASE", () => {
  it.effect("nested options: RETRY_*, RATE_LIMIT_*, and every other field", () =>
    Effect.gen(function* () {
      const values = yield* readConfig({
        ...instanceEnv,
        BLOCKSCOUT_RETRY_TIMES: "4",
        BLOCKSCOUT_RETRY_BASE: "2 seconds",
        BLOCKSCOUT_RETRY_MAX: "1 minute",
        BLOCKSCOUT_RATE_LIMIT_REQUESTS_PER_SECOND: "2.5",
        BLOCKSCOUT_RATE_LIMIT_MAX_IN_FLIGHT: "3",
        BLOCKSCOUT_MAX_SERVER_WAIT: "0 seconds",
        BLOCKSCOUT_MAX_RESPONSE_BYTES: "2048",
        BLOCKSCOUT_PREFETCH: "false",
        BLOCKSCOUT_HTTP_CLIENT_SPANS: "true"
      })
      assert.isObject(values)
      const v = values as BlockscoutConfig
      assert.deepStrictEqual(v.retry === false ? false : v.retry?.times, 4)
      assert.strictEqual(v.retry === false ? 0 : Duration.toMillis(v.retry!.base!), 2000)
      assert.strictEqual(v.retry === false ? 0 : Duration.toMillis(v.retry!.max!), 60000)
      assert.deepStrictEqual(v.rateLimit, { requestsPerSecond: 2.5, maxInFlight: 3 })
      assert.strictEqual(Duration.toMillis(v.maxServerWait!), 0)
      assert.strictEqual(v.maxResponseBytes, 2048)
      assert.strictEqual(v.prefetch, false)
      assert.strictEqual(v.httpClientSpans, true)
      assert.strictEqual(v.family, "instance")
    })
  )

  it.effect("RETRY=false and RATE_LIMIT=false turn them off; RATE_LIMIT=false wins over its fields", () =>
    Effect.gen(function* () {
      const off = (yield* readConfig({
        ...instanceEnv,
        BLOCKSCOUT_RETRY: "false",
        BLOCKSCOUT_RATE_LIMIT: "false",
        BLOCKSCOUT_MAX_IN_FLIGHT: "2"
      })) as BlockscoutConfig
      assert.strictEqual(off.retry, false)
      assert.strictEqual(off.rateLimit, false)
    })
  )

  it.effect("BLOCKSCOUT_RETRY_TIMES reaches the client, merged over the programmatic retry options", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ status: 503, body: { message: "down" } }))
      yield* Effect.flip(
        listWithdrawals.pipe(
          Effect.provide(
            withEnv({ BLOCKSCOUT_BASE_URL: server.url, BLOCKSCOUT_RETRY_TIMES: "2", BLOCKSCOUT_RETRY_BASE: "0 millis" })
          )
        )
      )
      assert.strictEqual(server.requests.length, 3, "the first attempt and BLOCKSCOUT_RETRY_TIMES=2 retries")
    }).pipe(Effect.scoped)
  )

  const bad: ReadonlyArray<readonly [Record<string, string>, string]> = [
    [{ BLOCKSCOUT_RETRY_TIMES: "-1" }, "BLOCKSCOUT_RETRY_TIMES must be an integer from 0 to 100"],
    [{ BLOCKSCOUT_RETRY_TIMES: "many" }, "BLOCKSCOUT_RETRY_TIMES must be an integer from 0 to 100"],
    [{ BLOCKSCOUT_RETRY_BASE: "soon" }, 'BLOCKSCOUT_RETRY_BASE must be a non-negative duration (e.g. "30 seconds")'],
    [{ BLOCKSCOUT_RATE_LIMIT_MAX_IN_FLIGHT: "0" }, "BLOCKSCOUT_RATE_LIMIT_MAX_IN_FLIGHT must be a positive integer"],
    [
      { BLOCKSCOUT_RATE_LIMIT_REQUESTS_PER_SECOND: "-1" },
      "BLOCKSCOUT_RATE_LIMIT_REQUESTS_PER_SECOND must be a non-negative number"
    ],
    [{ BLOCKSCOUT_RATE_LIMIT: "sometimes" }, "BLOCKSCOUT_RATE_LIMIT must be true or false"],
    [{ BLOCKSCOUT_MAX_RESPONSE_BYTES: "10" }, "BLOCKSCOUT_MAX_RESPONSE_BYTES must be an integer from 1024"],
    [{ BLOCKSCOUT_API_KEY_IN: "cookie" }, "BLOCKSCOUT_API_KEY_IN must be one of query, header"]
  ]
  for (const [env, expected] of bad) {
    it.effect(`${Object.keys(env)[0]}=${Object.values(env)[0]}: ${expected}`, () =>
      Effect.gen(function* () {
        assert.include(yield* readConfig({ ...instanceEnv, ...env }), expected)
      })
    )
  }

  it.effect("a blank key is refused without showing it", () =>
    Effect.gen(function* () {
      const message = yield* readConfig({ ...instanceEnv, BLOCKSCOUT_SECRET_KEY: "   " })
      assert.include(message, "BLOCKSCOUT_SECRET_KEY must be a non-empty Redacted string")
      const pro = yield* readConfig({ BLOCKSCOUT_CHAIN_ID: "0", BLOCKSCOUT_API_KEY: "proapi_x" })
      assert.include(pro, "BLOCKSCOUT_CHAIN_ID must be a positive integer")
      assert.notInclude(pro, "proapi_x")
    })
  )

  it.effect("a JSON provider reads the same shape nested", () =>
    Effect.gen(function* () {
      const values = yield* Blockscout.config().pipe(
        Effect.provide(
          ConfigProvider.layer(
            ConfigProvider.fromUnknown({
              BLOCKSCOUT: {
                CHAIN_ID: 10,
                API_KEY: "proapi_json",
                RETRY: { TIMES: 3, BASE: "5 millis" },
                RATE_LIMIT: { MAX_IN_FLIGHT: 4 },
                TIMEOUT: "9 seconds"
              }
            })
          )
        )
      )
      assert.strictEqual(values.family, "pro")
      assert.strictEqual(values.chainId, 10)
      assert.strictEqual(Redacted.value(values.apiKey!), "proapi_json")
      assert.strictEqual(values.retry === false ? 0 : values.retry?.times, 3)
      assert.deepStrictEqual(values.rateLimit, { maxInFlight: 4 })
      assert.strictEqual(Duration.toMillis(values.timeout!), 9000)
      const failed = yield* Effect.flip(
        Blockscout.config().pipe(
          Effect.provide(
            ConfigProvider.layer(
              ConfigProvider.fromUnknown({ BLOCKSCOUT: { BASE_URL: "https://x.io", RETRY: { TIMES: 500 } } })
            )
          )
        )
      )
      assert.include(failed.message, "BLOCKSCOUT_RETRY_TIMES must be an integer from 0 to 100")
      const off = yield* Blockscout.config().pipe(
        Effect.provide(
          ConfigProvider.layer(
            ConfigProvider.fromUnknown({ BLOCKSCOUT: { BASE_URL: "https://x.io", RETRY: false, RATE_LIMIT: false } })
          )
        )
      )
      assert.strictEqual(off.retry, false)
      assert.strictEqual(off.rateLimit, false)
    })
  )
})

describe("the deprecated names are still read; the new name wins", () => {
  it.effect("BLOCKSCOUT_RETRIES, _REQUESTS_PER_SECOND, _MAX_IN_FLIGHT alone", () =>
    Effect.gen(function* () {
      const v = (yield* readConfig({
        ...instanceEnv,
        BLOCKSCOUT_RETRIES: "2",
        BLOCKSCOUT_REQUESTS_PER_SECOND: "7",
        BLOCKSCOUT_MAX_IN_FLIGHT: "3"
      })) as BlockscoutConfig
      assert.strictEqual(v.retry === false ? -1 : v.retry?.times, 2)
      assert.deepStrictEqual(v.rateLimit, { requestsPerSecond: 7, maxInFlight: 3 })
    })
  )

  it.effect("beside the new names, the new ones win, field by field", () =>
    Effect.gen(function* () {
      const v = (yield* readConfig({
        ...instanceEnv,
        BLOCKSCOUT_RETRIES: "2",
        BLOCKSCOUT_RETRY_TIMES: "6",
        BLOCKSCOUT_MAX_IN_FLIGHT: "3",
        BLOCKSCOUT_RATE_LIMIT_MAX_IN_FLIGHT: "9",
        BLOCKSCOUT_REQUESTS_PER_SECOND: "7"
      })) as BlockscoutConfig
      assert.strictEqual(v.retry === false ? -1 : v.retry?.times, 6)
      assert.deepStrictEqual(v.rateLimit, { maxInFlight: 9, requestsPerSecond: 7 })
    })
  )

  it.effect("BLOCKSCOUT_PRO_BASE_URL is the Pro API's base, only when the Pro API is chosen", () =>
    Effect.gen(function* () {
      const pro = (yield* readConfig({
        BLOCKSCOUT_CHAIN_ID: "1",
        BLOCKSCOUT_API_KEY: "k",
        BLOCKSCOUT_PRO_BASE_URL: "https://pro.example"
      })) as BlockscoutConfig
      assert.strictEqual(pro.family, "pro")
      assert.strictEqual(pro.baseUrl, "https://pro.example")
      const instance = (yield* readConfig({
        ...instanceEnv,
        BLOCKSCOUT_PRO_BASE_URL: "https://pro.example"
      })) as BlockscoutConfig
      assert.strictEqual(instance.baseUrl, "https://eth.blockscout.com")
      const both = (yield* readConfig({
        BLOCKSCOUT_FAMILY: "pro",
        BLOCKSCOUT_CHAIN_ID: "1",
        BLOCKSCOUT_API_KEY: "k",
        BLOCKSCOUT_BASE_URL: "https://new.example",
        BLOCKSCOUT_PRO_BASE_URL: "https://old.example"
      })) as BlockscoutConfig
      assert.strictEqual(both.baseUrl, "https://new.example")
    })
  )

  it.effect("a bad value under an old name is named by that name", () =>
    Effect.gen(function* () {
      assert.include(
        yield* readConfig({ ...instanceEnv, BLOCKSCOUT_MAX_IN_FLIGHT: "0" }),
        "BLOCKSCOUT_MAX_IN_FLIGHT must be a positive integer"
      )
    })
  )
})

/** `Blockscout.config("BLOCKSCOUT", overlay)` reading `env`: the values, or the failure's message. */
const readOverlaid = (env: Record<string, string>, overlay: Parameters<typeof Blockscout.config>[1]) =>
  Blockscout.config("BLOCKSCOUT", overlay).pipe(
    Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env }))),
    Effect.result,
    Effect.map((result) => (Result.isSuccess(result) ? result.success : result.failure.message))
  )

const flags = { chainId: "--chain", baseUrl: "--base-url", apiKey: "--api-key", "retry.times": "--retries" }

describe("config(prefix, overlay): values from elsewhere over the configured ones", () => {
  it.effect("an overlay value wins over its variable; the others still come from configuration", () =>
    Effect.gen(function* () {
      const values = (yield* readOverlaid(
        { ...instanceEnv, BLOCKSCOUT_RETRY_TIMES: "4", BLOCKSCOUT_RETRY_BASE: "2 seconds", BLOCKSCOUT_PAGE_SIZE: "7" },
        { values: { retry: { times: 1 } }, names: flags }
      )) as BlockscoutConfig
      assert.strictEqual(values.family, "instance")
      assert.strictEqual(values.pageSize, 7)
      const retry = values.retry as { readonly times?: number; readonly base?: Duration.Duration }
      assert.strictEqual(retry.times, 1)
      assert.isTrue(Duration.equals(retry.base!, Duration.seconds(2)))
      // `false` wins over the configured fields.
      const off = (yield* readOverlaid(
        { ...instanceEnv, BLOCKSCOUT_RETRY_TIMES: "4" },
        { values: { retry: false } }
      )) as BlockscoutConfig
      assert.strictEqual(off.retry, false)
    })
  )

  it.effect("the address is one unit: an overlay's chain replaces the configured instance and old Pro base", () =>
    Effect.gen(function* () {
      const values = (yield* readOverlaid(
        { ...instanceEnv, BLOCKSCOUT_API_KEY: "k", BLOCKSCOUT_PRO_BASE_URL: "https://old.example" },
        { values: { chainId: 10 }, names: flags }
      )) as BlockscoutConfig
      assert.deepStrictEqual([values.family, values.chainId, values.baseUrl], ["pro", 10, undefined])
      assert.strictEqual(Redacted.value(values.apiKey!), "k")
    })
  )

  it.effect("messages name each value where it came from, and an unset one by both names", () =>
    Effect.gen(function* () {
      assert.include(
        yield* readOverlaid({}, { values: { chainId: 1 }, names: flags }),
        "the Pro API (--chain) needs a key: set --api-key or BLOCKSCOUT_API_KEY, or set --base-url or BLOCKSCOUT_BASE_URL instead of --chain"
      )
      assert.include(
        yield* readOverlaid({ BLOCKSCOUT_CHAIN_ID: "1" }, { values: {}, names: flags }),
        "the Pro API (BLOCKSCOUT_CHAIN_ID) needs a key: set --api-key or BLOCKSCOUT_API_KEY"
      )
      assert.include(
        yield* readOverlaid(instanceEnv, { values: { retry: { times: 500 } }, names: flags }),
        "--retries must be an integer from 0 to 100"
      )
      // Without an overlay, as before: the variables alone.
      assert.include(
        yield* readConfig({ BLOCKSCOUT_CHAIN_ID: "1" }),
        "set BLOCKSCOUT_API_KEY, or set BLOCKSCOUT_BASE_URL"
      )
    })
  )
})
