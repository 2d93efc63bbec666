/**
 * Generators for users' own property tests: Effect's Schema-derived arbitraries of every decoded resource,
 * plus generators of simulator options (seeds, sizes) for properties over whole chains.
 *
 * @since 0.1.0
 */
import { Arbitrary, Schema } from "effect"
import * as S from "@blockscout-effect/schema"
import type { SimulatorOptions } from "./SimulatedBlockscout.ts"

/** The resources `arbitraries` covers: each decoded resource of the schema package, by name. */
const resources = S.resources

/**
 * Arbitraries of each resource's decoded value, derived from `@blockscout-effect/schema`.
 *
 * Use with `Arbitrary.sampleEffect` / `Arbitrary.checkEffect` from `effect` to test code that consumes
 * decoded Blockscout values, without any server.
 *
 * Gotcha: each is built on access (deriving an arbitrary compiles the schema): keep the one you use.
 *
 * @since 0.1.0
 * @category generators
 */
export const arbitraries: {
  readonly [K in keyof typeof resources]: Arbitrary.Arbitrary<(typeof resources)[K]["Type"]>
} = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.entries(resources).map(([name, schema]) => [
      name,
      { enumerable: true, get: () => Arbitrary.schema(schema as Schema.Top) }
    ])
  )
) as never

/**
 * Simulator options with a random seed and a small chain (50 to 400 blocks), for properties that must hold
 * on every chain ("streaming yields each transfer once", "resume from any cursor").
 *
 * @since 0.1.0
 * @category generators
 */
export const simulatorOptions: Arbitrary.Arbitrary<SimulatorOptions> = Arbitrary.schema(
  Schema.Struct({
    seed: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2_147_483_647 })),
    blocks: Schema.Int.check(Schema.isBetween({ minimum: 50, maximum: 400 }))
  })
)
