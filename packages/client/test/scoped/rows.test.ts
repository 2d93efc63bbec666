/**
 * The contract, trace and chain-wide rows of issue 24 (C1-C2, T1-T5, A1-A4), both families, against the simulated
 * Blockscout: paged rows walked to their end at a small page size and compared with what other rows say (the
 * chain's internal transactions with each block's and each transaction's, top accounts with their details and
 * counters, an instance's holders with the token's holders, tab counters with the lists); lookups of known items
 * agree with the lists, unknown ones are NotFound as the backend answers.
 */
import type { InternalTransaction } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { Blockscout, contractCreation } from "../../src/index.ts"
import { instanceLayer } from "../support/fixtures.ts"
import { page, scriptedServer } from "../support/ScriptedServer.ts"
import { addresses, all, chain, everyTransaction, families, layerFor, lower, pageSize, runOn } from "./support.ts"

const reason = <A, E extends { readonly reason: { readonly _tag: string } }>(e: Effect.Effect<A, E>) =>
  Effect.map(Effect.flip(e), (error) => error.reason._tag)

const callKey = (it: InternalTransaction) => `${it.transaction_hash}:${it.index}`
const unknownHash = `0x${"ab".repeat(32)}`

for (const family of families) {
  describe(`${family}: contract, trace and chain-wide rows`, () => {
    const run = runOn(family)

    it.effect("the chain's internal transactions: every block's, newest first, paged to the end", () =>
      run((bs) =>
        Effect.gen(function* () {
          const chainWide = yield* all(bs.streamChainInternalTransactions({ pageSize }))
          const perBlock: Array<InternalTransaction> = []
          for (let h = chain.height - 1; h >= 0; h--) {
            perBlock.push(...(yield* all(bs.streamBlockInternalTransactions(h, { pageSize: 3 }))).reverse())
          }
          assert.isAbove(chainWide.length, pageSize * 3)
          assert.deepStrictEqual(chainWide.map(callKey), perBlock.map(callKey))
          assert.strictEqual(new Set(chainWide.map(callKey)).size, chainWide.length)
          // A block range: the sequential list's items of those blocks, in the same order.
          const ranged = yield* all(
            bs.streamChainInternalTransactions({ pageSize, partition: { fromBlock: 40, toBlock: 90 } })
          )
          assert.deepStrictEqual(
            ranged.map(callKey),
            chainWide.filter((it) => it.block_number >= 40 && it.block_number <= 90).map(callKey)
          )
          // One transaction's: its own list (S16), newest first.
          const one = chainWide[5]!
          const filtered = yield* all(
            bs.streamChainInternalTransactions({ pageSize: 2, transaction_hash: one.transaction_hash })
          )
          const own = yield* all(bs.streamTransactionInternalTransactions(one.transaction_hash))
          assert.deepStrictEqual(filtered.map(callKey), own.map(callKey).reverse())
          assert.deepStrictEqual((yield* bs.listChainInternalTransactions({ transaction_hash: unknownHash })).items, [])
          assert.strictEqual(yield* reason(bs.listBlockInternalTransactions(chain.height + 5)), "NotFound")
        })
      )
    )

    it.effect("tokens: every token once, by market cap then holders; type and q filter", () =>
      run((bs) =>
        Effect.gen(function* () {
          const tokens = yield* all(bs.streamTokens({ pageSize: 2 }))
          assert.deepStrictEqual(
            tokens.map((t) => lower(t.address_hash)).sort(),
            chain.tokens.map((t) => t.address).sort()
          )
          const caps = tokens.map((t) => (t.circulating_market_cap === null ? -1 : Number(t.circulating_market_cap)))
          assert.deepStrictEqual(
            caps,
            [...caps].sort((a, b) => b - a)
          )
          const nfts = yield* all(bs.streamTokens({ pageSize: 2, type: ["ERC-721"] }))
          assert.deepStrictEqual(
            nfts.map((t) => lower(t.address_hash)).sort(),
            chain.tokens
              .filter((t) => t.type === "ERC-721")
              .map((t) => t.address)
              .sort()
          )
          const first = chain.tokens[0]!
          const found = yield* all(bs.streamTokens({ q: first.symbol.toLowerCase() }))
          assert.include(
            found.map((t) => lower(t.address_hash)),
            first.address
          )
          assert.deepStrictEqual(yield* bs.getToken(first.address), {
            ...(yield* bs.getToken(first.address)),
            ...found.find((t) => lower(t.address_hash) === first.address)
          })
        })
      )
    )

    it.effect("an NFT instance's holders: the token's holders of that id; ERC-721 none; ERC-20 NotFound", () =>
      run((bs) =>
        Effect.gen(function* () {
          const multi = chain.tokens.find((t) => t.type === "ERC-1155")!
          const holders = yield* all(bs.streamTokenHolders(multi.address, { pageSize: 50 }))
          const ids = [...new Set(holders.map((h) => h.token_id))].slice(0, 3)
          assert.isAbove(ids.length, 0)
          for (const id of ids) {
            const ofId = yield* all(bs.streamTokenInstanceHolders(multi.address, id!, { pageSize: 1 }))
            assert.deepStrictEqual(
              ofId,
              holders.filter((h) => h.token_id === id)
            )
          }
          const hybrid = chain.tokens.find((t) => t.type === "ERC-404")
          if (hybrid !== undefined) {
            const owner = (yield* bs.getTokenInstance(hybrid.address, 0n)).owner
            const held = (yield* bs.listTokenInstanceHolders(hybrid.address, 0n)).items
            assert.deepStrictEqual(
              held.map((h) => lower(h.address.hash)),
              owner === null || owner === undefined ? [] : [lower(owner.hash)]
            )
          }
          const unique = chain.tokens.find((t) => t.type === "ERC-721")!
          assert.deepStrictEqual((yield* bs.listTokenInstanceHolders(unique.address, 0n)).items, [])
          const fungible = chain.tokens.find((t) => t.type === "ERC-20")!
          assert.strictEqual(yield* reason(bs.listTokenInstanceHolders(fungible.address, 1n)), "NotFound")
        })
      )
    )

    it.effect("top accounts: by balance, each the balance and count its details and counters give", () =>
      run((bs) =>
        Effect.gen(function* () {
          const top = yield* all(bs.streamTopAddresses({ pageSize }))
          assert.isAbove(top.length, pageSize * 2)
          assert.strictEqual(new Set(top.map((a) => a.hash)).size, top.length)
          const balances = top.map((a) => a.coin_balance ?? 0n)
          assert.deepStrictEqual(
            balances,
            [...balances].sort((a, b) => (a === b ? 0 : a > b ? -1 : 1))
          )
          for (const a of [top[0]!, top[top.length - 1]!]) {
            assert.strictEqual(a.coin_balance, (yield* bs.getAddress(a.hash)).coin_balance)
            assert.strictEqual(a.transactions_count, (yield* bs.getAddressCounters(a.hash)).transactions_count)
          }
          const ascending = yield* all(bs.streamTopAddresses({ pageSize, sort: "balance", order: "asc" }))
          assert.deepStrictEqual(
            ascending.map((a) => a.coin_balance),
            [...balances].reverse()
          )
        })
      )
    )

    it.effect("tab counters: each list's length up to 51; zeros for an address the chain does not know", () =>
      run((bs) =>
        Effect.gen(function* () {
          const tabs = yield* bs.getAddressTabsCounters(addresses.user)
          const transactions = yield* all(bs.streamAddressTransactions(addresses.user, { pageSize: 50 }))
          assert.strictEqual(tabs.transactions_count, Math.min(51, transactions.length))
          const balances = yield* bs.listAddressTokenBalances(addresses.user)
          assert.strictEqual(tabs.token_balances_count, Math.min(51, balances.length))
          const miner = yield* bs.getAddressTabsCounters(addresses.miner)
          const validated = yield* all(bs.streamBlocksValidated(addresses.miner, { pageSize: 50 }))
          assert.strictEqual(miner.validations_count, Math.min(51, validated.length))
          const stranger = yield* bs.getAddressTabsCounters(addresses.stranger)
          assert.strictEqual(stranger.transactions_count, 0)
          assert.strictEqual(stranger.internal_transactions_count, 0)
        })
      )
    )

    it.effect("a contract: verified ones as the E8 list has them, a created one's bytecode, none for a user", () =>
      run((bs) =>
        Effect.gen(function* () {
          const listed = (yield* bs.listSmartContracts({ pageSize: 5 })).items
          for (const item of listed) {
            const address = item.address_hash!.hash
            const details = yield* bs.getSmartContract(address)
            assert.strictEqual(details.is_verified, true)
            assert.strictEqual(details.compiler_version, item.compiler_version)
            assert.strictEqual(details.language, item.language)
            assert.isAbove(details.abi?.length ?? 0, 0)
            assert.strictEqual(details.creation_status, "success")
            const reports = yield* bs.listSmartContractAuditReports(address)
            assert.isNull(reports.next_page_params)
          }
          const creation = (yield* everyTransaction(bs)).find((t) => t.created_contract !== null)!
          const created = creation.created_contract!.hash
          const unverified = yield* bs.getSmartContract(created)
          assert.isUndefined(unverified.abi)
          assert.strictEqual(unverified.creation_status, creation.status === "ok" ? "success" : "failed")
          assert.strictEqual(yield* reason(bs.listSmartContractAuditReports(created)), "NotFound")
          assert.strictEqual(yield* reason(bs.getSmartContract(addresses.user)), "NotFound")
          assert.strictEqual(yield* reason(bs.getSmartContract(addresses.stranger)), "NotFound")
        })
      )
    )

    it.effect("contractCreation: the creating transaction and its block; none for a user", () =>
      Effect.gen(function* () {
        const every = yield* runOn(family)((bs) => everyTransaction(bs))
        const creation = every.find((t) => t.created_contract !== null && t.status === "ok")!
        const found = yield* contractCreation(creation.created_contract!.hash)
        assert.isTrue(Option.isSome(found))
        const c = Option.getOrThrow(found)
        assert.strictEqual(c.transaction.hash, creation.hash)
        assert.strictEqual(c.block?.height, creation.block_number)
        assert.strictEqual(lower(c.creator), lower(creation.from.hash))
        assert.strictEqual(c.status, "success")
        assert.isTrue(Option.isNone(yield* contractCreation(addresses.user)))
      }).pipe(Effect.provide(layerFor(family)))
    )

    it.effect("a transaction's state changes, raw trace and summary; unknown ones NotFound", () =>
      run((bs) =>
        Effect.gen(function* () {
          const every = yield* everyTransaction(bs)
          const transfer = every.find((t) => t.block_number !== null && t.transaction_types.includes("coin_transfer"))!
          const changes = (yield* bs.listTransactionStateChanges(transfer.hash)).items
          const sender = changes.find((c) => lower(c.address.hash) === lower(transfer.from.hash))!
          const fee = transfer.fee?.value ?? 0n
          assert.strictEqual(sender.change, transfer.status === "ok" ? -(transfer.value + fee) : -fee)
          for (const c of changes.filter((c) => c.type === "coin")) {
            assert.strictEqual((c.balance_before ?? 0n) + (c.change as bigint), c.balance_after)
          }
          // Paged by an offset (`state_changes_count`), one change a page: the same changes.
          const paged = yield* all(bs.streamTransactionStateChanges(transfer.hash, { pageSize: 1 }))
          assert.isAbove(paged.length, 1)
          assert.deepStrictEqual(paged, changes)
          const trace = yield* bs.listTransactionRawTrace(transfer.hash)
          assert.strictEqual(trace[0]?.action.from, lower(transfer.from.hash))
          const calls = yield* all(bs.streamTransactionInternalTransactions(transfer.hash))
          assert.strictEqual(trace[0]?.subtraces, calls.length)
          assert.strictEqual(trace.length, calls.length + 1)
          const summary = yield* bs.getTransactionSummary(transfer.hash)
          assert.strictEqual(summary.success, true)
          assert.isAbove(summary.data.summaries?.length ?? 0, 0)
          const pending = every.find((t) => t.block_number === null)!
          assert.deepStrictEqual(yield* bs.listTransactionRawTrace(pending.hash), [])
          assert.deepStrictEqual((yield* bs.listTransactionStateChanges(pending.hash)).items, [])
          assert.strictEqual((yield* bs.getTransactionSummary(pending.hash)).success, true)
          assert.strictEqual(yield* reason(bs.listTransactionStateChanges(unknownHash)), "NotFound")
          assert.strictEqual(yield* reason(bs.listTransactionRawTrace(unknownHash)), "NotFound")
          assert.strictEqual(yield* reason(bs.getTransactionSummary(unknownHash)), "NotFound")
        })
      )
    )
  })
}

describe("the new rows' since, against a server's own version", () => {
  it.effect("a 6.3 server: the rows it lacks answer 404, which becomes Unsupported; the ones it has are called", () =>
    Effect.gen(function* () {
      // A 6.3 server has no route for the newer rows: 404, as Phoenix answers an unknown path.
      const newer = /\/(internal-transactions)$/
      const server = yield* scriptedServer((request) =>
        request.path.endsWith("/config/backend-version")
          ? { body: { backend_version: "v6.3.0-beta" } }
          : newer.test(request.path)
            ? { status: 404, body: { message: "Not found" } }
            : request.path.endsWith("/tabs-counters")
              ? { body: { transactions_count: 3 } }
              : { body: page([]) }
      )
      yield* Blockscout.use((bs) =>
        Effect.gen(function* () {
          // 6.9.0 and 6.4.0: too new for a 6.3 server.
          const chainWide = yield* Effect.flip(bs.listChainInternalTransactions())
          assert.strictEqual(chainWide.reason._tag, "Unsupported")
          assert.include(chainWide.message, "6.9.0")
          // The version is known now: the block's internal transactions are refused before sending.
          assert.strictEqual((yield* Effect.flip(bs.listBlockInternalTransactions(1))).reason._tag, "Unsupported")
          // 5.2.2 and 6.1.0: served.
          assert.strictEqual((yield* bs.getAddressTabsCounters(addresses.user)).transactions_count, 3)
          assert.deepStrictEqual((yield* bs.listSmartContractAuditReports(addresses.router)).items, [])
        })
      ).pipe(Effect.provide(instanceLayer(server.url)))
      const paths = server.requests.map((r) => r.path.replace(/^\/api\/v2/, ""))
      assert.deepStrictEqual(paths, [
        "/internal-transactions",
        "/config/backend-version",
        `/addresses/${addresses.user}/tabs-counters`,
        `/smart-contracts/${addresses.router}/audit-reports`
      ])
    }).pipe(Effect.scoped)
  )
})
