/**
 * `blockscout backfill run ... --follow` as a child process against the live simulated Blockscout on a loopback
 * port, in real time (a block every 150 ms, seeded reorganisations up to 4 deep, finality 10), killed with
 * SIGKILL at seeded moments: during the backfill of its range, while it follows, right after a reorganisation
 * replaced blocks it had written, and while it catches up after a restart; started again each time, then let run
 * until its final block passes a height and stopped with SIGTERM. The `token_transfers` table then holds the
 * canonical chain's transfers of every block from `--from-block` to the last final block, each once, and nothing
 * of a replaced block; the rows above it are exactly the ones listed for the next start to delete.
 *
 * Nothing here measures time: each kill waits for a condition (the database's progress, the simulator's
 * schedule), with a deadline.
 */
import { serve } from "@blockscout-effect/client/testing/node"
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem, Random } from "effect"
import { DatabaseSync } from "node:sqlite"
import { exitCodes } from "../src/cli/Exit.ts"
import { killMidway, killWhen, progress } from "./backfill-support.ts"
import { entry } from "./spawn.ts"

const cliMain = entry("examples/src/cli/main.ts")
const env = { BLOCKSCOUT_API_KEY: "proapi_follow_kill_test" }

const initial = 300
const blockMillis = 150
const maxDepth = 4
const finality = 10
const confirmations = 1
// The range ends below every block a reorganisation can reach (they replace live heights only, at most
// `maxDepth` below the first live block) and below the follow's finality at the start.
const fromBlock = 120
const toBlock = initial - 1 - finality - maxDepth

/** Where the follow stands in the database: its final block (undefined before its first commit), its unfinal rows' blocks. */
const followState = (db: string): { readonly final: number | undefined; readonly unfinal: ReadonlyArray<number> } => {
  let d: DatabaseSync | undefined
  try {
    d = new DatabaseSync(db, { readOnly: true })
    const saved = d.prepare("SELECT checkpoint FROM backfill_follow").all() as Array<{ checkpoint: string }>
    const rows = d.prepare("SELECT block FROM backfill_follow_rows").all() as Array<{ block: number }>
    const final = saved[0] === undefined ? undefined : (JSON.parse(saved[0].checkpoint) as { block: number }).block
    return { final, unfinal: rows.map((r) => Number(r.block)) }
  } catch {
    // Not created yet (the follow has not started).
    return { final: undefined, unfinal: [] }
  } finally {
    d?.close()
  }
}

/** A token transfer's identity in `token_transfers`: its block's hash, transaction, log index and token id. */
const key = (t: {
  readonly block_hash: unknown
  readonly transaction_hash: unknown
  readonly log_index: unknown
  readonly token_id: unknown
}) => `${String(t.block_hash).toLowerCase()}/${String(t.transaction_hash).toLowerCase()}/${t.log_index}/${t.token_id}`

describe("a followed backfill survives kill -9", () => {
  it.live(
    "killed at seeded moments (backfilling, following, right after a reorg), its table is the canonical chain",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          const fs = yield* FileSystem.FileSystem
          const dir = yield* fs.makeTempDirectoryScoped()
          const db = `${dir}/follow.db`
          const start = Date.now()
          const simulator = SimulatedBlockscout.make({
            seed: 29,
            blocks: initial,
            live: { startMillis: start, blockMillis, randomReorgs: { probability: 0.2, maxDepth } }
          })
          const server = yield* serve({ simulator })
          const head = () => simulator.headAt(Date.now())
          const argv = [
            cliMain,
            ...["backfill", "run", "token-transfers", "--base-url", server.baseUrl],
            ...["--from-block", String(fromBlock), "--to-block", String(toBlock), "--partitions", "2"],
            // Paced so that the backfill lasts a few seconds (a kill lands inside it), the follow keeps up.
            ...["--page-size", "10", "--requests-per-second", "40", "--db", db],
            ...["--follow", "--finality", String(finality), "--confirmations", String(confirmations)],
            ...["--poll-interval", "0.1"]
          ]
          const transfersOf = (h: number, now: number) =>
            simulator.rowItems(now, "tokenTransfers", h) as Array<Record<string, unknown>>
          let ranged = 0
          for (let h = fromBlock; h <= toBlock; h++) ranged += transfersOf(h, start).length

          // 1. During the backfill of the range: once a seeded share of its transfers is committed.
          const share = yield* Random.nextIntBetween(20, 60)
          yield* killMidway(argv, db, Math.floor((ranged * share) / 100), env)
          assert.isUndefined(followState(db).final, "killed before the follow started")

          // 2. While following: a seeded number of blocks after the restart's first final block.
          const blocks = yield* Random.nextIntBetween(2, 8)
          let first: number | undefined
          const following = yield* killWhen(argv, {
            env,
            reached: Effect.sync(() => {
              const { final } = followState(db)
              if (final === undefined) return false
              first ??= final
              return final >= first + blocks
            })
          })
          assert.strictEqual(following.code, null, following.stderr)
          assert.strictEqual(progress(db).done, 2, "the range was done before the follow")

          // 3. Right after a reorganisation that replaced blocks the follow had written (not final yet): a seeded
          // moment within a block time of the block whose production replaced them.
          const offset = yield* Random.nextIntBetween(0, blockMillis)
          let target: { readonly head: number; readonly heights: ReadonlyArray<number> } | undefined
          let written = false
          const afterReorg = yield* killWhen(argv, {
            env,
            reached: Effect.sync(() => {
              const now = Date.now()
              const { final, unfinal } = followState(db)
              if (target === undefined) {
                // Following and caught up: choose the next reorganisation a few blocks ahead.
                if (final === undefined || unfinal.length === 0 || Math.max(...unfinal) < head() - 3) return false
                target = nextReorg(simulator, head() + 2)
                return false
              }
              const at = simulator.producedAt(target.head)!
              if (now < at - 30) {
                // Up to just before the reorganisation: whether the follow holds rows of a block it replaces.
                written = unfinal.some((b) => target!.heights.includes(b))
                return false
              }
              if (!written) {
                // The follow did not get to those blocks in time: wait for the next reorganisation.
                target = undefined
                return false
              }
              return now >= at + offset
            })
          })
          assert.strictEqual(afterReorg.code, null, afterReorg.stderr)

          // 4. While catching up after that restart: a seeded number of commits in.
          const commits = yield* Random.nextIntBetween(1, 3)
          let seen: number | undefined
          let committed = 0
          const catchingUp = yield* killWhen(argv, {
            env,
            reached: Effect.sync(() => {
              const { final } = followState(db)
              if (final !== undefined && final !== seen) {
                if (seen !== undefined) committed++
                seen = final
              }
              return committed >= commits
            })
          })
          assert.strictEqual(catchingUp.code, null, catchingUp.stderr)

          // 5. Until the final block passes H, a dozen blocks above the head at the last start; then SIGTERM.
          const H = head() + 12
          const stopped = yield* killWhen(argv, {
            env,
            signal: "SIGTERM",
            reached: Effect.sync(() => (followState(db).final ?? 0) >= H)
          })

          assert.strictEqual(stopped.code, exitCodes.SIGTERM, stopped.stderr)
          const now = Date.now()
          const { final } = followState(db)
          assert.isAtLeast(final!, H)
          const d = new DatabaseSync(db, { readOnly: true })
          const rows = d
            .prepare(
              "SELECT block_number, block_hash, transaction_hash, log_index, COALESCE(token_id, '') AS token_id FROM token_transfers"
            )
            .all() as Array<{
            block_number: number
            block_hash: string
            transaction_hash: string
            log_index: number
            token_id: string
          }>
          const listed = d.prepare("SELECT block FROM backfill_follow_rows").all() as Array<{ block: number }>
          d.close()

          // Every canonical transfer of the blocks up to the final one, once; nothing else at those heights.
          const stored = rows.filter((r) => r.block_number <= final!).map(key)
          const expected: Array<string> = []
          for (let h = fromBlock; h <= final!; h++) {
            for (const t of transfersOf(h, now)) {
              const token_id = (t.total as { token_id?: unknown } | null)?.token_id ?? ""
              expected.push(key({ ...(t as Parameters<typeof key>[0]), token_id }))
            }
          }
          assert.strictEqual(new Set(stored).size, stored.length, "no transfer twice")
          assert.strictEqual(stored.length, expected.length, "no transfer missing, none of a replaced block")
          assert.deepStrictEqual(new Set(stored), new Set(expected))
          assert.isTrue(
            rows.every((r) => r.block_number >= fromBlock),
            "nothing below the range"
          )
          // Above it, only rows listed for the next start to delete (their blocks were not final).
          assert.isTrue(listed.every((r) => r.block > final!))
          assert.strictEqual(listed.length, rows.length - stored.length)
          // The chain did replace blocks the follow went through.
          const replaced = simulator.replacedBlocks(now).filter((b) => b.height > toBlock && b.height <= final!)
          assert.isAbove(replaced.length, 0, "reorganisations within the followed blocks")
        })
      ).pipe(Effect.provide(NodeServices.layer), Random.withSeed(2026)),
    { timeout: 60_000 }
  )
})

/**
 * The first reorganisation of at least two blocks produced at or above `from`: its head and the heights it
 * replaces (read from the simulator's schedule: the chain at the time its head appears).
 */
const nextReorg = (
  simulator: SimulatedBlockscout,
  from: number
): { readonly head: number; readonly heights: ReadonlyArray<number> } | undefined => {
  for (let h = from; h < from + 200; h++) {
    const heights = simulator
      .replacedBlocks(simulator.producedAt(h)!)
      .filter((b) => b.replacedAtHead === h)
      .map((b) => b.height)
    if (heights.length >= 2) return { head: h, heights }
  }
  return undefined
}
