/**
 * Following the live simulated Blockscout (both families, over the client's real request pipeline): the chain
 * grows one block every 2 s of the TestClock, reorganises at seeded heads (up to the finality depth), answers
 * a replaced height's number with 404 "Block lost consensus" for a while, and answers lists from a lagging
 * replica for a while. The events applied in order (`Added` an upsert by
 * identity, `Retracted` a delete) equal the canonical chain's items up to the newest block emitted; deeper
 * confirmations than every reorg retract nothing; a reorg past finality fails typed; a follow resumed from its
 * last `Finalized` checkpoint ends where an unbroken one does.
 */
import {
  layerHttpClient,
  makeHttpClient,
  SimulatedBlockscout,
  type SimulatorOptions
} from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect, Exit, Layer, Redacted, Stream } from "effect"
import { HttpClient } from "effect/http"
import fc from "fast-check"
import { type FollowEvent, type FollowOptions, followIdentity } from "../../src/Follow.ts"
import { Blockscout, type Family, historyEntryKey } from "../../src/index.ts"
import { driven } from "../support/wait.ts"

const initial = 300
const blockMillis = 2_000

/** A live chain starting now (each scenario of a test starts where the TestClock stands). */
const live = (options: NonNullable<SimulatorOptions["live"]>, server: SimulatorOptions = {}) =>
  Effect.map(Clock.currentTimeMillis, (now) => ({
    sim: SimulatedBlockscout.make({
      ...server,
      seed: 11,
      blocks: initial,
      live: {
        startMillis: now,
        blockMillis,
        ...options,
        lag: options.lag?.map((l) => ({ ...l, fromMillis: l.fromMillis + now, toMillis: l.toMillis + now }))
      }
    }),
    stop: now + stopAfter
  }))

const clientOf = (sim: SimulatedBlockscout, family: Family) =>
  (family === "pro"
    ? Blockscout.layerPro({ chainId: sim.chain.chainId, apiKey: Redacted.make("proapi_follow"), rateLimit: false })
    : Blockscout.layerInstance({ baseUrl: "http://sim.test", rateLimit: false })
  ).pipe(Layer.provide(layerHttpClient(sim)))

type Item = { readonly block_number?: number | null }

/** Follows the token transfers until the clock reaches `untilMillis` (or `limit` events), collecting events. */
const followUntil = (
  sim: SimulatedBlockscout,
  family: Family,
  options: FollowOptions,
  untilMillis: number,
  limit?: number
) =>
  driven(
    Blockscout.use((bs) =>
      bs.followTokenTransfers({}, { pollInterval: "2 seconds", finality: 6, catchUpBlocks: 20, ...options }).pipe(
        Stream.interruptWhen(
          Effect.gen(function* () {
            while ((yield* Clock.currentTimeMillis) < untilMillis) yield* Effect.sleep("1 second")
          })
        ),
        (s) => (limit === undefined ? s : Stream.take(s, limit)),
        Stream.runCollect
      )
    ).pipe(Effect.provide(clientOf(sim, family))),
    "500 millis"
  )

/** Events applied by identity, as a consumer applies them: id -> block number. */
const apply = (events: ReadonlyArray<FollowEvent<Item>>, into = new Map<string, number>()) => {
  for (const event of events) {
    if (event._tag === "Added") into.set(followIdentity(event.item), event.block.number)
    else if (event._tag === "Retracted") {
      assert.isTrue(into.delete(followIdentity(event.item)), "only an item that was added is retracted")
    }
  }
  return into
}

/** The canonical chain's token transfers of blocks `[from, to]` at `now`: id -> block number. */
const canonical = (sim: SimulatedBlockscout, now: number, from: number, to: number) => {
  const out = new Map<string, number>()
  for (let h = from; h <= to; h++) {
    for (const item of sim.blockItems(now, h).tokenTransfers) out.set(followIdentity(item), h)
  }
  return out
}

const assertSame = (got: Map<string, number>, expected: Map<string, number>) => {
  assert.strictEqual(got.size, expected.size, "as many items as the canonical chain holds")
  for (const [id, block] of expected) assert.strictEqual(got.get(id), block, `${id} in block ${block}`)
}

const newestAdded = (events: ReadonlyArray<FollowEvent<Item>>) =>
  events.reduce((max, e) => (e._tag === "Added" ? Math.max(max, e.block.number) : max), -1)

/** Seeded reorganisations (depth up to 4) among the first 20 live blocks, and lagging windows. */
const scenarios = (seed: number, runs: number) =>
  fc.sample(
    fc.record({
      reorgs: fc.uniqueArray(
        fc.record({ head: fc.integer({ min: initial + 2, max: initial + 20 }), depth: fc.integer({ min: 1, max: 4 }) }),
        { maxLength: 3, selector: (r) => r.head }
      ),
      lag: fc.array(
        fc
          .record({
            at: fc.integer({ min: 0, max: 40_000 }),
            length: fc.integer({ min: 1_000, max: 6_000 }),
            blocks: fc.integer({ min: 1, max: 3 })
          })
          .map(({ at, length, blocks }) => ({ fromMillis: at, toMillis: at + length, blocks })),
        { maxLength: 2 }
      ),
      confirmations: fc.integer({ min: 0, max: 2 }),
      // How long a replaced height answers 404 "Block lost consensus" to a lookup by number.
      lostConsensusMillis: fc.constantFrom(0, 1_500, 5_000)
    }),
    { seed, numRuns: runs }
  )

const stopAfter = 60_000 // block initial + 30; the last reorg is at initial + 20

// Seeded runs over a simulated chain: seconds on a loaded machine, not the default 5.
describe("following the live simulated Blockscout", { timeout: 60_000 }, () => {
  for (const family of ["pro", "instance"] as const) {
    it.effect(`${family}: the events applied equal the canonical chain, through reorgs and lagging answers`, () =>
      Effect.gen(function* () {
        let retracted = 0
        for (const scenario of scenarios(family === "pro" ? 3 : 4, 4)) {
          const { sim, stop } = yield* live({
            reorgs: scenario.reorgs,
            lag: scenario.lag,
            lostConsensusMillis: scenario.lostConsensusMillis
          })
          const from = initial - 3
          const events = yield* followUntil(sim, family, { from, confirmations: scenario.confirmations }, stop)
          const now = yield* Clock.currentTimeMillis
          const top = newestAdded(events)
          assert.isAtLeast(top, sim.headAt(now) - scenario.confirmations - 3, "the follow kept up with the head")
          assertSame(apply(events), canonical(sim, now, from, top))
          retracted += events.filter((e) => e._tag === "Retracted").length
        }
        assert.isAbove(retracted, 0, "some reorganisation replaced blocks the follow had emitted")
      })
    )
  }

  it.effect("confirmations deeper than every reorg: nothing is retracted", () =>
    Effect.gen(function* () {
      for (const scenario of scenarios(9, 3)) {
        const { sim, stop } = yield* live({
          reorgs: scenario.reorgs,
          lag: scenario.lag,
          lostConsensusMillis: scenario.lostConsensusMillis
        })
        const events = yield* followUntil(sim, "instance", { from: initial - 3, confirmations: 5 }, stop)
        assert.isFalse(events.some((e) => e._tag === "Retracted"))
        const now = yield* Clock.currentTimeMillis
        assertSame(apply(events), canonical(sim, now, initial - 3, newestAdded(events)))
      }
    })
  )

  it.effect("a reorg deeper than finality fails with ReorgBeyondFinality", () =>
    Effect.gen(function* () {
      const { sim, stop } = yield* live({ reorgs: [{ head: initial + 12, depth: 9 }] })
      const exit = yield* Effect.exit(followUntil(sim, "pro", { from: initial - 3, finality: 3 }, stop))
      assert.isTrue(Exit.isFailure(exit))
      assert.include(String(Exit.isFailure(exit) ? exit.cause : ""), "ReorgBeyondFinality")
    })
  )

  it.effect("a follow stopped anywhere and resumed from its last Finalized checkpoint ends as an unbroken one", () =>
    Effect.gen(function* () {
      for (const [i, scenario] of scenarios(21, 4).entries()) {
        const { sim, stop } = yield* live({
          reorgs: scenario.reorgs,
          lag: scenario.lag,
          lostConsensusMillis: scenario.lostConsensusMillis
        })
        const options = { from: initial - 3, confirmations: scenario.confirmations }
        const first = yield* followUntil(sim, "instance", options, stop, 5 + i * 37)
        const finals = first.filter((e) => e._tag === "Finalized")
        const last = finals[finals.length - 1]
        // What a consumer keeps at its last checkpoint: the items of final blocks.
        const kept = apply(first)
        for (const [id, block] of kept) if (last === undefined || block > last.block.number) kept.delete(id)
        const resumed = yield* followUntil(
          sim,
          "instance",
          { confirmations: scenario.confirmations, from: last === undefined ? initial - 3 : last.checkpoint },
          stop
        )
        const now = yield* Clock.currentTimeMillis
        assertSame(apply(resumed, kept), canonical(sim, now, initial - 3, newestAdded(resumed)))
      }
    })
  )

  // 60 s of a 2 s chain: polled every 2 s, 30 polls of one block; every 12 s, 5 polls of 6 blocks, whose items
  // are one walk (one page: they hold under 100 items), not a request per block.
  it.effect.each([
    { poll: "2 seconds", polls: 30 },
    { poll: "12 seconds", polls: 5 }
  ] as const)("costs two calls a poll while blocks come, polling every $poll", ({ poll, polls }) =>
    Effect.gen(function* () {
      // Answers take a while, as a real server's: a partitioned read's idle workers would split the range meanwhile.
      const { sim, stop } = yield* live({}, { latency: 50 })
      const paths = new Map<string, number>()
      const inner = makeHttpClient(sim)
      const counting = Layer.succeed(HttpClient.HttpClient)(
        HttpClient.make((request) => {
          const path = new URL(request.url).pathname.replace(/\/\d+$/, "/{n}")
          paths.set(path, (paths.get(path) ?? 0) + 1)
          return inner.execute(request)
        })
      )
      // The limiter on, as users run it: against a server announcing no limit (-1), a partitioned read would put
      // several requests in flight at once, splitting a poll's few blocks into a request each.
      const layer = Blockscout.layerInstance({ baseUrl: "http://sim.test" }).pipe(Layer.provide(counting))
      yield* driven(
        Blockscout.use((bs) =>
          bs.followTokenTransfers({}, { pollInterval: poll, finality: 6 }).pipe(
            Stream.interruptWhen(
              Effect.gen(function* () {
                while ((yield* Clock.currentTimeMillis) < stop) yield* Effect.sleep("1 second")
              })
            ),
            Stream.runDrain
          )
        ).pipe(Effect.provide(layer)),
        "500 millis"
      )
      const blocks = paths.get("/api/v2/blocks") ?? 0
      const items = paths.get("/api/v2/token-transfers") ?? 0
      assert.isAtLeast(blocks, polls - 1)
      assert.isAtMost(blocks, polls + 2)
      assert.isAtMost(items, blocks + 1)
      const others = [...paths].filter(([path]) => path !== "/api/v2/blocks" && path !== "/api/v2/token-transfers")
      assert.isAtMost(
        others.reduce((n, [, c]) => n + c, 0),
        2,
        JSON.stringify(others)
      )
    })
  )

  it.effect("an address's history followed through reorgs equals its history streamed afterwards", () =>
    Effect.gen(function* () {
      const { sim, stop } = yield* live({
        reorgs: [
          { head: initial + 6, depth: 3 },
          { head: initial + 14, depth: 2 }
        ],
        lostConsensusMillis: 1_500
      })
      const layer = clientOf(sim, "instance")
      // The busiest sender of the live blocks' token transfers, so its history moves while it is followed.
      const now0 = yield* Clock.currentTimeMillis
      const senders = new Map<string, number>()
      for (let h = initial - 20; h < initial; h++) {
        for (const t of sim.blockItems(now0, h).tokenTransfers as ReadonlyArray<{ from: { hash: string } }>) {
          senders.set(t.from.hash, (senders.get(t.from.hash) ?? 0) + 1)
        }
      }
      const address = [...senders].sort((a, b) => b[1] - a[1])[0]?.[0] as string
      const from = initial - 20
      const events = yield* driven(
        Blockscout.use((bs) =>
          bs.followAddressHistory(address, { from, pollInterval: "2 seconds", finality: 6 }).pipe(
            Stream.interruptWhen(
              Effect.gen(function* () {
                while ((yield* Clock.currentTimeMillis) < stop) yield* Effect.sleep("1 second")
              })
            ),
            Stream.runCollect
          )
        ).pipe(Effect.provide(layer)),
        "500 millis"
      )
      const state = new Map<string, number>()
      for (const event of events) {
        if (event._tag === "Added") state.set(historyEntryKey(event.item), event.block.number)
        else if (event._tag === "Retracted") assert.isTrue(state.delete(historyEntryKey(event.item)))
      }
      const top = events.reduce((max, e) => (e._tag === "Finalized" ? Math.max(max, e.block.number) : max), -1)
      assert.isAbove(top, initial + 10, "the follow finalised past the reorganisations")
      // The oracle: the same history streamed now, over the blocks the follow declared final.
      const streamed = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamAddressHistory(address, { fromBlock: from, toBlock: top }))
      ).pipe(Effect.provide(layer))
      assert.isAbove(streamed.length, 0)
      assert.isTrue(
        events.some((e) => e._tag === "Retracted"),
        "a reorganisation took an entry of the address back"
      )
      const expected = new Map(streamed.map((e) => [historyEntryKey(e), e.block]))
      const got = new Map([...state].filter(([, block]) => block <= top))
      assert.deepStrictEqual(got, expected)
    })
  )

  it.effect("without pollInterval, the follow polls at the server's average block time (/stats)", () =>
    Effect.gen(function* () {
      const { sim, stop } = yield* live({ blockMillis: 3_000 })
      const paths = new Map<string, number>()
      const inner = makeHttpClient(sim)
      const counting = Layer.succeed(HttpClient.HttpClient)(
        HttpClient.make((request) => {
          const path = new URL(request.url).pathname
          paths.set(path, (paths.get(path) ?? 0) + 1)
          return inner.execute(request)
        })
      )
      const layer = Blockscout.layerInstance({ baseUrl: "http://sim.test", rateLimit: false }).pipe(
        Layer.provide(counting)
      )
      yield* driven(
        Blockscout.use((bs) =>
          bs.followTokenTransfers({}, { finality: 6 }).pipe(
            Stream.interruptWhen(
              Effect.gen(function* () {
                while ((yield* Clock.currentTimeMillis) < stop) yield* Effect.sleep("1 second")
              })
            ),
            Stream.runDrain
          )
        ).pipe(Effect.provide(layer)),
        "500 millis"
      )
      // The average the server reports (as Blockscout's cache computes it, over older blocks), and the polls it
      // gives in 60 s; the instance default (5 s) would give 12.
      const stats = sim.handle({ method: "GET", url: "/api/v2/stats", headers: {} }, stop - 60_000)
      const average = (JSON.parse(stats.body) as { readonly average_block_time?: number }).average_block_time ?? 0
      assert.isAbove(average, 0)
      const polls = 60_000 / Math.min(60_000, Math.max(1_000, average))
      assert.strictEqual(paths.get("/api/v2/stats"), 1)
      assert.isAtLeast(paths.get("/api/v2/blocks") ?? 0, Math.floor(polls) - 1)
      assert.isAtMost(paths.get("/api/v2/blocks") ?? 0, Math.ceil(polls) + 2)
    })
  )
})
