/**
 * Entry point of the `blockscout` command-line tool: `pnpm blockscout <endpoint> [flags]` from the repo
 * root (`node --import ./scripts/node-check.mjs --conditions=source examples/src/cli/main.ts`).
 *
 * Gives `Cli.run` Node's services (files, stdio, terminal) and the undici HTTP client. SIGINT (Ctrl-C) and
 * SIGTERM interrupt the stream, which leaves the checkpoint at the last whole page, clears the progress line,
 * and exits with 130 or 143 (128 + the signal's number, as shells report a process killed by it).
 */
import { NodeHttpClient, NodeRuntime, NodeServices } from "@effect/platform-node"
import { Cause, Effect, Exit, Runtime } from "effect"
import { run } from "./Cli.ts"
import { exitCodes } from "./Exit.ts"

// NodeRuntime.runMain interrupts the program on both signals and exits 130 for any interruption; the signal
// seen first decides the code here.
let signal: "SIGINT" | "SIGTERM" | undefined
process.on("SIGINT", () => {
  signal ??= "SIGINT"
})
process.on("SIGTERM", () => {
  signal ??= "SIGTERM"
})

run(process.argv.slice(2)).pipe(
  Effect.provide([NodeServices.layer, NodeHttpClient.layerUndici]),
  NodeRuntime.runMain({
    disableErrorReporting: false,
    teardown: (exit, onExit) =>
      Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause) && signal !== undefined
        ? onExit(exitCodes[signal])
        : Runtime.defaultTeardown(exit, onExit)
  })
)
