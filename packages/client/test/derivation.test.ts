/**
 * Methods come from the table: a copy of `endpoints` with two rows added (a single-item row, a paged row with
 * filters) gets their methods at run time and their types from the generator, with no other change. And a
 * table whose rows would collide cannot make a service.
 */
import { type TokenTransfer, TokenTransfersResponse, Transaction } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { renderMethods } from "../scripts/render.ts"
import { type BlockscoutError, type CallReason, endpoints, type Page, type StreamReason } from "../src/index.ts"
import type { BlockscoutMethods } from "../src/BlockscoutMethods.ts"
import { type EndpointTable, endpointTable, itemRow, pageRow } from "@blockscout-effect/schema"
import { methodEntries } from "../src/Methods.ts"
import type { PageParameters, StreamParameters } from "../src/Parameters.ts"
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
    credits: 30
  })
})

/** The options type the generator writes for `addressNft` (`ListAddressNftParameters`). */
interface ListAddressNftParameters extends PageParameters {
  readonly filter?: "to" | "from" | undefined
  readonly token?: string | undefined
}

/** The new rows' methods, as the generator writes them for `table` (the first test checks its text says so). */
interface Added extends BlockscoutMethods {
  readonly getTransactionNote: (hash: string) => Effect.Effect<Transaction, BlockscoutError<CallReason>>
  readonly listAddressNft: (
    address: string,
    options?: ListAddressNftParameters | undefined
  ) => Effect.Effect<Page<TokenTransfer>, BlockscoutError<CallReason>>
  readonly streamAddressNft: (
    address: string,
    options?: (ListAddressNftParameters & StreamParameters) | undefined
  ) => Stream.Stream<TokenTransfer, BlockscoutError<StreamReason>>
}

/** A text with its whitespace runs as one space, and none just inside parentheses (the formatter's choice). */
const squash = (text: string) => text.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")")

describe("a row added to a copy of the table: its types", () => {
  it("the generator writes the new rows' methods with the types `Added` states, and keeps every old one", () => {
    const text = squash(renderMethods(table))
    for (const member of [
      "readonly getTransactionNote: (hash: string) => Effect.Effect<Transaction, BlockscoutError<CallReason>>",
      "readonly listAddressNft: (address: string, options?: ListAddressNftParameters | undefined) => Effect.Effect<Page<TokenTransfer>, BlockscoutError<CallReason>>",
      "readonly streamAddressNft: (address: string, options?: (ListAddressNftParameters & StreamParameters) | undefined) => Stream.Stream<TokenTransfer, BlockscoutError<StreamReason>>",
      "readonly streamAddressNftPages: (address: string, options?: (ListAddressNftParameters & StreamParameters) | undefined) => Stream.Stream<PageWithCursor<TokenTransfer>, BlockscoutError<StreamReason>>",
      'export interface ListAddressNftParameters extends PageParameters { /** Direction. */ readonly filter?: "to" | "from" | undefined /** One token\'s address. */ readonly token?: string | undefined }'
    ]) {
      assert.include(text, member)
    }
    for (const entry of methodEntries(endpoints)) assert.include(text, `readonly ${entry.name}: (`)
  })
})

/** The methods of `table` over a fresh context pointed at `baseUrl`. */
const methodsAt = (baseUrl: string) =>
  Effect.gen(function* () {
    const http = yield* HttpClient.HttpClient
    const target = { family: "instance", chainId: undefined, baseUrl, apiKey: undefined, secretKey: undefined } as const
    return makeMethods<Added, typeof table>(
      table,
      toContext(http, makeRegistry(), target, { rateLimit: false, retry: false })
    )
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

  it.effect("a paged row gets list/stream/streamPages with its filters", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) => ({
        body: request.query.has("block_number")
          ? page([fixtures.tokenTransfers[0]])
          : page([fixtures.tokenTransfers[0]], { block_number: 9, index: 1 })
      }))
      const methods = yield* methodsAt(server.url)
      const first = yield* methods.listAddressNft(address, { filter: "to", token: "0xabc" })
      assert.strictEqual(first.items.length, 1)
      const all = yield* Stream.runCollect(methods.streamAddressNft(address, { filter: "from" }))
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

  it("the table's own methods are unchanged: the rule's names, the new rows' last", () => {
    const names = methodEntries(table).map((e) => e.name)
    for (const entry of methodEntries(endpoints)) assert.include(names, entry.name)
    assert.deepStrictEqual(names.slice(-4), [
      "getTransactionNote",
      "listAddressNft",
      "streamAddressNft",
      "streamAddressNftPages"
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
      "a method named like a member of the service",
      // An item row whose method is empty gets `get`, the by-name lookup's name.
      { ...endpoints, again: { ...endpoints.block, name: "again", method: "" } },
      "again names a method get, as the service itself does"
    ]
  ]
  for (const [what, bad, message] of cases) {
    it(what, () => {
      assert.throws(() => methodEntries(bad), message)
    })
  }
})
