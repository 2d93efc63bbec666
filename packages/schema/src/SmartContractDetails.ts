/**
 * One contract's code and verification (`GET /smart-contracts/{a}`): ABI, source files, compiler settings,
 * proxy type and implementations, verification status, bytecode; and its audit reports
 * (`GET /smart-contracts/{a}/audit-reports`).
 *
 * Modelled on the backend's `SmartContractView.prepare_smart_contract` (views/api/v2/smart_contract_view.ex)
 * across its versions, and checked against the OpenAPI specs' `SmartContract` schema.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Implementation } from "./Address.ts"
import { absent, optional, withRenames } from "./internal/fields.ts"
import { Page } from "./Page.ts"
import { AddressHash, JsonObject, Timestamp } from "./Primitives.ts"
import { Count, NumericText } from "./Quantities.ts"
import type { RenamedResource } from "./Resource.ts"

/**
 * One source file of a verified contract beyond the main one (`additional_sources`): its path and its code.
 *
 * @since 0.1.0
 * @category resources
 */
export const SmartContractSourceFile = Schema.Struct({
  file_path: absent(Schema.String),
  source_code: absent(Schema.String)
}).annotate({ identifier: "SmartContractSourceFile" })
/**
 * A decoded {@link SmartContractSourceFile}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SmartContractSourceFile extends Schema.Schema.Type<typeof SmartContractSourceFile> {}

/**
 * A library a verified contract was linked against: its name and deployed address.
 *
 * @since 0.1.0
 * @category resources
 */
export const ExternalLibrary = Schema.Struct({
  name: optional(Schema.String),
  address_hash: absent(AddressHash)
}).annotate({ identifier: "ExternalLibrary" })
/**
 * A decoded {@link ExternalLibrary}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface ExternalLibrary extends Schema.Schema.Type<typeof ExternalLibrary> {}

/**
 * The values of a contract's `creation_status` (9.0.0+; 8.x named it `status`): `success`, `failed` (the
 * creating call failed: `deployed_bytecode` is `0x`) and `selfdestructed` (`deployed_bytecode` is null).
 *
 * @since 0.1.0
 * @category resources
 */
export const SmartContractCreationStatusValues = ["success", "failed", "selfdestructed"] as const

const SmartContractDetailsSchema = withRenames(
  Schema.Struct({
    // Verification: an unverified contract has none of these (see below).
    is_verified: optional(Schema.Boolean),
    is_partially_verified: optional(Schema.Boolean),
    is_fully_verified: optional(Schema.Boolean),
    is_changed_bytecode: optional(Schema.Boolean),
    is_verified_via_sourcify: optional(Schema.Boolean),
    // 5.2.0+.
    is_verified_via_eth_bytecode_db: optional(Schema.Boolean),
    // 6.4.0+.
    is_verified_via_verifier_alliance: optional(Schema.Boolean),
    sourcify_repo_url: optional(Schema.String),
    // An unverified contract whose bytecode matches a verified one: that one's address (its code is shown).
    // The generated specs declare a plain string; servers write a checksummed address.
    verified_twin_address_hash: optional(Schema.String),
    can_be_visualized_via_sol2uml: optional(Schema.Boolean),
    // 6.5.0+, 6.6.0+, 6.2.0+.
    certified: optional(Schema.Boolean),
    is_blueprint: optional(Schema.Boolean),
    license_type: optional(Schema.String),
    // What was compiled, and how.
    name: optional(Schema.String),
    // 5.1.1+ (before, and until 8.x beside it: `is_vyper_contract`).
    language: optional(Schema.String),
    compiler_version: optional(Schema.String),
    evm_version: optional(Schema.String),
    optimization_enabled: optional(Schema.Boolean),
    // zkSync stores its optimizer mode here as text ("3", "z"): integers decode to numbers, a mode stays text.
    optimization_runs: optional(Schema.Union([Count, Schema.String])),
    compiler_settings: optional(JsonObject),
    verified_at: optional(Timestamp),
    // The hand-written per-instance spec declares the ABI as a string (servers send the array).
    abi: optional(Schema.Union([Schema.Array(JsonObject), Schema.String])),
    source_code: optional(Schema.String),
    file_path: optional(Schema.String),
    additional_sources: optional(Schema.Array(SmartContractSourceFile)),
    external_libraries: optional(Schema.Array(ExternalLibrary)),
    constructor_args: optional(Schema.String),
    decoded_constructor_args: optional(Schema.Array(Schema.Json)),
    // Proxy (6.8.0+; before, only a minimal proxy's target: `minimal_proxy_address_hash`).
    proxy_type: optional(Schema.String),
    implementations: optional(Schema.Array(Implementation)),
    conflicting_implementations: optional(Schema.Array(JsonObject)),
    minimal_proxy_address_hash: optional(AddressHash),
    // Bytecode and creation, verified or not.
    deployed_bytecode: optional(Schema.String),
    creation_bytecode: optional(Schema.String),
    creation_status: optional(Schema.String),
    // Until 8.x: true for a self-destructed contract (9.0.0 says it in `creation_status`).
    is_self_destructed: optional(Schema.Boolean),
    // Until 8.x.
    is_vyper_contract: optional(Schema.Boolean),
    has_methods_read: optional(Schema.Boolean),
    has_methods_write: optional(Schema.Boolean),
    has_methods_read_proxy: optional(Schema.Boolean),
    has_methods_write_proxy: optional(Schema.Boolean),
    has_custom_methods_read: optional(Schema.Boolean),
    has_custom_methods_write: optional(Schema.Boolean),
    // Keys the generated specs allow on this object (the list item's), which the view does not write today.
    coin_balance: optional(NumericText),
    market_cap: optional(NumericText),
    transactions_count: optional(Count),
    reputation: optional(Schema.String),
    verification_metadata: optional(JsonObject),
    // Chain types: zkSync's zk compiler, Arbitrum Stylus's crate and repository, Filecoin's twin address.
    zk_compiler_version: optional(Schema.String),
    package_name: optional(Schema.String),
    github_repository_metadata: optional(JsonObject),
    verified_twin_filecoin_robust_address: optional(Schema.String)
  }),
  // 8.x wrote the creation status as `status`; 9.0.0 renamed it `creation_status` (backend 79fa763b6c).
  { status: "creation_status" },
  "SmartContractDetails"
)
/**
 * Decoded contract details.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SmartContractDetails extends Schema.Schema.Type<typeof SmartContractDetailsSchema> {}
/**
 * Contract details as written on the wire (what {@link SmartContractDetails} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface SmartContractDetailsEncoded extends Schema.Codec.Encoded<typeof SmartContractDetailsSchema> {}
/**
 * A contract's code and verification (`GET /smart-contracts/{a}`), both families.
 *
 * Use it for the ABI (`abi`), the sources (`source_code` and `file_path` for the main file, `additional_sources`
 * for the others), how it was compiled (`compiler_version`, `evm_version`, `optimization_*`,
 * `compiler_settings`), whether it is verified and how, and for a proxy its `proxy_type` and `implementations`.
 *
 * Gotchas:
 * - An address with code that nobody verified is answered too, with only `proxy_type`, `implementations`,
 *   `conflicting_implementations`, `deployed_bytecode`, `creation_bytecode` and `creation_status` (and, when a
 *   verified contract has the same bytecode, that one's code with `verified_twin_address_hash` and
 *   `is_verified: false`); an address without code is NotFound.
 * - Older servers: `status` (8.x) is decoded to `creation_status`; `is_self_destructed`, `is_vyper_contract`
 *   and the `has_methods_*` flags are 8.x and older; `minimal_proxy_address_hash` predates 7.0.0's
 *   `proxy_type` and `implementations` (6.8.0+).
 * - Chain-type extras: `zk_compiler_version` (zkSync, whose `optimization_runs` is the optimizer mode as text:
 *   `"z"` stays a string), `package_name` and `github_repository_metadata` (Arbitrum Stylus),
 *   `verified_twin_filecoin_robust_address` (Filecoin).
 *
 * @since 0.1.0
 * @category resources
 */
export const SmartContractDetails: RenamedResource<
  SmartContractDetails,
  SmartContractDetailsEncoded,
  typeof SmartContractDetailsSchema.to.fields
> = SmartContractDetailsSchema

/**
 * The response of `GET /smart-contracts/{a}`: the contract's details.
 *
 * @since 0.1.0
 * @category responses
 */
export const SmartContractDetailsResponse = SmartContractDetails

/**
 * One audit report of a contract (`GET /smart-contracts/{a}/audit-reports`): who audited it, where the report
 * is, and when it was published (the date as the submitter wrote it, `YYYY-MM-DD`).
 *
 * @since 0.1.0
 * @category resources
 */
export const AuditReport = Schema.Struct({
  // Always sent; the hand-written Pro spec requires none of them and lets them be null.
  audit_company_name: optional(Schema.String),
  audit_report_url: optional(Schema.String),
  audit_publish_date: optional(Schema.String)
}).annotate({ identifier: "AuditReport" })
/**
 * A decoded {@link AuditReport}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface AuditReport extends Schema.Schema.Type<typeof AuditReport> {}

/**
 * The response of `GET /smart-contracts/{a}/audit-reports`: every report in one page (the server always sends
 * `next_page_params: null`).
 *
 * @since 0.1.0
 * @category responses
 */
export const AuditReportsResponse = Page(AuditReport).annotate({ identifier: "AuditReportsResponse" })
