/**
 * What the scoped-endpoint tests share: one small simulated chain, the client over it in either family, and the
 * ground truth computed independently of the scoped handlers: from the chain-wide lists (E1 token transfers,
 * E4 transactions, E9 withdrawals, ...), which the simulator serves by scanning its blocks, while the scoped
 * lists merge per-address progressions. A scoped list that equals the chain-wide list filtered by hand is
 * complete, in order, and without repeats.
 */
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import type { TokenTransfer, Transaction } from "@blockscout-effect/schema"
import type { SimulatorOptions } from "@blockscout-effect/simulator"
import { Effect, Layer, Redacted, Stream } from "effect"
import { Blockscout, type BlockscoutShape, type Family } from "../../src/index.ts"

/** The chain every scoped test reads: small enough to walk whole, with pending transactions and batches. */
export const sim = SimulatedBlockscout.make({ seed: 7, blocks: 160, pendingTransactions: 9, smartContracts: 10 })
export const chain = sim.chain

/** A small page, so that every list spans several pages. */
export const pageSize = 7

/** The client of `family` over the simulator (no pacing: nothing waits on the test clock). */
export const layerFor = (family: Family) =>
  (family === "pro"
    ? Blockscout.layerPro({ chainId: chain.chainId, apiKey: Redacted.make("proapi_scoped"), rateLimit: false })
    : Blockscout.layerInstance({ baseUrl: "http://sim.test", rateLimit: false })
  ).pipe(Layer.provide(layerHttpClient(sim)))

export const families: ReadonlyArray<Family> = ["pro", "instance"]

/** Runs a use of the service on the client of `family` over the simulator. */
export const runOn =
  (family: Family) =>
  <A, E>(f: (bs: BlockscoutShape) => Effect.Effect<A, E>) =>
    Blockscout.use(f).pipe(Effect.provide(layerFor(family)))

/** Runs a use of the service on the client of `family` over a simulator of its own, made with `options`. */
export const runWith =
  (options: SimulatorOptions, family: Family) =>
  <A, E>(f: (bs: BlockscoutShape) => Effect.Effect<A, E>) => {
    const own = SimulatedBlockscout.make(options)
    const client =
      family === "pro"
        ? Blockscout.layerPro({ chainId: own.chain.chainId, apiKey: Redacted.make("proapi_own"), rateLimit: false })
        : Blockscout.layerInstance({ baseUrl: "http://sim.test", rateLimit: false })
    return Blockscout.use(f).pipe(Effect.provide(client.pipe(Layer.provide(layerHttpClient(own)))))
  }

/** Every item of a stream, as an array. */
export const all = <A, E, R>(stream: Stream.Stream<A, E, R>) => Effect.map(Stream.runCollect(stream), (c) => [...c])

/** Lower-cased, for comparing addresses (servers write them EIP-55 mixed case). */
export const lower = (a: string | null | undefined): string | undefined => a?.toLowerCase()

/** Every transaction of the chain as E4 lists them: pending ones (newest first), then mined ones (newest first). */
export const everyTransaction = (bs: BlockscoutShape) =>
  Effect.gen(function* () {
    const pending = yield* all(bs.streamTransactions({ filter: "pending", pageSize: 50 }))
    const mined = yield* all(bs.streamTransactions({ pageSize: 50 }))
    return [...pending, ...mined] as ReadonlyArray<Transaction>
  })

/** Every token transfer of the chain as E1 lists them (newest first). */
export const everyTransfer = (bs: BlockscoutShape) =>
  Effect.map(all(bs.streamTokenTransfers({ pageSize: 50 })), (items) => items as ReadonlyArray<TokenTransfer>)

/** A transfer item's identity: its transaction, log and (for a batch) its place in the batch's ids. */
export const transferKey = (t: TokenTransfer) =>
  `${t.transaction_hash}:${t.log_index}:${(t.total as { readonly token_id?: unknown } | null)?.token_id ?? ""}`

/** Addresses of every kind the chain has, and a stranger. */
export const addresses = {
  user: chain.users[5]!,
  otherUser: chain.users[40]!,
  router: chain.routers[1]!,
  miner: chain.miners[2]!,
  token: chain.tokens[0]!.address,
  stranger: "0x00000000000000000000000000000000000000f1"
}
