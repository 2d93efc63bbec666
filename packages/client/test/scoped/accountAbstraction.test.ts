/**
 * Account abstraction (AA1-AA4), both families, against the simulated Blockscout: without the user-ops indexer (most
 * servers) every row fails at once with `NotFound` saying the server has not enabled it (a 501, never retried);
 * with it, operations and bundles page to the end with the indexer's `page_token` cursor, agree with each other and
 * with the chain's transactions, and lookups of known and unknown operations and accounts answer as the backend does.
 */
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import type { SimulatorOptions } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { Blockscout, type BlockscoutShape, type Family } from "../../src/index.ts"
import { all, families, lower } from "./support.ts"

const runWith =
  (sim: SimulatedBlockscout, family: Family) =>
  <A, E>(f: (bs: BlockscoutShape) => Effect.Effect<A, E>) =>
    Blockscout.use(f).pipe(
      Effect.provide(
        (family === "pro"
          ? Blockscout.layerPro({ chainId: sim.chain.chainId, apiKey: Redacted.make("proapi_aa"), rateLimit: false })
          : Blockscout.layerInstance({ baseUrl: "http://sim.test", rateLimit: false })
        ).pipe(Layer.provide(layerHttpClient(sim)))
      )
    )

const make = (options: SimulatorOptions = {}) => SimulatedBlockscout.make({ seed: 7, blocks: 160, ...options })

for (const family of families) {
  describe(`${family}: account abstraction`, () => {
    it.effect("a server without the user-ops indexer: NotFound saying so, at once, for every row", () =>
      Effect.gen(function* () {
        const sim = make()
        const run = runWith(sim, family)
        const error = yield* Effect.flip(run((bs) => bs.listUserOperations()))
        assert.strictEqual(error.reason._tag, "NotFound")
        assert.include(error.reason.message, "501")
        assert.include(error.reason.message, "Service is disabled")
        // One version read (the rows declare `since`), then the one refused call.
        assert.strictEqual(
          sim.requests.filter((r) => !r.path.endsWith("/config/backend-version")).length,
          1,
          "not retried"
        )
        const reasons = yield* Effect.all([
          Effect.flip(run((bs) => bs.getUserOperation(`0x${"ab".repeat(32)}`))),
          Effect.flip(run((bs) => bs.listUserOperationBundles())),
          Effect.flip(run((bs) => bs.getSmartAccount(sim.chain.users[1]!)))
        ])
        assert.deepStrictEqual(
          reasons.map((e) => e.reason._tag),
          ["NotFound", "NotFound", "NotFound"]
        )
      })
    )

    it.effect("operations and bundles, page after page to the end, agreeing with each other and the chain", () => {
      const sim = make({ accountAbstraction: true })
      return runWith(
        sim,
        family
      )((bs) =>
        Effect.gen(function* () {
          const pages = yield* all(bs.streamUserOperationsPages())
          assert.isAbove(pages.length, 1, "more than one page")
          assert.match(String(pages[0]!.next_page_params?.page_token), /^\d+,0x[0-9a-f]{64}$/)
          const ops = pages.flatMap((p) => p.items)
          assert.strictEqual(new Set(ops.map((o) => o.hash)).size, ops.length, "no operation twice")
          for (let i = 1; i < ops.length; i++) assert.isTrue(ops[i - 1]!.block_number >= ops[i]!.block_number)
          const bundles = yield* all(bs.streamUserOperationBundles())
          assert.strictEqual(
            bundles.reduce((n, b) => n + b.total_ops, 0),
            ops.length
          )
          // A bundle is its block's last transaction, sent by its bundler.
          const bundle = bundles[3]!
          const txs = yield* all(bs.streamBlockTransactions(Number(bundle.block_number)))
          const last = txs[txs.length - 1]!
          assert.strictEqual(bundle.transaction_hash, last.hash)
          assert.strictEqual(lower(bundle.bundler.hash), lower(last.from.hash))
          // Filters: one bundler's bundles, one sender's operations, one block's.
          const mine = yield* all(bs.streamUserOperationBundles({ bundler: bundle.bundler.hash }))
          assert.deepStrictEqual(
            mine.map((b) => b.transaction_hash),
            bundles.filter((b) => lower(b.bundler.hash) === lower(bundle.bundler.hash)).map((b) => b.transaction_hash)
          )
          const sender = ops[5]!.address.hash
          const sent = yield* all(bs.streamUserOperations({ sender }))
          assert.deepStrictEqual(
            sent.map((o) => o.hash),
            ops.filter((o) => lower(o.address.hash) === lower(sender)).map((o) => o.hash)
          )
          const inBlock = yield* bs.listUserOperations({ block_number: bundle.block_number })
          assert.strictEqual(inBlock.items.length, bundle.total_ops)
        })
      )
    })

    it.effect("lookups: an operation and a smart account the lists name, and unknown ones (404: NotFound)", () => {
      const sim = make({ accountAbstraction: true })
      return runWith(
        sim,
        family
      )((bs) =>
        Effect.gen(function* () {
          const ops = yield* all(bs.streamUserOperations())
          const listed = ops[2]!
          const op = yield* bs.getUserOperation(listed.hash)
          assert.strictEqual(op.hash, listed.hash)
          assert.strictEqual(op.transaction_hash, listed.transaction_hash)
          assert.strictEqual(op.block_number, listed.block_number)
          assert.strictEqual(op.fee, listed.fee)
          assert.strictEqual(op.fee, op.gas_used * op.gas_price)
          assert.strictEqual(lower(op.sender.hash), lower(listed.address.hash))
          const sender = listed.address.hash
          const account = yield* bs.getSmartAccount(sender)
          const own = ops.filter((o) => lower(o.address.hash) === lower(sender))
          assert.strictEqual(account.total_ops, own.length)
          assert.strictEqual(account.creation_op_hash, own[own.length - 1]!.hash, "its oldest operation")
          const creation = yield* bs.getUserOperation(account.creation_op_hash!)
          assert.strictEqual(lower(creation.factory?.hash), lower(account.factory?.hash))
          const unknownOp = yield* Effect.flip(bs.getUserOperation(`0x${"ab".repeat(32)}`))
          assert.strictEqual(unknownOp.reason._tag, "NotFound")
          const stranger = yield* Effect.flip(bs.getSmartAccount(`0x${"00".repeat(19)}f1`))
          assert.strictEqual(stranger.reason._tag, "NotFound")
        })
      )
    })
  })
}
