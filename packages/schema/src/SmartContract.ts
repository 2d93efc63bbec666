/**
 * The Smart contract entry of the verified-contracts list (docs/blockscout-api.md §2.8).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent, optional, withRenames } from "./internal/fields.ts"
import type { RenamedResource } from "./Resource.ts"
import { JsonObject, Timestamp } from "./Primitives.ts"
import { Count, NumericText, NumericTextNumber } from "./Quantities.ts"

/**
 * The source languages of docs/blockscout-api.md §2.8 (servers also report `geas`, `stylus_rust`).
 *
 * @since 0.1.0
 * @category resources
 */
export const SmartContractLanguageValues = ["solidity", "vyper", "yul"] as const

const SmartContractSchema = withRenames(
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
    // 6.5.0+.
    certified: absent(Schema.Boolean),
    // 6.2.0+.
    license_type: optional(Schema.String),
    // 9.1.0+.
    reputation: optional(Schema.String),
    // Arbitrum chain type (Stylus contracts): the crate and its repository.
    package_name: optional(Schema.String),
    github_repository_metadata: optional(JsonObject),
    // zkSync chain type (6.8.0+).
    zk_compiler_version: optional(Schema.String)
  }),
  {
    address: "address_hash",
    // `tx_count` until 6.9.x; 6.9.0 added `transaction_count` (dropped in 9.0.0); 8.0.0 added
    // `transactions_count` (backend b030792cf1, 2720b128ac, 5bcb2a3716, 5a95e1916c). Newest first.
    transaction_count: "transactions_count",
    tx_count: "transactions_count"
  },
  "SmartContract"
)
/**
 * A decoded Smart contract entry.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SmartContract extends Schema.Schema.Type<typeof SmartContractSchema> {}
/**
 * A SmartContract as written on the wire (what {@link SmartContract} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface SmartContractEncoded extends Schema.Codec.Encoded<typeof SmartContractSchema> {}
/**
 * A verified smart contract.
 *
 * `address_hash` is the contract as an Address object (the API doc's name; servers send `address`, accepted).
 * `coin_balance` and `market_cap` are the server's text (the generated specs declare plain strings, with no
 * pattern; the API doc gives `market_cap` as a number, which decodes to its decimal string). Servers before 8.0
 * wrote `tx_count` or `transaction_count`: both decode to `transactions_count`.
 *
 * Every key may be absent: the Pro API's hand-written spec (`pro-api-docs-with-examples.yaml`) lists this
 * endpoint's items as its `SmartContract` object, which requires no key at all. Real servers always send
 * `address`, `compiler_version`, `language`, `verified_at`, ...
 *
 * Chain-type extras: `package_name` and `github_repository_metadata` (Arbitrum Stylus), `zk_compiler_version`
 * (zkSync).
 *
 * @since 0.1.0
 * @category resources
 */
export const SmartContract: RenamedResource<SmartContract, SmartContractEncoded, typeof SmartContractSchema.to.fields> =
  SmartContractSchema
