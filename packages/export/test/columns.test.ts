import { endpoints } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Schema } from "effect"
import * as Columns from "../src/Columns.ts"
import { makeEncoder } from "../src/Format.ts"
import { toJsonValue } from "../src/Json.ts"
import { decodedFixtures, parseCsv, pruned, resources, unflatten } from "./support.ts"

const names = (columns: ReadonlyArray<Columns.Column>) => columns.map((c) => `${c.name}:${c.kind}`)

describe("Columns.fromSchema", () => {
  it("flattens structs, merges union members' fields, and keeps arrays and free JSON as one json column", () => {
    const Inner = Schema.Struct({ hash: Schema.String, n: Schema.Number.check(Schema.isInt()) })
    const schema = Schema.Struct({
      id: Schema.BigInt,
      at: Schema.NullOr(Schema.DateTimeUtc),
      from: Inner,
      to: Schema.optionalKey(Schema.NullOr(Inner)),
      total: Schema.Union([
        Schema.Struct({ value: Schema.BigInt, decimals: Schema.NullOr(Schema.String) }),
        Schema.Struct({ token_id: Schema.BigInt, value: Schema.BigInt })
      ]),
      mixed: Schema.Union([Schema.String, Inner]),
      tags: Schema.Array(Schema.String),
      meta: Schema.Record(Schema.String, Schema.Unknown),
      deep: Schema.Struct({ a: Schema.Struct({ b: Schema.Struct({ c: Schema.Boolean }) }) }),
      kind: Schema.Literals(["a", "b"]),
      rate: Schema.Number
    })
    assert.deepStrictEqual(names(Columns.fromSchema(schema)), [
      "id:bigint",
      "at:timestamp",
      "from.hash:string",
      "from.n:integer",
      "to.hash:string",
      "to.n:integer",
      "total.value:bigint",
      "total.decimals:string",
      "total.token_id:bigint",
      "mixed:json",
      "tags:json",
      "meta:json",
      "deep.a.b:json",
      "kind:string",
      "rate:number"
    ])
  })

  it("gives every endpoint row distinct columns that include its nested optional fields", () => {
    // Rows whose answers are small by nature: a version string, a chart (one array), a method's selector and name;
    // and search results, a union with an open member (a kind this package does not know), hence one JSON column.
    const small: Readonly<Record<string, number>> = {
      backendVersion: 1,
      transactionsChart: 1,
      marketChart: 2,
      advancedFilterMethods: 2,
      search: 1,
      quickSearch: 1,
      // An audit report: company, URL, date.
      smartContractAuditReports: 3,
      // One NFT instance's transfers count, the beacon deposits' count; a Neon transaction's Solana signatures
      // (bare strings).
      tokenInstanceTransfersCount: 1,
      beaconDepositsCount: 1,
      // An OP stack chain's deposits and withdrawals counts: bare integers.
      optimismDepositsCount: 1,
      optimismWithdrawalsCount: 1,
      transactionExternalTransactions: 1
    }
    for (const row of Object.values(endpoints)) {
      const columns = Columns.ofEndpoint(row)
      assert.strictEqual(new Set(columns.map((c) => c.name)).size, columns.length, row.name)
      // A lookup may be small (a token's two counters); a list's items never are.
      const least = small[row.name]
      if (least !== undefined) assert.strictEqual(columns.length, least, row.name)
      else assert.isAbove(columns.length, row.shape === "item" ? 1 : 3, row.name)
    }
    const tx = Columns.ofEndpoint(endpoints.transactions).map((c) => c.name)
    for (const name of ["decoded_input.method_call", "revert_reason", "fee.value", "to.hash", "timestamp"]) {
      assert.include(tx, name)
    }
  })

  it("select keeps the asked order and reports unknown names", () => {
    const all = Columns.ofEndpoint(endpoints.withdrawals)
    assert.deepStrictEqual(
      Columns.select(all, ["amount", "index"]).columns.map((c) => c.name),
      ["amount", "index"]
    )
    assert.deepStrictEqual(Columns.select(all, ["index", "no_such_column"]).unknown, ["no_such_column"])
  })
})

describe("CSV from the schema's columns", () => {
  it("keeps a nested field that is null on the first page and set on a later one", () => {
    const columns = Columns.ofEndpoint(endpoints.transactions)
    const [withInput] = decodedFixtures("Transaction").filter(
      (t) => (t as { decoded_input?: unknown }).decoded_input != null
    )
    assert.isDefined(withInput)
    const encoder = makeEncoder("csv", { columns })
    const first = encoder.encodePage([{ ...(withInput as object), decoded_input: null }])
    const later = encoder.encodePage([withInput])
    const rows = parseCsv(first + later)
    const at = rows[0]!.indexOf("decoded_input.method_call")
    assert.isAtLeast(at, 0)
    assert.isNull(rows[1]![at])
    assert.strictEqual(
      rows[2]![at],
      (withInput as { decoded_input: { method_call: string } }).decoded_input.method_call
    )
  })

  for (const name of Object.keys(resources) as Array<keyof typeof resources>) {
    it(`round-trips every field of every ${name} fixture`, () => {
      const items = decodedFixtures(name)
      assert.isAbove(items.length, 1)
      const columns = Columns.fromSchema(resources[name])
      const rows = parseCsv(makeEncoder("csv", { columns }).encodePage(items))
      assert.deepStrictEqual(
        rows[0],
        columns.map((c) => c.name)
      )
      items.forEach((item, i) => {
        assert.deepStrictEqual(unflatten(columns, rows[i + 1]!), pruned(toJsonValue(item)), `${name} #${i}`)
      })
    })
  }

  it("writes an empty string apart from a missing value, and bigint and timestamps exactly", () => {
    const schema = Schema.Struct({
      a: Schema.NullOr(Schema.String),
      b: Schema.NullOr(Schema.String),
      big: Schema.BigInt,
      at: Schema.DateTimeUtc
    })
    const text = makeEncoder("csv", { columns: Columns.fromSchema(schema) }).encodePage([
      { a: "", b: null, big: 2n ** 255n, at: DateTime.makeUnsafe("2024-01-02T03:04:05.123Z") }
    ])
    assert.strictEqual(text, `a,b,big,at\n"",,${2n ** 255n},2024-01-02T03:04:05.123Z\n`)
  })
})
