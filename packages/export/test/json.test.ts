import { assert, describe, it } from "@effect/vitest"
import { DateTime } from "effect"
import { stringify } from "../src/Json.ts"

describe("Json", () => {
  it("writes bigint as a decimal string and DateTime as ISO, and drops undefined fields", () => {
    const line = stringify({
      value: 10n ** 30n,
      at: DateTime.makeUnsafe("2024-01-02T03:04:05.123Z"),
      nested: { gas: 21000n, list: [1n, null] },
      gone: undefined
    })
    assert.strictEqual(
      line,
      '{"value":"1000000000000000000000000000000","at":"2024-01-02T03:04:05.123Z","nested":{"gas":"21000","list":["1",null]}}'
    )
  })
})
