import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Exit, Schema } from "effect"
import * as S from "../src/index.ts"
import { loadFixtures, sameValue } from "./support.ts"

const transfer = loadFixtures("TokenTransfer")["pro-docs/full"] as Record<string, unknown>
const transaction = loadFixtures("Transaction")["instance-v11/full"] as Record<string, unknown>
const page = (items: ReadonlyArray<unknown>) => ({ items, next_page_params: { block_number: 1, index: 2 } })

/** The DecodeError of a failed decode (asserting it failed with one). */
const failure = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown) => {
  const exit = S.decodeResponseExit(schema)(input)
  assert.isTrue(Exit.isFailure(exit), "expected a decode failure")
  if (Exit.isSuccess(exit)) throw new Error("unreachable")
  const error = Cause.squash(exit.cause)
  assert.instanceOf(error, S.DecodeError)
  assert.instanceOf(error, Schema.SchemaError)
  return error as S.DecodeError
}

describe("bad input gives a decode error naming the resource and the field", () => {
  it("a wrong type in a nested resource names that resource and the full path", () => {
    const bad = { ...transfer, token: { ...(transfer.token as object), total_supply: 12.5 } }
    const error = failure(S.TokenTransfersResponse, page([transfer, bad]))
    assert.strictEqual(error.resource, "Token")
    assert.deepStrictEqual(error.path, ["items", 1, "token", "total_supply"])
    assert.include(error.message, "Token")
    assert.include(error.message, '["items"][1]["token"]["total_supply"]')
  })

  it("a bad hash is rejected with what was expected", () => {
    const error = failure(S.TokenTransfer, { ...transfer, transaction_hash: "0x1234" })
    assert.strictEqual(error.resource, "TokenTransfer")
    assert.deepStrictEqual(error.path, ["transaction_hash"])
    assert.include(error.message, "64 hex digits")
  })

  it("a bad address inside an address object names Address", () => {
    const error = failure(S.Transaction, { ...transaction, from: { ...(transaction.from as object), hash: "0xZZ" } })
    assert.strictEqual(error.resource, "Address")
    assert.deepStrictEqual(error.path, ["from", "hash"])
  })

  for (const value of ["12.5", "1e18", "abc", "", " 12", "0x10", 1.5, true, null, 2 ** 60]) {
    it(`an integer quantity ${JSON.stringify(value)} is rejected, not rounded or coerced`, () => {
      const error = failure(S.Transaction, { ...transaction, value })
      assert.deepStrictEqual(error.path, ["value"])
    })
  }

  for (const value of ["1,5", "abc", "", "NaN", "Infinity", "0x1"]) {
    it(`a decimal ${JSON.stringify(value)} is rejected`, () => {
      failure(S.Transaction, { ...transaction, exchange_rate: value })
    })
  }

  for (const value of ["2023-02-30T00:00:00Z", "2023-13-01T00:00:00Z", "2023-07-03", "yesterday", 1688414999]) {
    it(`a timestamp ${JSON.stringify(value)} is rejected rather than rolled over`, () => {
      const error = failure(S.TokenTransfer, { ...transfer, timestamp: value })
      assert.deepStrictEqual(error.path, ["timestamp"])
    })
  }

  it("a missing required field is reported as missing", () => {
    const { hash: _, ...withoutHash } = transaction
    const error = failure(S.MainPageTransactionsResponse, [withoutHash])
    assert.strictEqual(error.resource, "Transaction")
    assert.deepStrictEqual(error.path, [0, "hash"])
    assert.include(error.message, "Missing key")
  })

  it("a non-object where a resource belongs names the resource", () => {
    const error = failure(S.TransactionsResponse, page(["0xabc"]))
    assert.strictEqual(error.resource, "Transaction")
  })

  it("a cursor value that is not JSON is rejected", () => {
    failure(S.TransactionsResponse, { items: [], next_page_params: { block_number: Symbol.for("x") } })
  })

  it("a body that is not a page at all fails as the response", () => {
    const error = failure(S.WithdrawalsResponse, { message: "Not found" })
    assert.strictEqual(error.resource, "WithdrawalsResponse")
  })

  it.effect("decodeResponse fails in the error channel with the same DecodeError", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(S.decodeResponse(S.Withdrawal)({ index: "x" }))
      assert.instanceOf(error, S.DecodeError)
      assert.strictEqual(error._tag, "SchemaError")
    })
  )
})

describe("values that must not be silently wrong", () => {
  it("an ERC-1155 total keeps its token id and amount (not read as a fungible total)", () => {
    const exit = S.decodeResponseExit(S.TokenTransferTotal)({ token_id: "5", value: "3", decimals: null })
    assert.isTrue(Exit.isSuccess(exit) && "token_id" in exit.value && exit.value.token_id === 5n)
  })

  it("a JSON number above 2^53 is rejected as an amount (it lost precision in JSON.parse)", () => {
    failure(S.IntegerQuantity, 2 ** 53 + 2)
  })

  it("the new name wins over an old one when a server sends both", () => {
    const exit = S.decodeResponseExit(S.Token)({ ...(transfer.token as object), holders: "1", holders_count: "2" })
    assert.isTrue(Exit.isSuccess(exit) && exit.value.holders_count === 2n)
  })

  it("old names decode to the new ones", () => {
    const { transaction_types, transaction_tag, has_error_in_internal_transactions, ...rest } = transaction
    const old = { ...rest, tx_types: transaction_types, tx_tag: "tag", has_error_in_internal_txs: true }
    const exit = S.decodeResponseExit(S.Transaction)(old)
    assert.isTrue(Exit.isSuccess(exit))
    if (Exit.isSuccess(exit)) {
      assert.deepStrictEqual(exit.value.transaction_types, transaction_types)
      assert.strictEqual(exit.value.transaction_tag, "tag")
      assert.strictEqual(exit.value.has_error_in_internal_transactions, true)
    }
  })

  it("unknown keys are dropped, not failed on", () => {
    const exit = S.decodeResponseExit(S.Withdrawal)({ index: 1, validator_index: 2, amount: "3", new_field: {} })
    assert.isTrue(Exit.isSuccess(exit) && !("new_field" in exit.value))
  })
})

describe("property: arbitrary input never throws, and both decoders agree", () => {
  const schemas = {
    Transaction: S.Transaction,
    TokenTransfer: S.TokenTransfer,
    Block: S.Block,
    TransactionsResponse: S.TransactionsResponse
  } as Record<string, Schema.Codec<unknown, unknown>>

  for (const [name, schema] of Object.entries(schemas)) {
    const slow = Schema.decodeUnknownExit(schema)
    const fast = S.decodeResponseExit(schema)
    const agree = (input: unknown) => {
      const a = slow(input)
      const b = fast(input)
      assert.strictEqual(Exit.isSuccess(b), Exit.isSuccess(a))
      if (Exit.isSuccess(a) && Exit.isSuccess(b)) assert.isTrue(sameValue(a.value, b.value))
    }

    it.prop(`${name}: random JSON values`, { input: Schema.Json }, ({ input }) => agree(input), {
      arbitrary: { runs: 100 }
    })

    // One leaf of a valid fixture changed: near-misses (a hash one digit short, a fraction where an integer
    // belongs, a rolled-over date) are where a lenient fast path would differ from the schema.
    const fixtures = Object.values(loadFixtures(name.replace("sResponse", "").replace("Transactions", "Transaction")))
    it.prop(
      `${name}: fixtures with one value changed`,
      { seed: Schema.Int, pick: Schema.Int, input: Schema.Union([NearMiss, Schema.Json]) },
      ({ seed, pick, input }) => {
        const base = fixtures[Math.abs(pick) % fixtures.length]
        const target = name.endsWith("Response") ? page([base]) : base
        agree(changeLeaf(target, Math.abs(seed), input))
      },
      { arbitrary: { runs: 400 } }
    )
  }
})

/** Values just outside what the schemas accept, and edge values just inside. */
const NearMiss = Schema.Literals([
  "0x",
  "0x1234",
  `0x${"a".repeat(39)}`,
  `0x${"a".repeat(41)}`,
  `0x${"g".repeat(64)}`,
  `0x${"A".repeat(64)}`,
  "12.5",
  "-1",
  "01",
  "",
  " 1",
  "1e3",
  "NaN",
  "2023-02-30T00:00:00Z",
  "2023-01-01T00:00:00.123456Z",
  "2023-01-01T00:00:00+02:00",
  "ok",
  "error",
  9007199254740992,
  -0,
  0.5,
  1e21
])

/**
 * A deep copy of `value` with one leaf (chosen by `n`, modulo the leaf count) changed: replaced by
 * `replacement`, or (every third choice) a string leaf shortened by one character / a number leaf turned into
 * its string.
 */
const changeLeaf = (value: unknown, n: number, replacement: unknown): unknown => {
  const leaves: Array<[Record<string | number, unknown>, string | number]> = []
  const copy = structuredClone(value)
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((v, i) => {
        if (typeof v === "object" && v !== null) walk(v)
        leaves.push([node as unknown as Record<number, unknown>, i])
      })
    } else if (typeof node === "object" && node !== null) {
      for (const [k, v] of Object.entries(node)) {
        if (typeof v === "object" && v !== null) walk(v)
        leaves.push([node as Record<string, unknown>, k])
      }
    }
  }
  walk(copy)
  if (leaves.length === 0) return replacement
  const [parent, key] = leaves[n % leaves.length] as [Record<string | number, unknown>, string | number]
  const old = parent[key]
  parent[key] =
    n % 3 !== 0
      ? replacement
      : typeof old === "string"
        ? old.slice(0, -1)
        : typeof old === "number"
          ? String(old)
          : null
  return copy
}
