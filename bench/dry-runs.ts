/**
 * Dry runs against the runs they estimate: for each simulated chain (even, bursty, growing; seeds 1, 5, 9) and
 * each case (token transfers walked whole and over blocks 200-1800 with one, four and eight workers, a token's
 * transfers counted by its counters, the chain's transactions, blocks, withdrawals and verified contracts counted by
 * its counters and, but for the contracts, sampled as a server without them is, an NFT instance's transfers
 * counted by K1, the busiest block's transactions counted by its details, an address's history whole, over blocks and in three parts), the estimate's
 * calls and range, the requests the simulated Blockscout's books recorded for the run, and the requests the dry
 * run itself sent. In process (the simulator's HttpClient), Pro family, no pacing (so "auto" keeps eight
 * requests in flight); the tests (`packages/client/test/partition/holds.test.ts`, `uneven.test.ts`) hold the
 * same cases on both families (`chainCounters.test.ts` the chain's counted lists).
 *
 * Run: node --conditions=source bench/dry-runs.ts [seeds=1,5,9] [densities=even,bursts,growing]
 * Figures go to BENCHMARKS.md, "Dry runs".
 */
// Relative imports: the workspace root does not depend on its packages.
import { Blockscout, CountSources } from "../packages/client/src/index.ts"
import { type ChainDensity, layerHttpClient, SimulatedBlockscout } from "../packages/simulator/src/index.ts"
import { Effect, Layer, Redacted, Stream } from "effect"

const seeds = (process.argv[2] ?? "1,5,9").split(",").map(Number)
const densities = (process.argv[3] ?? "even,bursts,growing").split(",") as ReadonlyArray<ChainDensity>

interface Row {
  readonly chain: string
  readonly what: string
  readonly estimated: number
  readonly made: number
  readonly low: number
  readonly high: number
  readonly counted: boolean
  readonly dry: number
}

/** The requests `effect` cost the simulated server, by its books. */
const requestsOf = <A, E, R>(sim: SimulatedBlockscout, effect: Effect.Effect<A, E, R>) =>
  Effect.map(
    Effect.zip(
      Effect.sync(() => sim.books.requests),
      effect
    ),
    ([before, value]) => ({ value, requests: sim.books.requests - before })
  )

const chainRows = (density: ChainDensity, seed: number): Effect.Effect<ReadonlyArray<Row>, unknown> => {
  const sim = SimulatedBlockscout.make({ seed, blocks: 2000, smartContracts: 400, credits: 100_000_000, density })
  const layer = Blockscout.layerPro({
    chainId: sim.chain.chainId,
    apiKey: Redacted.make("proapi_dry_runs"),
    rateLimit: false
  }).pipe(Layer.provide(layerHttpClient(sim)))
  const chain = `${density} ${seed}`
  return Effect.gen(function* () {
    const bs = yield* Blockscout
    const rows: Array<Row> = []
    const add = (
      what: string,
      dry: {
        readonly value: { readonly calls: number; readonly range: { readonly calls: { low: number; high: number } } }
        readonly requests: number
      },
      run: { readonly requests: number },
      counted: boolean
    ) =>
      rows.push({
        chain,
        what,
        estimated: dry.value.calls,
        made: run.requests,
        low: dry.value.range.calls.low,
        high: dry.value.range.calls.high,
        counted,
        dry: dry.requests
      })
    add(
      "token transfers, whole",
      yield* requestsOf(sim, bs.estimate("tokenTransfers")),
      yield* requestsOf(sim, Stream.runDrain(bs.streamTokenTransfers())),
      false
    )
    for (const concurrency of [1, 4, "auto"] as const) {
      const partition = { fromBlock: 200, toBlock: 1800, concurrency }
      add(
        `token transfers 200-1800, ${concurrency === "auto" ? "8 workers" : concurrency === 1 ? "1 worker" : `${concurrency} workers`}`,
        yield* requestsOf(sim, bs.estimate("tokenTransfers", { partition })),
        yield* requestsOf(sim, Stream.runDrain(bs.streamTokenTransfers({ partition }))),
        false
      )
    }
    const token = sim.chain.tokens.find((t) => t.type === "ERC-20")!.address
    add(
      "a token's transfers (counters), page 10",
      yield* requestsOf(sim, bs.estimate("tokenTransfersByToken", { token, pageSize: 10 })),
      yield* requestsOf(sim, Stream.runDrain(bs.streamTokenTransfersByToken(token, { pageSize: 10 }))),
      true
    )
    // The chain's lists, counted by its counters (/stats, K2, K3), against the same lists sampled (CountSources.sample:
    // what a dry run did before they were used, and still does on a server without them).
    for (const [what, name, args] of [
      ["transactions (/stats)", "transactions", {}],
      ["blocks (/stats), page 25", "blocks", { pageSize: 25 }],
      ["withdrawals (K2), page 25", "withdrawals", { pageSize: 25 }],
      ["verified contracts (K3), page 10", "smartContracts", { pageSize: 10 }]
    ] as const) {
      const run = yield* requestsOf(sim, Stream.runDrain(bs.stream(name, args)))
      add(`${what}, counted`, yield* requestsOf(sim, bs.estimate(name, args)), run, true)
      if (name !== "smartContracts") {
        const sampled = yield* requestsOf(sim, bs.estimate(name, args, { count: CountSources.sample }))
        add(`${what.replace(/ \(.*\)/, "")}, sampled`, sampled, run, false)
      }
    }
    // An NFT instance's transfers (K1), at a page of 2: the instance of the first ERC-721 with the most.
    const nft = sim.chain.tokens.find((t) => t.type === "ERC-721")!.address
    let instance = { tokenId: "0", n: -1 }
    for (let id = 0; id < 40; id++) {
      const n = Number((yield* bs.getTokenInstanceTransfersCount(nft, String(id))).transfers_count ?? 0)
      if (n > instance.n) instance = { tokenId: String(id), n }
    }
    const nftArgs = { token: nft, tokenId: instance.tokenId, pageSize: 2 }
    add(
      "an NFT instance's transfers (K1), page 2",
      yield* requestsOf(sim, bs.estimate("tokenInstanceTransfers", nftArgs)),
      yield* requestsOf(sim, Stream.runDrain(bs.stream("tokenInstanceTransfers", nftArgs))),
      true
    )
    // A block's transactions (counted by its details, S11), at a page of 5: the busiest block. Its items carry no
    // key to sample by, so without the counter a block longer than the largest page cannot be estimated.
    let busiest = 0
    for (let h = 1; h < sim.chain.height; h++) {
      if (sim.chain.template(h).transactions.length > sim.chain.template(busiest).transactions.length) busiest = h
    }
    const blockArgs = { numberOrHash: String(busiest), pageSize: 5 }
    add(
      "the busiest block's transactions (S11), page 5",
      yield* requestsOf(sim, bs.estimate("blockTransactions", blockArgs)),
      yield* requestsOf(sim, Stream.runDrain(bs.stream("blockTransactions", blockArgs))),
      true
    )
    const address = sim.chain.users[6]!
    for (const [what, options] of [
      ["an address's history, whole", { pageSize: 20 }],
      ["an address's history, 200-1800", { fromBlock: 200, toBlock: 1800, pageSize: 20 }],
      [
        "an address's history, 200-1800 in 3 parts",
        { fromBlock: 200, toBlock: 1800, pageSize: 20, partition: { parts: 3 } }
      ]
    ] as const) {
      add(
        what,
        yield* requestsOf(sim, bs.estimateAddressHistory(address, options)),
        yield* requestsOf(sim, Stream.runDrain(bs.streamAddressHistoryPages(address, options))),
        true
      )
    }
    return rows
  }).pipe(Effect.provide(layer))
}

const program = Effect.gen(function* () {
  console.log(`Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, seeds ${seeds.join(", ")}\n`)
  console.log("| chain | case | estimated | made | off | range | in range | dry run sent |")
  console.log("| --- | --- | ---: | ---: | ---: | --- | --- | ---: |")
  for (const density of densities) {
    for (const seed of seeds) {
      for (const r of yield* chainRows(density, seed)) {
        const off = ((r.estimated / r.made - 1) * 100).toFixed(1)
        const inRange = r.made >= r.low && r.made <= r.high ? "yes" : "**no**"
        console.log(
          `| ${r.chain} | ${r.what} | ${r.estimated} | ${r.made} | ${off}% | ${r.low}-${r.high} | ${inRange} | ${r.dry} |`
        )
      }
    }
  }
})

Effect.runPromise(program).catch((error) => {
  console.error(error)
  process.exit(1)
})
