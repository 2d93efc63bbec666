/**
 * The largest page: streams ask `items_count=100` (12.x and the Pro API give pages of 100, half the requests
 * and credits of the default 50) unless the caller chose a page size; one page (`list*`) keeps the server's
 * default. A server that refuses it as 11.2.7 does (422 on `items_count`: not declared on token transfers,
 * declared with a maximum of 50 elsewhere) is asked again without it, silently, once per row and client. The
 * 11.x server here is the simulator's `version: "11"`, which checks `items_count` as 11.2.7's backend does.
 */
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { sameValue } from "../../schema/test/support.ts"
import type { NextPageParams } from "@blockscout-effect/schema"
import { Blockscout, type EndpointArgs, endpoints, type ListName } from "../src/index.ts"
import { clientLayer } from "./partition/support.ts"

const simulator = (version: "11" | "12") =>
  SimulatedBlockscout.make({ seed: 5, blocks: 600, pendingTransactions: 3, smartContracts: 10, version })

/** The requests since `before` that the server refused (its 422s: 11.x refusing `items_count`). */
const refusals = (sim: SimulatedBlockscout, before: number) =>
  sim.requests.slice(before).filter((request) => request.status === 422)

/** Every item, one page call after the other (`list*` asks no page size): the oracle of the 11.x tests. */
const pageByPage = (name: ListName<typeof endpoints>, args: EndpointArgs = {}) =>
  Blockscout.use((bs) =>
    Effect.gen(function* () {
      const items: Array<unknown> = []
      let cursor: NextPageParams | null | undefined
      do {
        const page = yield* bs.page(name, { ...args, cursor: cursor ?? undefined })
        items.push(...page.items)
        cursor = page.next_page_params
      } while (cursor !== null)
      return items
    })
  )

describe("streams ask for the largest page", () => {
  const sim12 = simulator("12")
  it.effect("12.x: streams ask items_count=100 and get pages of 100; one page keeps the server's size", () =>
    Effect.gen(function* () {
      const sim = sim12
      const bs = yield* Blockscout
      const pages = yield* Stream.runCollect(bs.streamTransactionsPages().pipe(Stream.take(3)))
      assert.deepStrictEqual(
        pages.map((page) => page.items.length),
        [100, 100, 100]
      )
      const asked = sim.requests.map((request) => request.query.items_count)
      assert.isTrue(
        asked.every((n) => n === "100"),
        asked.join(",")
      )
      const one = yield* bs.listTransactions()
      assert.strictEqual(one.items.length, 50)
      assert.isUndefined(sim.requests[sim.requests.length - 1]?.query.items_count)
      yield* Stream.runDrain(bs.streamTransactions({ pageSize: 30 }).pipe(Stream.take(31)))
      assert.strictEqual(sim.requests[sim.requests.length - 1]?.query.items_count, "30", "the caller's size")
    }).pipe(Effect.provide(clientLayer(sim12, "instance")))
  )

  for (const name of ["tokenTransfers", "transactions", "withdrawals"] as const) {
    it.effect(`a server refusing it as 11.2.7 does: ${name} asks again at 50, once, nothing lost`, () =>
      Effect.gen(function* () {
        const sim = simulator("11")
        const client = clientLayer(sim, "instance")
        const expected = yield* pageByPage(name).pipe(Effect.provide(client))
        const before = sim.requests.length
        const [first, second] = yield* Blockscout.use((bs) =>
          Effect.all([Stream.runCollect(bs.stream(name)), Stream.runCollect(bs.stream(name))])
        ).pipe(Effect.provide(client))
        assert.isTrue(sameValue(first, expected))
        assert.isTrue(sameValue(second, expected))
        // E9 checks nothing: items_count=100 is taken (and ignored); the others refuse it once.
        const refused = refusals(sim, before)
        assert.strictEqual(refused.length, name === "withdrawals" ? 0 : 1, refused.map((r) => r.path).join(" "))
        // A row declaring `since` has the server's version read first, once per layer: not one of the row's pages.
        const answered = sim.requests
          .slice(before)
          .filter((r) => !r.path.endsWith("/config/backend-version"))
          .filter((request) => request.status !== 422)
        const pages = Math.ceil(expected.length / 50)
        assert.strictEqual(answered.length, 2 * pages, "every page once per stream")
        if (name !== "withdrawals") {
          // After the refusal nothing asks for 100 again: the cursor's own items_count (11.x echoes it) or none.
          assert.isTrue(answered.every((r) => r.query.items_count !== "100"))
        }
      })
    )
  }

  it.effect("every list of the simulated 11.x Blockscout: refused once (E9 takes it), then every item at 50", () =>
    Effect.gen(function* () {
      // The simulator's 11.x mode checks `items_count` as 11.2.7 does (no fake in between): undeclared on the
      // token transfer lists and NFT instances, 1 to 50 elsewhere, nothing on E9.
      const sim = SimulatedBlockscout.make({
        seed: 5,
        blocks: 120,
        pendingTransactions: 3,
        smartContracts: 10,
        version: "11",
        accountAbstraction: true
      })
      const chain = sim.chain
      const nft = chain.tokens.find((t) => t.type !== "ERC-20")!
      const multi = chain.tokens.find((t) => t.type === "ERC-1155")!
      const busy = Array.from({ length: chain.height }, (_, h) => h).find(
        (h) => chain.template(h).transactions.length > 3
      )!
      const hash = chain.transactionHash(busy, 0)
      // The newest deposit: its depositor, block and transaction.
      const deposit = (
        JSON.parse(sim.handle({ method: "GET", url: "/api/v2/beacon/deposits", headers: {} }, 0).body) as {
          items: ReadonlyArray<{ from_address: { hash: string }; block_number: number; transaction_hash: string }>
        }
      ).items[0]!
      const depositor = deposit.from_address.hash
      const depositBlock = deposit.block_number
      const depositTransaction = deposit.transaction_hash
      const argsOf: Record<string, EndpointArgs> = {
        tokenTransfers: {},
        tokenInstanceTransfers: { token: nft.address, tokenId: "0" },
        transactions: {},
        transactionLogs: { hash },
        blocksValidated: { address: chain.miners[0]! },
        smartContracts: {},
        withdrawals: {},
        nftCollections: { address: chain.users[3]! },
        internalTransactions: { address: chain.routers[0]! },
        addressWithdrawals: { address: chain.users[2]! },
        addressTransactions: { address: chain.users[1]! },
        addressTokenTransfers: { address: chain.users[1]! },
        addressLogs: { address: chain.tokens[0]!.address },
        addressCoinBalanceHistory: { address: chain.users[3]! },
        addressTokens: { address: chain.users[3]! },
        addressNfts: { address: chain.users[3]! },
        hotSmartContracts: { scale: "3h" },
        beaconDeposits: {},
        addressBeaconDeposits: { address: depositor },
        blockBeaconDeposits: { numberOrHash: String(depositBlock) },
        transactionBeaconDeposits: { hash: depositTransaction },
        blocks: {},
        blockTransactions: { numberOrHash: String(busy) },
        blockWithdrawals: { numberOrHash: String(busy) },
        transactionTokenTransfers: { hash },
        transactionInternalTransactions: { hash },
        tokenTransfersByToken: { token: chain.tokens[1]!.address },
        tokenHolders: { token: chain.tokens[1]!.address },
        tokenInstances: { token: nft.address },
        transactionStateChanges: { hash },
        chainInternalTransactions: {},
        blockInternalTransactions: { numberOrHash: String(busy) },
        topAddresses: {},
        tokens: {},
        tokenInstanceHolders: { token: multi.address, tokenId: "0" },
        smartContractAuditReports: { address: chain.smartContracts[0]!.address },
        advancedFilters: {},
        search: { q: "usd" },
        userOperations: {},
        userOperationBundles: {}
      }
      // Rows whose 11.2.7 takes `items_count=100`: E9 (checks nothing), the advanced filter (no maximum).
      const takesLargest = new Set(["withdrawals", "advancedFilters"])
      const client = clientLayer(sim, "instance")
      for (const row of Object.values(endpoints)) {
        // An OP stack chain's rows: the simulated chain is not one, so it answers them 404 (no pages to compare).
        if (row.shape !== "page" || row.name === "optimismDeposits" || row.name === "optimismWithdrawals") continue
        const name = row.name as ListName<typeof endpoints>
        const args = argsOf[name]
        if (args === undefined) throw new Error(`no test arguments for the paged row ${name}`)
        const expected = yield* pageByPage(name, args).pipe(Effect.provide(client))
        const before = sim.requests.length
        const got = yield* Blockscout.use((bs) => Stream.runCollect(bs.stream(name, args))).pipe(Effect.provide(client))
        assert.isTrue(sameValue(got, expected), name)
        // A row declaring `since` has the server's version read first, once per layer: not one of the row's pages.
        const answered = sim.requests.slice(before).filter((r) => !r.path.endsWith("/config/backend-version"))
        const refused = answered.filter((r) => r.status === 422)
        assert.strictEqual(refused.length, takesLargest.has(name) ? 0 : 1, `${name}: ${refused.length} refusals`)
        assert.strictEqual(refused[0]?.query.items_count ?? "100", "100", name)
        // Every page once after the refusal, none at 100 again (a cursor's own items_count, 50, is taken).
        assert.strictEqual(answered.length - refused.length, Math.max(1, Math.ceil(expected.length / 50)), name)
        if (!takesLargest.has(name))
          assert.isTrue(
            answered.slice(1).every((r) => r.query.items_count !== "100"),
            name
          )
      }
    })
  )

  it.effect("a partitioned stream on such a server falls back as well", () =>
    Effect.gen(function* () {
      const sim = simulator("11")
      const client = clientLayer(sim, "instance")
      const expected = yield* pageByPage("transactions").pipe(Effect.provide(client))
      const before = sim.requests.length
      const got = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamTransactions({ partition: { concurrency: 4 } }))
      ).pipe(Effect.provide(client))
      assert.isTrue(sameValue(got, expected))
      const refused = refusals(sim, before)
      assert.isAtLeast(refused.length, 1)
      assert.isAtMost(refused.length, 4, "at most one refusal per request in flight when it came")
    })
  )

  it.effect("a page size the caller chose is not changed behind its back: the refusal is its error", () =>
    Effect.gen(function* () {
      const sim = simulator("11")
      const error = yield* Blockscout.use((bs) => Stream.runDrain(bs.streamTransactions({ pageSize: 100 }))).pipe(
        Effect.provide(clientLayer(sim, "instance")),
        Effect.flip
      )
      assert.strictEqual(error.reason._tag, "InvalidRequest")
      assert.include(error.message, "items_count")
      assert.strictEqual(refusals(sim, 0).length, 1)
    })
  )
})
