/**
 * Every row the table gives a follow method (a block range), followed on the live simulated Blockscout through
 * a reorganisation and a lagging replica: the events applied in order (an upsert by `followIdentity`, a delete)
 * equal what the row itself lists for each final block afterwards (the simulator's `rowItems`, the row's own
 * pages at the block's start cursor). A row that gains a block range without test arguments fails here.
 */
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect, Layer, Stream } from "effect"
import { Blockscout, endpoints, type FollowName, followIdentity, methodEntries } from "../../src/index.ts"
import { rangedRows } from "../partition/support.ts"
import { driven } from "../support/wait.ts"

const initial = 300

// Seeded runs over a simulated chain: seconds on a loaded machine, not the default 5.
describe("every followable row, on the live simulator", { timeout: 60_000 }, () => {
  it.effect("the events applied equal the row's own items of each final block", () =>
    Effect.gen(function* () {
      const start = yield* Clock.currentTimeMillis
      const sim = SimulatedBlockscout.make({
        seed: 23,
        blocks: initial,
        live: {
          startMillis: start,
          blockMillis: 2_000,
          reorgs: [{ head: initial + 8, depth: 3 }],
          lag: [{ fromMillis: start + 30_000, toMillis: start + 36_000, blocks: 2 }]
        }
      })
      const followed = methodEntries(endpoints).filter((e) => e.kind === "follow")
      const rows = rangedRows(sim).filter((r) => followed.some((e) => e.row.name === r.name))
      assert.deepStrictEqual(
        rows.map((r) => r.name),
        followed.map((e) => e.row.name),
        "every followable row has test arguments"
      )
      const layer = Blockscout.layerInstance({ baseUrl: "http://sim.test", rateLimit: false }).pipe(
        Layer.provide(layerHttpClient(sim))
      )
      const stop = start + 60_000
      const from = initial - 5
      // All rows followed at once, on one client, as an app following several lists would.
      const results = yield* driven(
        Effect.forEach(
          rows,
          (row) =>
            Blockscout.use((bs) =>
              bs
                .follow(row.name as FollowName<typeof endpoints>, row.args, {
                  from,
                  finality: 6,
                  pollInterval: "2 seconds"
                })
                .pipe(
                  Stream.interruptWhen(
                    Effect.gen(function* () {
                      while ((yield* Clock.currentTimeMillis) < stop) yield* Effect.sleep("1 second")
                    })
                  ),
                  Stream.runCollect,
                  Effect.map((events) => ({ row, events }))
                )
            ),
          { concurrency: "unbounded" }
        ).pipe(Effect.provide(layer)),
        "500 millis"
      )
      const now = yield* Clock.currentTimeMillis
      let retracted = 0
      for (const { row, events } of results) {
        const state = new Map<string, number>()
        for (const event of events) {
          if (event._tag === "Added") state.set(followIdentity(event.item), event.block.number)
          else if (event._tag === "Retracted") {
            retracted += 1
            assert.isTrue(state.delete(followIdentity(event.item)), `${row.name}: a retraction of an added item`)
          }
        }
        const top = events.reduce((max, e) => (e._tag === "Finalized" ? Math.max(max, e.block.number) : max), -1)
        assert.isAbove(top, initial + 10, `${row.name}: finalised past the reorganisation`)
        const endpoint = endpoints[row.name]
        const path = Object.fromEntries(endpoint.pathParams.map((p) => [p.name, String(row.args[p.name])]))
        const query = Object.fromEntries(
          endpoint.filters.flatMap((f) => (row.args[f.name] === undefined ? [] : [[f.name, String(row.args[f.name])]]))
        )
        const expected = new Map<string, number>()
        for (let h = from; h <= top; h++) {
          for (const item of sim.rowItems(now, row.name, h, { path, query })) expected.set(followIdentity(item), h)
        }
        const got = new Map([...state].filter(([, block]) => block <= top))
        assert.deepStrictEqual(got, expected, row.name)
      }
      assert.isAbove(retracted, 0, "the reorganisation took items back")
    })
  )
})
