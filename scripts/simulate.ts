/**
 * `pnpm simulate [--port N] [--seed S] [--blocks B] [--version 11|12]`: runs the simulated Blockscout on a
 * loopback port until interrupted. The first line of output is the base URL; both API families are served
 * from it (Pro at `{url}/{chainId}/api/v2`, an instance at `{url}/api/v2`).
 */
import { NodeRuntime } from "@effect/platform-node"
// A relative import: the root package does not depend on the workspace packages.
import { serve } from "../packages/client/src/testing/node.ts"
import { Console, Effect } from "effect"

const flag = (name: string): string | undefined => {
  const args = process.argv.slice(2)
  const at = args.indexOf(`--${name}`)
  if (at >= 0) return args[at + 1]
  const inline = args.find((a) => a.startsWith(`--${name}=`))
  return inline?.slice(name.length + 3)
}

const number = (name: string): number | undefined => {
  const v = flag(name)
  if (v === undefined) return undefined
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer, got ${v}`)
    process.exit(2)
  }
  return n
}

const version = flag("version")

const program = Effect.gen(function* () {
  const server = yield* serve({
    port: number("port") ?? 0,
    seed: number("seed") ?? 1,
    blocks: number("blocks"),
    version: version === "11" ? "11" : "12"
  })
  yield* Console.log(server.baseUrl)
  yield* Console.log(
    `Pro API: ${server.baseUrl}/${server.chainId}/api/v2 (any apikey)  instance: ${server.baseUrl}/api/v2  blocks: ${server.simulator.chain.height}`
  )
  return yield* Effect.never
})

NodeRuntime.runMain(Effect.scoped(program))
