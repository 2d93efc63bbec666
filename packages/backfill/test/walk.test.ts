/**
 * Where a partition's walk ends, against the simulated Blockscout: the rule is the client's
 * (`KeyRanges.isBelow`), so a partition whose bottom is exactly where a page's next cursor stands ends on that
 * page (its last committed step), not on one more page whose items are all below it; a partition with a key
 * left above its bottom goes on. (Request counts are not the measure: the client's walk asks a page ahead.)
 */
import { Job } from "@blockscout-effect/backfill"
import { Blockscout } from "@blockscout-effect/client"
import { endpoints, KeyRanges } from "@blockscout-effect/schema"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Stream } from "effect"
import * as Walk from "../src/internal/Walk.ts"

const sim = SimulatedBlockscout.make({ seed: 11, blocks: 200 })
const baseUrl = "http://blockscout.test"
/** Both the probe and the walk ask pages of this size, so the walk's first page is the probe's. */
const pageSize = 20
const chain = { label: String(sim.chain.chainId), chainId: sim.chain.chainId }

const blocks = Blockscout.layerPro({
  chainId: sim.chain.chainId,
  apiKey: Redacted.make("proapi_test"),
  baseUrl,
  rateLimit: false
}).pipe(Layer.provide(layerHttpClient(sim)))

const jobOf = (from: number, to: number) =>
  Job.make({
    target: { family: "pro", chains: [sim.chain.chainId], baseUrl, apiKey: { config: "SIM_KEY" } },
    source: { _tag: "Endpoint", endpoint: "blocks", args: {} },
    range: { _tag: "Blocks", from, to },
    partitions: 1,
    pageSize,
    sink: { _tag: "Sql" }
  })

describe("a partition's walk ends where the client's ranges end", () => {
  it.effect("a next cursor exactly at the bottom ends the walk on its page; one key above it, one page more", () => {
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      const range = KeyRanges.rangeOf(endpoints.blocks)!
      const first = yield* bs.page("blocks", { pageSize })
      const top = KeyRanges.itemKeyOf(range, first.items[0])!
      const next = first.next_page_params!
      const bottom = KeyRanges.positionOf(range, next)!
      assert.isTrue(KeyRanges.isBelow(range, next, bottom), JSON.stringify(next))
      const heights = first.items.map((item) => KeyRanges.itemKeyOf(range, item))
      assert.strictEqual(Math.min(...(heights as Array<number>)), bottom, "the cursor names the page's last block")

      const walk = (lo: number) =>
        Effect.gen(function* () {
          const job = yield* jobOf(lo, top)
          const pages = yield* Stream.runCollect(
            Walk.pages(bs, job, { chain, part: 0, range: { lo, hi: top } }, undefined)
          )
          return pages
        })

      const exact = yield* walk(bottom)
      assert.strictEqual(exact.length, 1)
      assert.strictEqual(exact[0]?.next, null)
      assert.deepStrictEqual(exact[0]?.items, first.items)

      // One key lower, the next page still holds the bottom's items: the walk goes on to it.
      const lower = yield* walk(bottom - 1)
      assert.strictEqual(lower.length, 2)
      assert.deepStrictEqual(
        lower.flatMap((page) => page.items.map((item) => KeyRanges.itemKeyOf(range, item))),
        [...heights, bottom - 1]
      )
      assert.strictEqual(lower[1]?.next, null)
    }).pipe(Effect.provide(blocks))
  })
})
