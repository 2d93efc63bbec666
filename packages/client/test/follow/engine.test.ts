/**
 * The follow engine over a chain model (`model.ts`): after random sequences of new blocks, reorganisations up to
 * the finality depth and lagging answers, the events applied in order (`Added` an upsert by identity,
 * `Retracted` a delete) equal the canonical chain's items up to the head minus the confirmations, with no item
 * of a replaced block left; confirmations deeper than every reorg retract nothing; a reorg past finality fails
 * typed; a lagging server is waited for and then fails typed; a follow stopped anywhere and resumed from its
 * last `Finalized` checkpoint ends where an unbroken one does. Seeded (fast-check), on the TestClock.
 */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Exit, Stream } from "effect"
import fc from "fast-check"
import { type FollowEvent, finalizedPages } from "../../src/Follow.ts"
import { type EngineConfig, follow } from "../../src/internal/follow/engine.ts"
import { driven } from "../support/wait.ts"
import { ChainModel, type ModelItem, type Step } from "./model.ts"

const configOf = (model: ChainModel, overrides: Partial<EngineConfig<ModelItem>> = {}): EngineConfig<ModelItem> => ({
  endpoint: "model",
  request: "model",
  chain: model.view,
  reader: model.reader,
  confirmations: 0,
  finality: 8,
  pollInterval: Duration.seconds(1),
  maxLagBlocks: undefined,
  maxLagMillis: undefined,
  catchUpBlocks: 7,
  from: { _tag: "Block", block: 0 },
  ...overrides
})

/** Runs a follow until the model's script is spent and a few quiet rounds passed, collecting its events. */
const runScript = (model: ChainModel, config: EngineConfig<ModelItem>, limit?: number) => {
  const end = Math.max(model.rounds, model.script.length) + 30
  return driven(
    follow(config).pipe(
      // Quiet rounds emit nothing, so the end is the model's: its script spent and 30 more rounds run.
      Stream.interruptWhen(
        Effect.gen(function* () {
          while (model.rounds <= end) yield* Effect.sleep("1 second")
        })
      ),
      (s) => (limit === undefined ? s : Stream.take(s, limit)),
      Stream.runCollect
    ),
    "1 second"
  )
}

/** The events applied to a store keyed by identity, as a consumer applies them. */
const apply = (
  events: ReadonlyArray<FollowEvent<ModelItem>>,
  into = new Map<string, ModelItem>()
): Map<string, ModelItem> => {
  for (const event of events) {
    if (event._tag === "Added") {
      assert.strictEqual(event.item.blockHash, event.block.hash, "an item comes with its own block")
      into.set(event.item.id, event.item)
    } else if (event._tag === "Retracted") {
      assert.isTrue(into.has(event.item.id), `${event.item.id} retracted without having been added`)
      into.delete(event.item.id)
    }
  }
  return into
}

const assertCanonical = (model: ChainModel, state: Map<string, ModelItem>, confirmations: number) => {
  const expected = model.canonical(model.head - confirmations)
  assert.deepStrictEqual([...state.keys()].sort(), [...expected.keys()].sort())
  for (const [id, item] of state) assert.deepStrictEqual(item, expected.get(id), `${id} is the canonical chain's`)
}

const step = (maxDepth: number): fc.Arbitrary<Step> =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        _tag: fc.constant("Grow" as const),
        blocks: fc.integer({ min: 1, max: 4 }),
        items: fc.array(fc.nat({ max: 3 }), { maxLength: 4 })
      })
    },
    {
      weight: 2,
      arbitrary: fc.record({
        _tag: fc.constant("Reorg" as const),
        depth: fc.integer({ min: 1, max: maxDepth }),
        keep: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
        items: fc.array(fc.nat({ max: 3 }), { maxLength: 8 })
      })
    },
    { weight: 2, arbitrary: fc.record({ _tag: fc.constant("Lag" as const), behind: fc.integer({ min: 1, max: 6 }) }) },
    { weight: 1, arbitrary: fc.constant({ _tag: "Idle" as const }) }
  )

const scripts = (seed: number, maxDepth: number, runs = 25) =>
  fc.sample(fc.array(step(maxDepth), { minLength: 5, maxLength: 40 }), { seed, numRuns: runs })

// Seeded runs over a simulated chain: seconds on a loaded machine, not the default 5.
describe("follow engine", { timeout: 60_000 }, () => {
  it.effect("events applied in order equal the canonical chain up to head minus confirmations", () =>
    Effect.gen(function* () {
      for (const [i, script] of scripts(23, 7).entries()) {
        const confirmations = i % 3
        const model = new ChainModel(script)
        const events = yield* runScript(model, configOf(model, { confirmations }))
        assertCanonical(model, apply(events), confirmations)
        // Blocks come oldest first between reorgs: an Added never goes below a block Finalized before it.
        let final = -1
        for (const event of events) {
          if (event._tag === "Finalized") {
            assert.isAbove(event.block.number, final)
            final = event.block.number
          } else assert.isAbove(event.block.number, final, "nothing touches a final block")
        }
      }
    })
  )

  it.effect("confirmations deeper than every reorg: nothing is retracted", () =>
    Effect.gen(function* () {
      for (const script of scripts(5, 3)) {
        const model = new ChainModel(script)
        const events = yield* runScript(model, configOf(model, { confirmations: 4 }))
        assert.isFalse(events.some((e) => e._tag === "Retracted"))
        assertCanonical(model, apply(events), 4)
      }
    })
  )

  it.effect("a lower head is a lagging server: waited for, nothing retracted", () =>
    Effect.gen(function* () {
      const script: Array<Step> = [
        { _tag: "Grow", blocks: 3, items: [2, 2, 2] },
        { _tag: "Lag", behind: 3 },
        { _tag: "Lag", behind: 5 },
        { _tag: "Grow", blocks: 1, items: [1] }
      ]
      const model = new ChainModel(script)
      const events = yield* runScript(model, configOf(model))
      assert.isFalse(events.some((e) => e._tag === "Retracted"))
      assertCanonical(model, apply(events), 0)
    })
  )

  it.effect("a reorg deeper than finality fails with ReorgBeyondFinality, naming the heights", () =>
    Effect.gen(function* () {
      const model = new ChainModel([
        { _tag: "Grow", blocks: 10, items: [] },
        { _tag: "Idle" },
        { _tag: "Reorg", depth: 9, keep: [false], items: [] }
      ])
      const exit = yield* Effect.exit(runScript(model, configOf(model, { finality: 4 })))
      assert.isTrue(Exit.isFailure(exit))
      const error = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
      const reason =
        error !== undefined && "error" in error
          ? (error.error as { reason: { _tag: string; height: number; finalized: number } }).reason
          : undefined
      assert.strictEqual(reason?._tag, "ReorgBeyondFinality")
      assert.strictEqual(reason?.finalized, 10)
      assert.isAtMost(reason?.height ?? Infinity, 10)
    })
  )

  it.effect("a server lagging past maxLag fails with ServerLagging; within it, the follow waits", () =>
    Effect.gen(function* () {
      const lagging: Array<Step> = [
        { _tag: "Grow", blocks: 3, items: [] },
        ...Array.from({ length: 10 }, () => ({ _tag: "Lag" as const, behind: 2 }))
      ]
      const model = new ChainModel(lagging)
      const exit = yield* Effect.exit(runScript(model, configOf(model, { maxLagMillis: 5_000 })))
      assert.isTrue(Exit.isFailure(exit))
      assert.include(String(Exit.isFailure(exit) ? exit.cause : ""), "ServerLagging")
      const byBlocks = new ChainModel(lagging)
      const exit2 = yield* Effect.exit(runScript(byBlocks, configOf(byBlocks, { maxLagBlocks: 1 })))
      assert.include(String(Exit.isFailure(exit2) ? exit2.cause : ""), "behind block")
      const patient = new ChainModel(lagging)
      const events = yield* runScript(patient, configOf(patient, { maxLagMillis: 60_000, maxLagBlocks: 2 }))
      assertCanonical(patient, apply(events), 0)
    })
  )

  it.effect("a follow stopped anywhere and resumed from its last Finalized checkpoint ends as an unbroken one", () =>
    Effect.gen(function* () {
      for (const [i, script] of scripts(77, 6, 20).entries()) {
        const confirmations = i % 2
        const model = new ChainModel(script)
        const config = configOf(model, { confirmations })
        const stopAt = 1 + ((i * 7919) % 60)
        const first = yield* runScript(model, config, stopAt)
        const finals = first.filter((e) => e._tag === "Finalized")
        const last = finals[finals.length - 1]
        // What a consumer keeps at its last checkpoint: the items of final blocks.
        const kept = apply(first)
        const from = last === undefined ? 0 : last.block.number
        for (const [id, item] of kept) if (last === undefined || item.block > from) kept.delete(id)
        const resumed = yield* runScript(
          model,
          configOf(model, {
            confirmations,
            from:
              last === undefined
                ? { _tag: "Block", block: 0 }
                : { _tag: "Checkpoint", block: from, hash: last.block.hash }
          })
        )
        assertCanonical(model, apply(resumed, kept), confirmations)
      }
    })
  )

  it.effect("a catch-up reads the missed blocks a chunk at a time, oldest first", () =>
    Effect.gen(function* () {
      const model = new ChainModel([{ _tag: "Grow", blocks: 60, items: [] }])
      const events = yield* runScript(model, configOf(model, { catchUpBlocks: 10 }))
      assertCanonical(model, apply(events), 0)
      const added = events.filter((e) => e._tag === "Added").map((e) => e.block.number)
      assert.deepStrictEqual(
        added,
        [...added].sort((a, b) => a - b)
      )
      // 65 blocks in chunks of 10: 7 item reads, not one per block.
      assert.isAtMost(model.calls.items, 8)
    })
  )

  it.effect("finalizedPages: final blocks only, each item once, in chain order, whatever the reorgs", () =>
    Effect.gen(function* () {
      for (const script of scripts(41, 7, 15)) {
        const model = new ChainModel(script)
        const events = yield* runScript(model, configOf(model))
        const pages = yield* Stream.runCollect(finalizedPages(Stream.fromIterable(events), (item) => item.id))
        const items = pages.flatMap((page) => page.items)
        const last = pages[pages.length - 1]
        if (last === undefined) continue
        const expected = [...model.canonical(last.block.number).values()]
        assert.deepStrictEqual(
          items.map((i) => i.id),
          expected.map((i) => i.id)
        )
        assert.deepStrictEqual(items, expected)
      }
    })
  )

  it.effect("a round's events go out at once: the poll interval is waited before a round, not after it", () =>
    Effect.gen(function* () {
      // Nothing moves the TestClock here: a follow that slept before emitting would never get its 5 items.
      const model = new ChainModel([])
      const events = yield* Stream.runCollect(
        Stream.take(follow(configOf(model, { pollInterval: Duration.hours(1) })), 5)
      )
      assert.deepStrictEqual(
        events.map((e) => e.block.number),
        [0, 1, 2, 3, 4]
      )
    })
  )

  it.effect("a block the server does not show (an indexer's gap) is waited for, then fails typed past maxLag", () =>
    Effect.gen(function* () {
      // Filled within maxLag: the follow goes on, nothing lost.
      const filled = new ChainModel([
        { _tag: "Grow", blocks: 2, items: [1, 1] },
        { _tag: "Hole", height: 9 },
        { _tag: "Grow", blocks: 3, items: [2, 2, 2] },
        { _tag: "Idle" },
        { _tag: "Fill" },
        { _tag: "Grow", blocks: 1, items: [1] }
      ])
      const events = yield* runScript(filled, configOf(filled, { maxLagMillis: 60_000 }))
      assertCanonical(filled, apply(events), 0)
      // Never filled: the follow stops at the block before the gap and fails once maxLag has passed.
      const gap = new ChainModel([
        { _tag: "Grow", blocks: 2, items: [1, 1] },
        { _tag: "Hole", height: 9 },
        ...Array.from({ length: 20 }, () => ({ _tag: "Grow" as const, blocks: 1, items: [1] })),
        { _tag: "Hole", height: 9 }
      ])
      const exit = yield* Effect.exit(runScript(gap, configOf(gap, { maxLagMillis: 10_000 })))
      assert.isTrue(Exit.isFailure(exit))
      assert.include(String(Exit.isFailure(exit) ? exit.cause : ""), "ServerLagging")
      // Waiting is a poll every pollInterval, never a loop on the server (about one round a second here).
      assert.isAtMost(gap.calls.newest, 30)
    })
  )
})
