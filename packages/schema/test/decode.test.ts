import { assert, describe, it } from "@effect/vitest"
import { Exit, Schema } from "effect"
import * as S from "../src/index.ts"

const exportedSchemas: ReadonlyArray<readonly [string, Schema.Top]> = Object.entries(
  S as Record<string, unknown>
).flatMap(([name, value]) => (Schema.isSchema(value) ? [[name, value] as const] : []))

describe("decodeResponse", () => {
  it("has a compiled fast path for every schema the package exports", () => {
    assert.isAbove(exportedSchemas.length, 30)
    const slow = exportedSchemas.filter(([, schema]) => !S.hasFastPath(schema)).map(([name]) => name)
    assert.deepStrictEqual(slow, [])
  })

  it("has a fast path for a page of any item schema built by Page", () => {
    assert.isTrue(S.hasFastPath(S.Page(S.Log)))
  })

  it("falls back to Effect's decoder for schemas it cannot compile, with the same result", () => {
    const custom = Schema.Struct({ at: Schema.DateTimeUtcFromString, n: Schema.NumberFromString })
    assert.isFalse(S.hasFastPath(custom))
    const exit = S.decodeResponseExit(custom)({ at: "2024-01-01T00:00:00Z", n: "2" })
    assert.isTrue(Exit.isSuccess(exit) && exit.value.n === 2)
    assert.isTrue(Exit.isFailure(S.decodeResponseExit(custom)({ at: "x", n: "2" })))
  })

  it("treats a present undefined like Effect does (the full decoder decides)", () => {
    const input = { index: 1, validator_index: 2, amount: "3", receiver: undefined }
    const fast = S.decodeResponseExit(S.Withdrawal)(input)
    const slow = Schema.decodeUnknownExit(S.Withdrawal)(input)
    assert.strictEqual(fast._tag, slow._tag)
  })
})
