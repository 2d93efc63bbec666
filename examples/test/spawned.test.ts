/**
 * End to end, as a user runs them: `node --conditions=source examples/src/cli/main.ts ...` and
 * `examples/src/main.ts` (`pnpm start`) as child processes, against the simulated Blockscout on a
 * loopback port, including a real SIGINT (Ctrl-C) in the middle of a stream and a resume.
 */
import { serve } from "@blockscout-effect/client/testing/node"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, FileSystem, Schedule } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { exitCodes } from "../src/cli/Exit.ts"
import { runCli } from "./harness.ts"

const cliMain = fileURLToPath(new URL("../src/cli/main.ts", import.meta.url))
const startMain = fileURLToPath(new URL("../src/main.ts", import.meta.url))

interface Finished {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs `node --conditions=source ...args`; `onSpawn` gets the child (to signal it). */
const node = (
  args: ReadonlyArray<string>,
  options: { readonly cwd?: string; readonly onSpawn?: (child: ChildProcess) => void } = {}
) =>
  Effect.callback<Finished>((resume) => {
    const env = { ...process.env }
    for (const key of Object.keys(env)) if (key.startsWith("BLOCKSCOUT_")) delete env[key]
    const child = spawn(process.execPath, ["--conditions=source", ...args], { cwd: options.cwd, env })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()))
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()))
    child.on("close", (code) => resume(Effect.succeed({ code, stdout, stderr })))
    options.onSpawn?.(child)
    return Effect.sync(() => {
      child.kill("SIGKILL")
    })
  })

describe("blockscout CLI as a child process", () => {
  it.live(
    "Ctrl-C mid-stream exits 130; running the same command again completes the same file",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          const fs = yield* FileSystem.FileSystem
          const dir = yield* fs.makeTempDirectoryScoped()
          // 10 ms a request and 5 items a page: 80 requests, long enough to interrupt in the middle.
          const server = yield* serve({ blocks: 2000, latency: 10 })
          const out = `${dir}/out.ndjson`
          const cp = `${dir}/out.checkpoint.json`
          const argv = [
            "token-transfers",
            "--base-url",
            server.baseUrl,
            "--page-size",
            "5",
            "--limit",
            "400",
            "--requests-per-second",
            "1000",
            "-o",
            out,
            "--resume",
            cp
          ]

          let child: ChildProcess | undefined
          const interrupted = yield* node([cliMain, ...argv], { onSpawn: (c) => (child = c) }).pipe(Effect.forkChild)
          // Once a few pages are checkpointed, press Ctrl-C.
          yield* fs.readFileString(cp).pipe(
            Effect.map((text) => JSON.parse(text) as { pages: number }),
            Effect.filterOrFail((c) => c.pages >= 5),
            Effect.retry(Schedule.spaced("20 millis"))
          )
          child?.kill("SIGINT")
          const first = yield* Fiber.join(interrupted)
          assert.strictEqual(first.code, 130, first.stderr)
          const saved = JSON.parse(yield* fs.readFileString(cp)) as { items: number; done: boolean }
          assert.isFalse(saved.done)
          assert.isBelow(saved.items, 400)

          const second = yield* node([cliMain, ...argv])
          assert.strictEqual(second.code, 0, second.stderr)
          assert.match(second.stderr, /^resumed: /m)

          // The same query, uninterrupted, in-process against the same (seeded) simulated chain.
          const whole = yield* runCli(
            [
              "token-transfers",
              "--base-url",
              "http://x",
              "--page-size",
              "5",
              "--limit",
              "400",
              "-o",
              `${dir}/whole.ndjson`
            ],
            { blocks: 2000 }
          )
          assert.strictEqual(whole.code, 0, whole.stderr)
          assert.deepStrictEqual(yield* fs.readFile(out), yield* fs.readFile(`${dir}/whole.ndjson`))
        }).pipe(Effect.provide(NodeServices.layer))
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
