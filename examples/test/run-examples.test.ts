/**
 * Every example, run as a user runs it (a child process, offline: the simulated Blockscout), against both API
 * families (`BLOCKSCOUT_SIMULATED_FAMILY`), prints meaningful output: counts and amounts above zero.
 */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem } from "effect"
import { entry, type Finished, node } from "./spawn.ts"

const positive = (result: Finished, pattern: RegExp, what: string) => {
  const match = pattern.exec(result.stdout)
  assert.isNotNull(match, `${what}: ${result.stdout}\n${result.stderr}`)
  for (const group of match!.slice(1)) assert.isAbove(Number(group.replaceAll(",", "")), 0, `${what}: ${match![0]}`)
}

const examples: ReadonlyArray<{
  readonly file: string
  readonly args?: ReadonlyArray<string>
  readonly check: (result: Finished, what: string) => void
}> = [
  {
    file: "examples/src/main.ts",
    check: (r, what) => positive(r, /Wrote (\d+) token transfers in (\d+) pages/, what)
  },
  {
    file: "examples/src/stream-history.ts",
    args: ["out/history.ndjson"],
    check: (r, what) => positive(r, /Wrote (\d+) token transfers in (\d+) pages/, what)
  },
  {
    file: "examples/src/token-flows.ts",
    check: (r, what) => {
      positive(r, /: (\d+) transfers, ([\d,.]+) USDC moved/, what)
      positive(r, /Top senders\n {2}0x[0-9a-fA-F]{40} +([\d,.]+) USDC {2}\((\d+) transfers\)/, what)
    }
  },
  {
    file: "examples/src/failed-transactions.ts",
    args: ["300"],
    check: (r, what) =>
      positive(r, /(\d+) of the latest (\d+) transactions failed \([\d.]+%\), wasting (\d+) wei/, what)
  },
  {
    file: "examples/src/telemetry.ts",
    check: (r, what) => {
      positive(r, /Read (\d+) transactions and looked up (\d+) senders \(holding (\d+) wei\)/, what)
      // The span tree and the metrics the SDK's in-memory exporters received.
      positive(r, /Blockscout\.streamTransactions\n +GET \/(?:1\/)?api\/v2\/transactions x(\d+) \(200\)/, what)
      positive(r, /Blockscout\.getAddress x(\d+)\n +GET \/(?:1\/)?api\/v2\/addresses\/\{address\} x(\d+) \(200\)/, what)
      positive(r, /blockscout_client_requests\{endpoint=address\} (\d+)/, what)
      positive(r, /blockscout_client_request_duration_seconds\{endpoint=transactions,status=200\} count (\d+)/, what)
    }
  },
  {
    file: "examples/src/configuration.ts",
    check: (r, what) => {
      positive(r, /block (\d+) {2}0x[0-9a-f]{64} {2}\d+ wei/, what)
      positive(r, /last (\d+) withdrawals: (\d+) wei in all/, what)
    }
  }
]

describe.concurrent("every example prints meaningful output, against both families", () => {
  for (const family of ["pro", "instance"] as const) {
    for (const example of examples) {
      it.live(
        `${example.file} (${family})`,
        () =>
          Effect.scoped(
            Effect.gen(function* () {
              const fs = yield* FileSystem.FileSystem
              const cwd = yield* fs.makeTempDirectoryScoped()
              yield* fs.makeDirectory(`${cwd}/out`)
              const result = yield* node([entry(example.file), ...(example.args ?? [])], {
                cwd,
                env: { BLOCKSCOUT_SIMULATED_FAMILY: family }
              })
              assert.strictEqual(result.code, 0, result.stderr)
              example.check(result, `${example.file} (${family})`)
            })
          ).pipe(Effect.provide(NodeServices.layer)),
        20_000
      )
    }
  }
})
