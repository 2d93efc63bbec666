import { resources } from "@blockscout-effect/schema"
import { arbitraries, SimulatedBlockscout, simulatorOptions } from "@blockscout-effect/simulator"
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Schema } from "effect"

describe("generators for users' property tests", () => {
  for (const name of Object.keys(arbitraries) as Array<keyof typeof arbitraries>) {
    it.effect(`samples decoded ${name} values that encode back through the schema`, () =>
      Effect.gen(function* () {
        const values = yield* Arbitrary.sampleEffect(arbitraries[name] as Arbitrary.Arbitrary<unknown>, { count: 5 })
        expect(values.length).toBe(5)
        const schema = resources[name] as unknown as Schema.Codec<unknown, unknown>
        for (const v of values) expect(() => Schema.encodeUnknownSync(schema)(v)).not.toThrow()
      })
    )
  }

  it.effect("simulator options give small chains that page to their full withdrawal count", () =>
    Effect.gen(function* () {
      const result = yield* Arbitrary.checkEffect(
        simulatorOptions,
        (options) => {
          const sim = SimulatedBlockscout.make(options)
          const page = JSON.parse(
            sim.handle({ method: "GET", url: "/api/v2/withdrawals?items_count=100", headers: {} }, 0).body
          )
          return page.items[0].index === sim.chain.withdrawalCount - 1
        },
        { runs: 20 }
      )
      expect(Arbitrary.formatCheckFailure(result)).toBeUndefined()
    })
  )
})
