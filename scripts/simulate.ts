/**
 * `pnpm simulate [--port N] [--seed S] [--blocks B] [--version 11|12] [--rate-limit R] [--latency MS]
 * [--fault-rate F]`: runs the simulated Blockscout on a loopback port until interrupted. The first line of
 * output is the base URL; both API families are served from it (Pro at `{url}/{chainId}/api/v2`, an
 * instance at `{url}/api/v2`). `--rate-limit` is requests per second per key (429 above it),
 * `--fault-rate` a share in [0, 1] of requests answered 5xx, dropped or truncated.
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
const rateLimit = number("rate-limit")
const latency = number("latency")
const faultRate = flag("fault-rate") === undefined ? undefined : Number(flag("fault-rate"))
if (faultRate !== undefined && !(faultRate >= 0 && faultRate <= 1)) {
  console.error(`--fault-rate must be between 0 and 1, got ${flag("fault-rate")}`)
  process.exit(2)
}

const program = Effect.gen(function* () {
  const server = yield* serve({
    port: number("port") ?? 0,
    seed: number("seed") ?? 1,
    blocks: number("blocks"),
    version: version === "11" ? "11" : "12",
    rateLimit: rateLimit === undefined ? undefined : { limit: rateLimit },
    latency,
    faults: faultRate === undefined ? undefined : { rate: faultRate }
  })
  yield* Console.log(server.baseUrl)
  yield* Console.log(
    `Pro API: ${server.baseUrl}/${server.chainId}/api/v2 (any apikey)  instance: ${server.baseUrl}/api/v2  blocks: ${server.simulator.chain.height}`
  )
  return yield* Effect.never
})

NodeRuntime.runMain(Effect.scoped(program))
