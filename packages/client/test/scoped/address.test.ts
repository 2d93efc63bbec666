/**
 * The address-scoped lists and lookups (S1-S9), both families, against the simulated Blockscout: each list paged
 * to its end in small pages and compared with the chain-wide lists filtered by hand (see `support.ts`), each
 * filter too; counters and details agree with the lists; an unknown address is answered, not a NotFound.
 */
import type { Transaction } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { BlockscoutShape } from "../../src/index.ts"
import {
  addresses,
  all,
  chain,
  everyTransaction,
  everyTransfer,
  families,
  lower,
  pageSize,
  runOn,
  transferKey
} from "./support.ts"

const involves = (t: Transaction, a: string, direction?: "to" | "from") =>
  (direction !== "to" && lower(t.from.hash) === a) ||
  (direction !== "from" && (lower(t.to?.hash) === a || lower(t.created_contract?.hash) === a))

/** An address's coin balance changes computed from the chain-wide lists: per block, the net change. */
const coinChanges = (bs: BlockscoutShape, a: string) =>
  Effect.gen(function* () {
    const changes = new Map<number, bigint>()
    const add = (block: number, delta: bigint) => changes.set(block, (changes.get(block) ?? 0n) + delta)
    for (const t of yield* everyTransaction(bs)) {
      if (t.block_number === null) continue
      const value = t.status === "ok" ? t.value : 0n
      if (lower(t.from.hash) === a) add(t.block_number, -value - (t.fee.value ?? 0n))
      if (lower(t.to?.hash) === a) add(t.block_number, value)
    }
    for (const it of yield* all(bs.streamInternalTransactions(a, { pageSize: 50 }))) {
      const value = it.success ? it.value : 0n
      add(it.block_number, lower(it.from.hash) === a ? -value : value)
    }
    for (const w of yield* all(bs.streamAddressWithdrawals(a, { pageSize: 50 }))) add(w.block_number!, w.amount)
    for (const b of yield* all(bs.streamBlocksValidated(a, { pageSize: 50 }))) {
      for (const r of b.rewards ?? []) if (r.type === "validator") add(b.height, r.reward)
    }
    return new Map([...changes].filter(([, d]) => d !== 0n))
  })

for (const family of families) {
  describe(`${family}: address-scoped lists`, () => {
    const run = runOn(family)

    it.effect("transactions: exactly the chain's transactions from, to or creating the address, in order", () =>
      run((bs) =>
        Effect.gen(function* () {
          const every = yield* everyTransaction(bs)
          const created = every.find((t) => t.created_contract !== null)!.created_contract!.hash.toLowerCase()
          for (const a of [addresses.user, addresses.router, addresses.token, created]) {
            for (const direction of [undefined, "to", "from"] as const) {
              const got = yield* all(bs.streamAddressTransactions(a, { pageSize, filter: direction }))
              const want = every.filter((t) => involves(t, a, direction))
              assert.deepStrictEqual(
                got.map((t) => t.hash),
                want.map((t) => t.hash),
                `${a} ${direction}`
              )
            }
          }
          assert.deepStrictEqual(yield* all(bs.streamAddressTransactions(addresses.stranger, { pageSize })), [])
        })
      )
    )

    it.effect("transactions sorted by value or fee: the same set, in that order", () =>
      run((bs) =>
        Effect.gen(function* () {
          const a = addresses.user
          const chainOrder = yield* all(bs.streamAddressTransactions(a, { pageSize }))
          for (const sort of ["value", "fee"] as const) {
            for (const order of ["asc", "desc"] as const) {
              const got = yield* all(bs.streamAddressTransactions(a, { pageSize, sort, order }))
              assert.sameMembers(
                got.map((t) => t.hash),
                chainOrder.map((t) => t.hash)
              )
              const keys = got.map((t) => (sort === "value" ? t.value : t.fee.value))
              for (let i = 1; i < keys.length; i++) {
                assert.isTrue(order === "asc" ? keys[i - 1]! <= keys[i]! : keys[i - 1]! >= keys[i]!, `${sort} ${order}`)
              }
            }
          }
        })
      )
    )

    it.effect("token transfers: the chain's transfers from or to the address, with every filter", () =>
      run((bs) =>
        Effect.gen(function* () {
          const every = yield* everyTransfer(bs)
          const zero = "0x0000000000000000000000000000000000000000"
          const nft = chain.tokens.find((t) => t.type === "ERC-721")!.address
          const cases = [
            { a: addresses.user, options: {} },
            { a: addresses.user, options: { filter: "from" as const } },
            { a: addresses.otherUser, options: { filter: "to" as const, type: ["ERC-1155" as const] } },
            { a: addresses.otherUser, options: { token: nft } },
            // Mints come from the zero address: its list is every mint.
            { a: zero, options: {} }
          ]
          for (const { a, options } of cases) {
            const got = yield* all(bs.streamAddressTokenTransfers(a, { ...options, pageSize }))
            const want = every.filter(
              (t) =>
                (("filter" in options ? options.filter : undefined) !== "to" && lower(t.from.hash) === a) ||
                (("filter" in options ? options.filter : undefined) !== "from" && lower(t.to.hash) === a)
            )
            const kept = want.filter(
              (t) =>
                (!("type" in options) || options.type.includes(t.token!.type as "ERC-1155")) &&
                (!("token" in options) || lower(t.token!.address_hash) === options.token)
            )
            assert.isAbove(kept.length, 0, `${a} ${JSON.stringify(options)}`)
            assert.deepStrictEqual(got.map(transferKey), kept.map(transferKey), `${a} ${JSON.stringify(options)}`)
          }
          // A token filter naming no token: nothing, as servers answer.
          const none = yield* bs.listAddressTokenTransfers(addresses.user, { token: addresses.router })
          assert.deepStrictEqual(none.items, [])
        })
      )
    )

    it.effect("logs: a token's are its transfers' events, a router's its calls' events; topic filters", () =>
      run((bs) =>
        Effect.gen(function* () {
          const transfers = (yield* everyTransfer(bs)).filter((t) => lower(t.token!.address_hash) === addresses.token)
          const logs = yield* all(bs.streamAddressLogs(addresses.token, { pageSize }))
          assert.deepStrictEqual(
            logs.map((l) => `${l.transaction_hash}:${l.index}`),
            [...new Set(transfers.map((t) => `${t.transaction_hash}:${t.log_index}`))]
          )
          // A router's events: every log of its calls' transactions (E6) that it emitted.
          const calls = (yield* everyTransaction(bs)).filter(
            (t) => lower(t.to?.hash) === addresses.router && t.block_number !== null
          )
          const want: Array<string> = []
          for (const t of calls) {
            for (const l of yield* all(bs.streamTransactionLogs(t.hash))) {
              if (lower(l.address_hash.hash) === addresses.router) want.push(`${t.hash}:${l.index}`)
            }
          }
          const got = yield* all(bs.streamAddressLogs(addresses.router, { pageSize }))
          assert.isAbove(want.length, 0)
          assert.sameMembers(
            got.map((l) => `${l.transaction_hash}:${l.index}`),
            want
          )
          // Newest first: block descending, then log index descending.
          for (let i = 1; i < got.length; i++) {
            const [p, q] = [got[i - 1]!, got[i]!]
            assert.isTrue(p.block_number! > q.block_number! || (p.block_number === q.block_number && p.index > q.index))
          }
          const topic = logs[0]!.topics[0]!
          const withTopic = yield* all(bs.streamAddressLogs(addresses.token, { pageSize, topic }))
          assert.deepStrictEqual(
            withTopic.map((l) => l.index),
            logs.filter((l) => l.topics.includes(topic)).map((l) => l.index)
          )
          assert.deepStrictEqual(yield* all(bs.streamAddressLogs(addresses.user, { pageSize })), [])
        })
      )
    )

    it.effect("coin balance history: every change the chain's lists imply, each value the last plus its delta", () =>
      run((bs) =>
        Effect.gen(function* () {
          for (const a of [addresses.user, addresses.router, addresses.miner]) {
            const points = yield* all(bs.streamAddressCoinBalanceHistory(a, { pageSize }))
            const changes = yield* coinChanges(bs, a)
            const oldestFirst = [...points].reverse()
            // Block 0 carries the genesis allocation on top of whatever happened there.
            assert.strictEqual(oldestFirst[0]!.block_number, 0)
            assert.sameMembers(
              oldestFirst.slice(1).map((p) => p.block_number),
              [...changes.keys()].filter((b) => b !== 0)
            )
            for (let i = 1; i < oldestFirst.length; i++) {
              const p = oldestFirst[i]!
              assert.strictEqual(p.delta, changes.get(p.block_number), `${a} block ${p.block_number}`)
              assert.strictEqual(p.value, oldestFirst[i - 1]!.value + p.delta)
              assert.isTrue(p.value >= 0n)
            }
            const byDay = yield* bs.getAddressCoinBalanceHistoryByDay(a)
            assert.strictEqual(byDay.items[byDay.items.length - 1]!.value, points[0]!.value)
            const details = yield* bs.getAddress(a)
            assert.strictEqual(details.coin_balance, points[0]!.value)
            assert.strictEqual(details.block_number_balance_updated_at, points[0]!.block_number)
          }
        })
      )
    )

    it.effect("token balances and tokens: the same balances, one in a call, the other paged by value", () =>
      run((bs) =>
        Effect.gen(function* () {
          const holder = chain.users.find((u) => chain.holdings(u).length > 2)!
          const balances = yield* bs.listAddressTokenBalances(holder)
          const paged = yield* all(bs.streamAddressTokens(holder, { pageSize: 2 }))
          const key = (b: (typeof balances)[number]) => `${b.token?.address_hash}:${b.token_id}:${b.value}`
          assert.isAbove(balances.length, 2)
          assert.sameMembers(paged.map(key), balances.map(key))
          // Each balance is the holder's entry in that token's holder list.
          for (const b of balances) {
            const holders = yield* all(bs.streamTokenHolders(b.token!.address_hash, { pageSize: 50 }))
            const entry = holders.find((h) => lower(h.address.hash) === holder && h.token_id === b.token_id)
            assert.strictEqual(entry?.value, b.value)
          }
          const erc721 = yield* all(bs.streamAddressTokens(holder, { type: ["ERC-721"], pageSize: 2 }))
          assert.isTrue(erc721.every((b) => b.token?.type === "ERC-721"))
        })
      )
    )

    it.effect("counters and details agree with the lists; an unknown address is answered, with zeros", () =>
      run((bs) =>
        Effect.gen(function* () {
          for (const a of [addresses.user, addresses.router, addresses.miner]) {
            const counters = yield* bs.getAddressCounters(a)
            const transactions = yield* all(bs.streamAddressTransactions(a, { pageSize: 50 }))
            const transfers = yield* all(bs.streamAddressTokenTransfers(a, { pageSize: 50 }))
            const validated = yield* all(bs.streamBlocksValidated(a, { pageSize: 50 }))
            // As Blockscout counts: a contract's transactions sent to it (not the one creating it), any other
            // address's from or to it; token transfers once per transfer log (an ERC-1155 batch's items once).
            const counted = a === addresses.router ? transactions.filter((t) => lower(t.to?.hash) === a) : transactions
            assert.strictEqual(counters.transactions_count, BigInt(counted.length))
            const logs = new Set(transfers.map((t) => `${t.transaction_hash}:${t.log_index}`))
            assert.strictEqual(counters.token_transfers_count, BigInt(logs.size))
            assert.strictEqual(counters.validations_count, BigInt(validated.length))
            const details = yield* bs.getAddress(a)
            assert.strictEqual(details.has_token_transfers, transfers.length > 0)
            assert.strictEqual(details.has_validated_blocks, validated.length > 0)
            assert.strictEqual(details.has_tokens, (yield* bs.listAddressTokenBalances(a)).length > 0)
            assert.strictEqual(details.has_logs, (yield* bs.listAddressLogs(a)).items.length > 0)
          }
          const user = yield* bs.getAddressCounters(addresses.user)
          const sent = (yield* all(
            bs.streamAddressTransactions(addresses.user, { filter: "from", pageSize: 50 })
          )).filter((t) => t.gas_used !== null)
          assert.strictEqual(
            user.gas_usage_count,
            sent.reduce((s, t) => s + t.gas_used!, 0n)
          )
          const stranger = yield* bs.getAddress(addresses.stranger)
          assert.strictEqual(lower(stranger.hash), addresses.stranger)
          assert.strictEqual(stranger.coin_balance, null)
          assert.deepStrictEqual(yield* bs.getAddressCounters(addresses.stranger), {
            transactions_count: 0n,
            token_transfers_count: 0n,
            gas_usage_count: 0n,
            validations_count: 0n
          })
        })
      )
    )
  })
}
