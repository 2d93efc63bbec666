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
import * as Connection from "./lib/Connection.ts"
import { runWithReport } from "./stream-history.ts"

const args = process.argv.slice(2)
const resume = args.includes("--resume")
const pagesFlag = args.indexOf("--pages")
const output = "examples/out/token-transfers.ndjson"

Effect.gen(function* () {
  yield* (yield* FileSystem.FileSystem).makeDirectory("examples/out", { recursive: true })
  const real = yield* Connection.configured
  const maxPages = pagesFlag >= 0 ? Number(args[pagesFlag + 1]) : real ? 20 : undefined
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
