/**
 * The Smart contract entry of the verified-contracts list (docs/blockscout-api.md §2.8).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent, optional, withRenames } from "./internal/fields.ts"
import { Count, NumericText, NumericTextNumber, Timestamp } from "./Primitives.ts"

/**
 * The source languages of docs/blockscout-api.md §2.8 (servers also report `geas`, `stylus_rust`).
 */
export const SmartContractLanguageValues = ["solidity", "vyper", "yul"] as const

/**
 * A verified smart contract.
 *
 * `address_hash` is the contract as an Address object (the API doc's name; servers send `address`, accepted).
 * `coin_balance` and `market_cap` are the server's text (the generated specs declare plain strings, with no
 * pattern; the API doc gives `market_cap` as a number, which decodes to its decimal string).
 *
 * Every key may be absent: the Pro API's hand-written spec (`pro-api-docs-with-examples.yaml`) lists this
 * endpoint's items as its `SmartContract` object, which requires no key at all. Real servers always send
 * `address`, `compiler_version`, `language`, `verified_at`, ...
 */
export const SmartContract = withRenames(
  Schema.Struct({
    address_hash: absent(Address),
    coin_balance: optional(NumericText),
    compiler_version: optional(Schema.String),
    language: optional(Schema.String),
    has_constructor_args: optional(Schema.Boolean),
    optimization_enabled: optional(Schema.Boolean),
    verified_at: optional(Timestamp),
    transactions_count: optional(Count),
    market_cap: optional(NumericTextNumber),
    certified: absent(Schema.Boolean),
    license_type: optional(Schema.String),
    reputation: optional(Schema.String)
  }),
  { address: "address_hash" },
  "SmartContract"
)
/** A decoded Smart contract entry. */
export type SmartContract = typeof SmartContract.Type
