import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { Blockscout, type BlockscoutShape, type EndpointName, endpoints } from "../src/index.ts"
import { page, scriptedServer } from "./support/ScriptedServer.ts"
import {
  address,
  apiKeyText,
  fixtures,
  instanceLayer,
  proLayer,
  secretKeyText,
  token,
  txHash
} from "./support/fixtures.ts"

interface Case {
  readonly name: EndpointName
  readonly path: string
  readonly query: Record<string, string>
  readonly call: (bs: BlockscoutShape) => Effect.Effect<ReadonlyArray<unknown>, unknown>
}

const cases: ReadonlyArray<Case> = [
  {
    name: "tokenTransfers",
    path: "/token-transfers",
    query: { type: "ERC-20,ERC-721" },
    call: (bs) => Effect.map(bs.listTokenTransfers({ type: ["ERC-20", "ERC-721"] }), (p) => p.items)
  },
  {
    name: "tokenInstanceTransfers",
    path: `/tokens/${token}/instances/42/transfers`,
    query: {},
    call: (bs) => Effect.map(bs.listTokenInstanceTransfers(token, 42n), (p) => p.items)
  },
  {
    name: "mainPageTransactions",
    path: "/main-page/transactions",
    query: {},
    call: (bs) => bs.mainPageTransactions()
  },
  {
    name: "transactions",
    path: "/transactions",
    query: { filter: "validated", type: "contract_call,coin_transfer", method: "approve,transfer" },
    call: (bs) =>
      Effect.map(
        bs.listTransactions({
          filter: "validated",
          type: ["contract_call", "coin_transfer"],
          method: ["approve", "transfer"]
        }),
        (p) => p.items
      )
  },
  {
    name: "transactionLogs",
    path: `/transactions/${txHash}/logs`,
    query: {},
    call: (bs) => Effect.map(bs.listTransactionLogs(txHash), (p) => p.items)
  },
  {
    name: "blocksValidated",
    path: `/addresses/${address}/blocks-validated`,
    query: { items_count: "25" },
    call: (bs) => Effect.map(bs.listBlocksValidated(address, { pageSize: 25 }), (p) => p.items)
  },
  {
    name: "smartContracts",
    path: "/smart-contracts",
    query: { q: "USD Coin", filter: "solidity", sort: "balance", order: "desc" },
    call: (bs) =>
      Effect.map(
        bs.listSmartContracts({ q: "USD Coin", filter: "solidity", sort: "balance", order: "desc" }),
        (p) => p.items
      )
  },
  {
    name: "withdrawals",
    path: "/withdrawals",
    query: {},
    call: (bs) => Effect.map(bs.listWithdrawals(), (p) => p.items)
  },
  {
    name: "nftCollections",
    path: `/addresses/${address}/nft/collections`,
    query: { type: "ERC-721,ERC-1155" },
    call: (bs) => Effect.map(bs.listNftCollections(address, { type: ["ERC-721", "ERC-1155"] }), (p) => p.items)
  },
  {
    name: "internalTransactions",
    path: `/addresses/${address}/internal-transactions`,
    query: { filter: "to" },
    call: (bs) => Effect.map(bs.listInternalTransactions(address, { filter: "to" }), (p) => p.items)
  },
  {
    name: "addressWithdrawals",
    path: `/addresses/${address}/withdrawals`,
    query: {},
    call: (bs) => Effect.map(bs.listAddressWithdrawals(address), (p) => p.items)
  }
]

const decodeItems = (name: EndpointName) => {
  const row = endpoints[name]
  const body = row.shape === "array" ? fixtures[name] : page(fixtures[name])
  const decoded = Schema.decodeUnknownSync(row.response as Schema.Decoder<unknown>)(body)
  return row.shape === "array"
    ? (decoded as ReadonlyArray<unknown>)
    : (decoded as { items: ReadonlyArray<unknown> }).items
}

const queryOf = (params: URLSearchParams) => Object.fromEntries(params.entries())

describe("every endpoint", () => {
  it("has a case in this test for every row of the table", () => {
    assert.deepStrictEqual(cases.map((c) => c.name).sort(), Object.keys(endpoints).sort())
  })

  for (const family of ["pro", "instance"] as const) {
    describe(family, () => {
      for (const c of cases) {
        it.effect(`${c.name}: sends ${c.path} with its filters and decodes the answer`, () =>
          Effect.gen(function* () {
            const server = yield* scriptedServer(() => ({
              body: endpoints[c.name].shape === "array" ? fixtures[c.name] : page(fixtures[c.name])
            }))
            const layer = family === "pro" ? proLayer(server.url) : instanceLayer(server.url)
            const items = yield* Blockscout.use(c.call).pipe(Effect.provide(layer))

            assert.strictEqual(server.requests.length, 1)
            const request = server.requests[0]!
            assert.strictEqual(request.path, `${family === "pro" ? "/100" : ""}/api/v2${c.path}`)
            const credentials = family === "pro" ? { apikey: apiKeyText } : { apikey: apiKeyText, key: secretKeyText }
            assert.deepStrictEqual(queryOf(request.query), { ...c.query, ...credentials })
            assert.isAbove(items.length, 0)
            assert.deepStrictEqual(items, decodeItems(c.name))
          }).pipe(Effect.scoped)
        )
      }
    })
  }

  it.effect("sends the key as a header when asked: Bearer for Pro, x-api-key for an instance", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(proLayer(server.url, { apiKeyIn: "header" }))
      )
      yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(instanceLayer(server.url, { apiKeyIn: "header" }))
      )
      const [pro, instance] = server.requests
      assert.strictEqual(pro!.headers.authorization, `Bearer ${apiKeyText}`)
      assert.isFalse(pro!.query.has("apikey"))
      assert.strictEqual(instance!.headers["x-api-key"], apiKeyText)
      assert.isFalse(instance!.query.has("apikey"))
      assert.strictEqual(instance!.query.get("key"), secretKeyText)
    }).pipe(Effect.scoped)
  )

  it.effect("the generic page(name, args) takes path parameters and filters by name", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page(fixtures.internalTransactions) }))
      const result = yield* Blockscout.use((bs) =>
        bs.page("internalTransactions", { address, filter: "from", pageSize: 10 })
      ).pipe(Effect.provide(proLayer(server.url)))
      assert.strictEqual(result.items.length, fixtures.internalTransactions.length)
      assert.strictEqual(server.requests[0]!.query.get("filter"), "from")
      assert.strictEqual(server.requests[0]!.query.get("items_count"), "10")
    }).pipe(Effect.scoped)
  )
})
