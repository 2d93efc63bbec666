/**
 * Entry point of the `blockscout` command-line tool: `pnpm blockscout <endpoint> [flags]` from the repo
 * root (`node --conditions=source examples/src/cli/main.ts`).
 *
 * Gives `Cli.run` Node's services (files, stdio, terminal) and the undici HTTP client; Ctrl-C interrupts
 * the stream, which leaves the checkpoint at the last whole page, and exits with 130.
 */
import { NodeHttpClient, NodeRuntime, NodeServices } from "@effect/platform-node"
import { Effect } from "effect"
import { run } from "./Cli.ts"

run(process.argv.slice(2)).pipe(
  Effect.provide([NodeServices.layer, NodeHttpClient.layerUndici]),
  NodeRuntime.runMain({ disableErrorReporting: false })
)
