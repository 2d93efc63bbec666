/**
 * `pnpm start`: the main job, offline. Starts the simulated Blockscout on a loopback port and streams a
 * full history from it (every token transfer of a 300-block chain, about 2,000 items) to
 * `examples/out/token-transfers.ndjson`, printing what it fetched.
 *
 * With `BLOCKSCOUT_BASE_URL` (an instance), or `BLOCKSCOUT_CHAIN_ID` and `BLOCKSCOUT_API_KEY` (the Pro
 * API), it streams from the real API instead, 20 pages per run (a real chain's full history is millions
 * of transfers); `pnpm start --resume` continues a stopped or interrupted run, `--pages N` changes the bound.
 */
import { NodeRuntime, NodeServices } from "@effect/platform-node"
import { Console, Effect, FileSystem } from "effect"
import { parseArgs } from "node:util"
import * as Connection from "./lib/Connection.ts"
import { runWithReport } from "./stream-history.ts"

const usage = `Usage: pnpm start [--resume] [--pages N]

Streams every token transfer of a 300-block simulated chain (or, with BLOCKSCOUT_BASE_URL or
BLOCKSCOUT_CHAIN_ID and BLOCKSCOUT_API_KEY set, of the real API, 20 pages a run) into
examples/out/token-transfers.ndjson, with a checkpoint beside it.

Options:
  --resume      continue a stopped or interrupted run from its checkpoint
  --pages N     stop after N pages this run (a later --resume continues)
  -h, --help    print this help and exit`

// Checked before anything starts: a mistyped flag is one line on stderr and exit 2, never a run.
const parsed = (() => {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: { resume: { type: "boolean" }, pages: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true
    }).values
  } catch (error) {
    process.stderr.write(`pnpm start: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}\n`)
    process.exit(2)
  }
})()
if (parsed.help) {
  process.stdout.write(`${usage}\n`)
  process.exit(0)
}
const pages = parsed.pages === undefined ? undefined : Number(parsed.pages)
if (pages !== undefined && (!Number.isSafeInteger(pages) || pages < 1)) {
  process.stderr.write(`pnpm start: --pages ${parsed.pages}: must be a whole number of at least 1\n`)
  process.exit(2)
}
const resume = parsed.resume === true
const output = "examples/out/token-transfers.ndjson"

Effect.gen(function* () {
  yield* (yield* FileSystem.FileSystem).makeDirectory("examples/out", { recursive: true })
  const real = yield* Connection.configured
  const maxPages = pages ?? (real ? 20 : undefined)
  yield* runWithReport({ output, fresh: !resume, maxPages })
  yield* Console.log(
    "\nNext: `pnpm blockscout --help` (the command-line tool), examples/README.md (the examples), `pnpm test`."
  )
}).pipe(
  Effect.provide(
    Connection.layer({
      simulator: { blocks: 300 },
      onConnect: (where) => Console.log(`Streaming every token transfer from ${where}\ninto ${output}\n`)
    })
  ),
  Effect.provide(NodeServices.layer),
  NodeRuntime.runMain
)
