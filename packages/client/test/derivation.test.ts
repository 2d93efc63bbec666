/**
 * Methods come from the table: a copy of `endpoints` with two rows added (a single-item row, a paged row with
 * filters and an alias) gets their methods, at run time and in its types, with no other change. And a table
 * whose rows would collide cannot make a service.
 */
import { type TokenTransfer, TokenTransfersResponse, Transaction } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { expectTypeOf } from "vitest"
import {
  type BlockscoutError,
  type CallReason,
  type EndpointTable,
  endpoints,
  endpointTable,
  itemRow,
  type MethodsOf,
  methodEntries,
  type Page,
  pageRow,
  type StreamReason
} from "../src/index.ts"
import { toContext } from "../src/internal/context.ts"
import { makeMethods } from "../src/internal/methods.ts"
import { makeRegistry } from "../src/internal/limiter/registry.ts"
import { page, scriptedServer } from "./support/ScriptedServer.ts"
import { address, fixtures, txHash } from "./support/fixtures.ts"

/** `endpoints` and two more rows: what adding endpoints looks like. */
const table = endpointTable({
  ...endpoints,
  transactionNote: itemRow({
    method: "TransactionNote",
    ids: "T1",
    summary: "One transaction's note",
    path: "/transactions/{hash}/note",
    pathParams: [{ name: "hash", kind: "hash" }],
    filters: [],
    response: Transaction,
    cursorKeys: [],
    credits: 20
  }),
  addressNft: pageRow({
    method: "AddressNft",
    ids: "T2",
    summary: "NFT transfers of an address",
    path: "/addresses/{address}/nft",
    pathParams: [{ name: "address", kind: "address" }],
    filters: [
      { name: "filter", kind: "literal", values: ["to", "from"], description: "direction" },
      { name: "token", kind: "text", description: "one token's address" }
    ],
    response: TokenTransfersResponse,
    cursorKeys: ["block_number", "index"],
    credits: 30,
    aliases: { addressNftAll: "stream" }
  })
})

type Methods = MethodsOf<typeof table>

// The new rows' methods, typed from the rows.
expectTypeOf<Methods["getTransactionNote"]>().toEqualTypeOf<
  (hash: string) => Effect.Effect<Transaction, BlockscoutError<CallReason>>
>()
type TransfersOptions = {
  readonly cursor?: Page<unknown>["next_page_params"] | undefined
  readonly pageSize?: number | undefined
  readonly filter?: "to" | "from" | undefined
  readonly token?: string | undefined
}
expectTypeOf<Parameters<Methods["listAddressNft"]>>().toEqualTypeOf<
  [address: string, options?: { [K in keyof TransfersOptions]: Exclude<TransfersOptions[K], null> } | undefined]
>()
expectTypeOf<Methods["addressNftAll"]>().toEqualTypeOf<Methods["streamAddressNft"]>()
expectTypeOf<ReturnType<Methods["addressNftAll"]>>().toEqualTypeOf<
  Stream.Stream<TokenTransfer, BlockscoutError<StreamReason>>
>()
// The old rows' methods are all still there.
expectTypeOf<Methods>().toExtend<MethodsOf<typeof endpoints>>()

/** The methods of `table` over a fresh context pointed at `baseUrl`. */
const methodsAt = (baseUrl: string) =>
  Effect.gen(function* () {
    const http = yield* HttpClient.HttpClient
    const target = { family: "instance", chainId: undefined, baseUrl, apiKey: undefined, secretKey: undefined } as const
    return makeMethods(table, toContext(http, makeRegistry(), target, { rateLimit: false, retry: false }))
  }).pipe(Effect.provide(FetchHttpClient.layer))

describe("a row added to a copy of the table", () => {
  it.effect("an item row gets get<Method>: decoded on 200, NotFound on 404", () =>
    Effect.gen(function* () {
      const raw = fixtures.transactions[0]!
      const server = yield* scriptedServer((request) =>
        request.path.endsWith(`${txHash}/note`) ? { body: raw } : { status: 404, body: { message: "Not found" } }
      )
      const methods = yield* methodsAt(server.url)
      const found = yield* methods.getTransactionNote(txHash)
      assert.strictEqual(found.hash, (raw as { readonly hash: string }).hash)
      const other = `0x${"ab".repeat(32)}`
      const missing = yield* Effect.flip(methods.getTransactionNote(other))
      assert.strictEqual(missing.reason._tag, "NotFound")
      assert.deepStrictEqual(
        server.requests.map((r) => r.path),
        [`/api/v2/transactions/${txHash}/note`, `/api/v2/transactions/${other}/note`]
      )
      const byName = yield* methods.get("transactionNote", { hash: txHash })
      assert.strictEqual(byName.hash, found.hash)
      const wrongKind = yield* Effect.flip(methods.page("transactionNote" as never))
      assert.strictEqual(wrongKind.reason._tag, "InvalidArgument")
      assert.include(wrongKind.message, "transactionNote is an item endpoint: use get")
    }).pipe(Effect.scoped)
  )

  it.effect("a paged row gets list/stream/streamPages with its filters, and its alias", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) => ({
        body: request.query.has("block_number")
          ? page([fixtures.tokenTransfers[0]])
          : page([fixtures.tokenTransfers[0]], { block_number: 9, index: 1 })
      }))
      const methods = yield* methodsAt(server.url)
      const first = yield* methods.listAddressNft(address, { filter: "to", token: "0xabc" })
      assert.strictEqual(first.items.length, 1)
      const all = yield* Stream.runCollect(methods.addressNftAll(address, { filter: "from" }))
      assert.strictEqual(all.length, 2)
      const sent = server.requests.map((r) => `${r.path}?${r.query.toString()}`)
      // One page at the server's size; a stream asks the largest page.
      assert.deepStrictEqual(sent, [
        `/api/v2/addresses/${address}/nft?filter=to&token=0xabc`,
        `/api/v2/addresses/${address}/nft?filter=from&items_count=100`,
        `/api/v2/addresses/${address}/nft?filter=from&block_number=9&index=1&items_count=100`
      ])
      const bad = yield* Effect.flip(methods.listAddressNft(address, { filter: "sideways" as never }))
      assert.strictEqual(bad.reason._tag, "InvalidArgument")
      assert.strictEqual(server.requests.length, 3, "nothing sent for a bad filter")
    }).pipe(Effect.scoped)
  )

  it("the table's own methods are unchanged: the rule's names, then the aliases", () => {
    const names = methodEntries(table).map((e) => e.name)
    for (const entry of methodEntries(endpoints)) assert.include(names, entry.name)
    assert.deepStrictEqual(names.slice(-5), [
      "getTransactionNote",
      "listAddressNft",
      "streamAddressNft",
      "streamAddressNftPages",
      "addressNftAll"
    ])
  })
})

describe("a table that cannot make a service", () => {
  const withdrawals = endpoints.withdrawals
  const cases: ReadonlyArray<readonly [string, EndpointTable, string]> = [
    [
      "two rows with one method base",
      { ...endpoints, again: { ...withdrawals, name: "again" } },
      "again names a method listWithdrawals, as row withdrawals does"
    ],
    [
      "an alias taking a rule's name",
      {
        ...endpoints,
        again: { ...withdrawals, name: "again", method: "Again", aliases: { listTransactions: "list" } }
      },
      "as row transactions does"
    ],
    [
      "an alias of a kind the row has not",
      { ...endpoints, again: { ...withdrawals, name: "again", method: "Again", aliases: { one: "get" } } },
      "again's alias one is a get method; a page row has none"
    ],
    [
      "a method named like a member of the service",
      { ...endpoints, again: { ...withdrawals, name: "again", method: "Again", aliases: { target: "list" } } },
      "as the service itself does"
    ]
  ]
  for (const [what, bad, message] of cases) {
    it(what, () => {
      assert.throws(() => methodEntries(bad), message)
    })
  }
})
