/**
 * Generators for users' own property tests: Effect's Schema-derived arbitraries of every decoded resource,
 * plus generators of simulator options (seeds, sizes) for properties over whole chains.
 *
 * @since 0.1.0
 */
import { Arbitrary, Schema } from "effect"
import * as S from "@blockscout-effect/schema"
import type { SimulatorOptions } from "./SimulatedBlockscout.ts"

/**
 * Arbitraries of each resource's decoded value, derived from `@blockscout-effect/schema`.
 *
 * Use with `Arbitrary.sampleEffect` / `Arbitrary.checkEffect` from `effect` to test code that consumes
 * decoded Blockscout values, without any server.
 *
 * Gotcha: built lazily on first access (deriving an arbitrary compiles the schema).
 *
 * @since 0.1.0
 * @category generators
 */
export const arbitraries = {
  get Address() {
    return Arbitrary.schema(S.Address)
  },
  get Token() {
    return Arbitrary.schema(S.Token)
  },
  get TokenTransfer() {
    return Arbitrary.schema(S.TokenTransfer)
  },
  get TokenInstance() {
    return Arbitrary.schema(S.TokenInstance)
  },
  get Transaction() {
    return Arbitrary.schema(S.Transaction)
  },
  get Log() {
    return Arbitrary.schema(S.Log)
  },
  get Block() {
    return Arbitrary.schema(S.Block)
  },
  get SmartContract() {
    return Arbitrary.schema(S.SmartContract)
  },
  get Withdrawal() {
    return Arbitrary.schema(S.Withdrawal)
  },
  get InternalTransaction() {
    return Arbitrary.schema(S.InternalTransaction)
  },
  get NftCollection() {
    return Arbitrary.schema(S.NftCollection)
  }
}

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
