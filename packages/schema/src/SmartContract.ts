/**
 * The Smart contract entry of the verified-contracts list (SPEC.md 2.8).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent, nullable, optional, withRenames } from "./internal/fields.ts"
import { Count, DecimalNumber, IntegerQuantity, Timestamp } from "./Primitives.ts"

/**
 * The source languages of SPEC.md 2.8 (servers also report `geas`, `stylus_rust`).
 */
export const SmartContractLanguageValues = ["solidity", "vyper", "yul"] as const

/**
 * A verified smart contract.
 *
 * `address_hash` is the contract as an Address object (SPEC.md's name; servers send `address`, accepted).
 * `market_cap` is a decimal string (SPEC.md gives a number, newer servers a string; both decode).
 */
export const SmartContract = withRenames(
  Schema.Struct({
    address_hash: Address,
    coin_balance: optional(IntegerQuantity),
    compiler_version: nullable(Schema.String),
    language: nullable(Schema.String),
    has_constructor_args: nullable(Schema.Boolean),
    optimization_enabled: nullable(Schema.Boolean),
    verified_at: nullable(Timestamp),
    transactions_count: optional(Count),
    market_cap: optional(DecimalNumber),
    certified: absent(Schema.Boolean),
    license_type: optional(Schema.String),
    reputation: optional(Schema.String)
  }),
  { address: "address_hash" },
  "SmartContract"
)
/** A decoded Smart contract entry. */
export type SmartContract = typeof SmartContract.Type
