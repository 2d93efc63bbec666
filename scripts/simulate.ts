/**
 * `pnpm simulate [options]`: runs the simulated Blockscout on a loopback port until interrupted. The first
 * line of output is the base URL; both API families are served from it (Pro at `{url}/{chainId}/api/v2`,
 * an instance at `{url}/api/v2`). Then a few addresses, tokens and transaction hashes worth asking about. `--help` prints the options; a bad option prints one line to stderr and
 * exits with code 2 (the usual code for a usage error).
 */
import * as Result from "effect/Result"
import { parseArgs } from "node:util"
// Relative imports: the root package does not depend on the workspace packages.
import type { SimulatedChain } from "../packages/simulator/src/index.ts"
import type { ServeOptions } from "../packages/simulator/src/node.ts"

const usage = `Usage: pnpm simulate [options]

Runs the simulated Blockscout on 127.0.0.1 until interrupted. The first line printed is the base URL:
the Pro API is at {url}/{chainId}/api/v2 (any apikey), a per-instance API at {url}/api/v2. Then a few
addresses, tokens and transaction hashes to try.

Options:
  --port N          port to listen on (default 0: a free one)
  --seed S          chain seed; the same seed serves the same chain (default 1)
  --blocks B        chain length in blocks (default 20000; 8 transactions a block on average)
  --density D       how activity spreads over the blocks: even (default; repeats every 32 blocks), bursts
                    (quiet stretches, a few blocks holding most transfers) or growing (1 to 25 transactions a
                    block from genesis to block 2047)
  --chain-id ID     chain id of the Pro API path (default 1)
  --version 11|12   the instance's release line: 12 (default) or 11 (11.2.7: items_count and keys
                    echoed into cursors); the Pro API is always the current one
  --rate-limit R    requests per second per key; 429 above it (default unlimited)
  --rate-window MS  the period --rate-limit counts over, in milliseconds (default 1000)
  --rate-limiter K  the limiter the server runs: fixed (Blockscout's windows, default), token-bucket
                    or sliding-log
  --credits C       Pro API credits; 402 once spent (default unlimited)
  --latency MS      added latency per response in milliseconds (default 0)
  --fault-rate F    share in [0, 1] of requests answered 5xx, dropped or truncated (default 0)

Live mode (each of these implies --live):
  --live            the chain grows from now on: one block every --block-time, on the real clock
  --block-time MS   milliseconds between live blocks (default 12000)
  --reorg H:D       as block H is produced, replace heights H-D..H-1 (repeat for more)
  --reorg-rate P    share in [0, 1] of live blocks whose production reorganises the chain (default 0)
  --reorg-depth D   the deepest seeded reorganisation, in blocks (default 3)
  --reincluded P    share in [0, 1] of a replaced block's transactions the new block includes again (default 0:
                    all go back to pending)
  --lag-rate P      share in [0, 1] of block intervals in which lists come from a lagging replica (default 0)
  --lag-blocks B    how many blocks behind the head a lagging replica is at most (default 3)
  --lost-consensus MS  how long a replaced height's number answers 404 Block lost consensus (default 0)
  --backend-version V  what /config/backend-version answers (default: the release line's, v12.0.0 or v11.2.7)
  --account-abstraction  serve ERC-4337 user operations (default: 501 Service is disabled, as most servers)
  -h, --help        print this help and exit`

const optionSpec = {
  port: { type: "string" },
  seed: { type: "string" },
  blocks: { type: "string" },
  density: { type: "string" },
  "chain-id": { type: "string" },
  version: { type: "string" },
  "rate-limit": { type: "string" },
  "rate-window": { type: "string" },
  "rate-limiter": { type: "string" },
  credits: { type: "string" },
  latency: { type: "string" },
  "fault-rate": { type: "string" },
  live: { type: "boolean" },
  "block-time": { type: "string" },
  reorg: { type: "string", multiple: true },
  "reorg-rate": { type: "string" },
  "reorg-depth": { type: "string" },
  reincluded: { type: "string" },
  "lag-rate": { type: "string" },
  "lag-blocks": { type: "string" },
  "lost-consensus": { type: "string" },
  "backend-version": { type: "string" },
  "account-abstraction": { type: "boolean" },
  help: { type: "boolean", short: "h" }
} as const

type Parsed = { readonly _tag: "Help" } | { readonly _tag: "Serve"; readonly options: ServeOptions }

/** Reads the command line: help, options to serve, or the one-line reason it is wrong. */
const parse = (argv: ReadonlyArray<string>): Result.Result<Parsed, string> => {
  const parsed = Result.try({
    try: () => parseArgs({ args: [...argv], options: optionSpec, strict: true, allowPositionals: false }),
    // Node's messages can run over several lines and sentences: keep the first, for a one-line error.
    catch: (error) =>
      (error instanceof Error ? error.message : String(error)).split("\n")[0]!.split(". ")[0]!.replace(/\.$/, "")
  })
  if (Result.isFailure(parsed)) return Result.fail(parsed.failure)
  const values = parsed.success.values
  if (values.help === true) return Result.succeed({ _tag: "Help" })
  const errors: Array<string> = []
  const integer = (name: keyof typeof optionSpec, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = values[name]
    if (raw === undefined || typeof raw !== "string") return undefined
    const n = Number(raw)
    if (raw.trim() === "" || !Number.isInteger(n) || n < min || n > max) {
      const range = max < Number.MAX_SAFE_INTEGER ? `from ${min} to ${max}` : min === 0 ? "0 or more" : `${min} or more`
      errors.push(`--${name} must be an integer, ${range}; got ${JSON.stringify(raw)}`)
    }
    return n
  }
  const port = integer("port", 0, 65535)
  const seed = integer("seed", 0)
  const blocks = integer("blocks", 1)
  const chainId = integer("chain-id", 1)
  const density = values.density
  if (density !== undefined && density !== "even" && density !== "bursts" && density !== "growing") {
    errors.push(`--density must be even, bursts or growing; got ${JSON.stringify(density)}`)
  }
  const rateLimit = integer("rate-limit", 1)
  const rateWindow = integer("rate-window", 1)
  const kind = values["rate-limiter"]
  if (kind !== undefined && kind !== "fixed" && kind !== "token-bucket" && kind !== "sliding-log") {
    errors.push(`--rate-limiter must be fixed, token-bucket or sliding-log; got ${JSON.stringify(kind)}`)
  }
  if (rateLimit === undefined && (rateWindow !== undefined || kind !== undefined)) {
    errors.push("--rate-window and --rate-limiter need --rate-limit")
  }
  const credits = integer("credits", 0)
  const latency = integer("latency", 0)
  const version = values.version
  if (version !== undefined && version !== "11" && version !== "12") {
    errors.push(`--version must be 11 or 12; got ${JSON.stringify(version)}`)
  }
  const share = (name: "fault-rate" | "reorg-rate" | "lag-rate" | "reincluded") => {
    const raw = values[name]
    const n = raw === undefined ? undefined : Number(raw)
    if (n !== undefined && (raw?.trim() === "" || !(n >= 0 && n <= 1))) {
      errors.push(`--${name} must be a number from 0 to 1; got ${JSON.stringify(raw)}`)
    }
    return n
  }
  const faultRate = share("fault-rate")
  const blockTime = integer("block-time", 1)
  const reorgRate = share("reorg-rate")
  const reorgDepth = integer("reorg-depth", 1)
  const reincluded = share("reincluded")
  const lagRate = share("lag-rate")
  const lagBlocks = integer("lag-blocks", 1)
  const lostConsensus = integer("lost-consensus", 0)
  const reorgs: Array<{ readonly head: number; readonly depth: number }> = []
  for (const raw of values.reorg ?? []) {
    const m = /^(\d+):(\d+)$/.exec(raw)
    if (m === null || Number(m[2]) < 1)
      errors.push(`--reorg must be HEAD:DEPTH (two integers, depth 1 or more); got ${JSON.stringify(raw)}`)
    else reorgs.push({ head: Number(m[1]), depth: Number(m[2]) })
  }
  if (errors.length > 0) return Result.fail(errors[0]!)
  const liveFlags = [
    "live",
    "block-time",
    "reorg",
    "reorg-rate",
    "reorg-depth",
    "reincluded",
    "lag-rate",
    "lag-blocks",
    "lost-consensus"
  ]
  const live = liveFlags.some((flag) => values[flag as keyof typeof values] !== undefined)
  return Result.succeed({
    _tag: "Serve",
    options: {
      port: port ?? 0,
      seed: seed ?? 1,
      blocks,
      density: density === "bursts" || density === "growing" ? density : undefined,
      chainId,
      version: version === "11" ? "11" : "12",
      rateLimit:
        rateLimit === undefined
          ? undefined
          : {
              limit: rateLimit,
              windowMillis: rateWindow,
              kind: kind === "token-bucket" || kind === "sliding-log" ? kind : "fixed"
            },
      credits,
      latency,
      faults: faultRate === undefined || faultRate === 0 ? undefined : { rate: faultRate },
      live: live
        ? {
            // The initial blocks are there at launch; the first live block comes one block time later.
            startMillis: Date.now(),
            blockMillis: blockTime,
            reorgs,
            randomReorgs: reorgRate === undefined ? undefined : { probability: reorgRate, maxDepth: reorgDepth ?? 3 },
            randomLag: lagRate === undefined ? undefined : { probability: lagRate, maxBlocks: lagBlocks ?? 3 },
            lostConsensusMillis: lostConsensus,
            reincluded
          }
        : undefined,
      backendVersion: values["backend-version"],
      accountAbstraction: values["account-abstraction"] === true
    }
  })
}

const parsed = parse(process.argv.slice(2))
if (Result.isFailure(parsed)) {
  console.error(`simulate: ${parsed.failure} (see --help)`)
  process.exit(2)
}
if (parsed.success._tag === "Help") {
  console.log(usage)
  process.exit(0)
}

// Loaded only once the command line is good, so `--help` and usage errors answer at once.
const { NodeRuntime } = await import("@effect/platform-node")
const { Console, Effect } = await import("effect")
const { serve } = await import("../packages/simulator/src/node.ts")

/** A few values of the chain worth asking about, one line each (after the base URL and the families). */
const samples = (chain: SimulatedChain): ReadonlyArray<string> => {
  const nft = chain.tokens.find((t) => t.type === "ERC-721")!
  const multi = chain.tokens.find((t) => t.type === "ERC-1155")!
  const fungible = chain.tokens.find((t) => t.type === "ERC-20")!
  const top = chain.height - 1
  // The newest transactions that emitted logs (E6 answers a list for them).
  const withLogs: Array<string> = []
  for (let h = top; h >= 0 && withLogs.length < 2; h--) {
    for (const tx of chain.template(h).transactions) {
      if (tx.logCount > 0 && withLogs.length < 2) withLogs.push(chain.transactionHash(h, tx.position))
    }
  }
  const holder = chain.users.find((u) => chain.holdings(u).length > 0) ?? chain.users[0]!
  return [
    `users (senders, receivers, withdrawals):   ${chain.users.slice(0, 3).join(" ")}`,
    `NFT holder (/addresses/{a}/nft/collections): ${holder}`,
    `miner (/addresses/{a}/blocks-validated):    ${chain.miners[0]}`,
    `router (/addresses/{a}/internal-transactions): ${chain.routers[0]}`,
    `tokens: ${fungible.symbol} ${fungible.address} (ERC-20, ${fungible.decimals} decimals)  ${nft.symbol} ${nft.address} (ERC-721, ids 0-${nft.idCount - 1})  ${multi.symbol} ${multi.address} (ERC-1155, ids 0-${multi.idCount - 1})`,
    `transactions with logs (/transactions/{h}/logs): ${withLogs.join(" ")}`
  ]
}

const program = (options: ServeOptions) =>
  Effect.gen(function* () {
    const server = yield* serve(options)
    const chain = server.simulator.chain
    yield* Console.log(server.baseUrl)
    yield* Console.log(
      `Pro API: ${server.baseUrl}/${server.chainId}/api/v2 (any apikey)  instance: ${server.baseUrl}/api/v2  blocks: ${chain.height}`
    )
    for (const line of samples(chain)) yield* Console.log(line)
    const live = options.live
    if (live !== undefined) {
      yield* Console.log(
        `live: a block every ${live.blockMillis ?? 12_000} ms from block ${chain.height}` +
          (live.randomReorgs === undefined
            ? ""
            : `, reorganisations on ${live.randomReorgs.probability} of blocks (up to ${live.randomReorgs.maxDepth} deep)`) +
          (live.reorgs === undefined || live.reorgs.length === 0
            ? ""
            : `, ${live.reorgs.length} chosen reorganisations`) +
          (live.randomLag === undefined
            ? ""
            : `, lists lagging in ${live.randomLag.probability} of intervals (up to ${live.randomLag.maxBlocks} blocks)`) +
          "; /blocks?type=reorg lists replaced blocks"
      )
    }
    return yield* Effect.never
  })

NodeRuntime.runMain(Effect.scoped(program(parsed.success.options)))
