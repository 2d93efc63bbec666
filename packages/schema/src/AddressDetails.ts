/**
 * The address details of `GET /addresses/{a}`: the Address object plus the balance, the contract's creator and
 * creation, the token the address is (if any), and the "has ..." flags that say which of the address's lists
 * hold anything.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { renamesWith, structOf } from "./internal/extend.ts"
import { absent, nullable, optional, withRenames } from "./internal/fields.ts"
import { AddressHash, Hash } from "./Primitives.ts"
import { Count, Decimal, IntegerQuantity } from "./Quantities.ts"
import { Token } from "./Token.ts"

/**
 * The values of a contract's `creation_status` known today: `success`, `failed` (the creating call failed) and
 * `selfdestructed`; null for addresses that are not contracts.
 *
 * @since 0.1.0
 * @category resources
 */
export const CreationStatusValues = ["success", "failed", "selfdestructed"] as const

/**
 * A Celo account's registration (Celo chains only): its `type` (`regular`, `validator`, `group`), name,
 * metadata URL, locked CELO in wei, and its signer addresses.
 *
 * @since 0.1.0
 * @category resources
 */
export const CeloAccount = Schema.Struct({
  type: Schema.String,
  name: nullable(Schema.String),
  metadata_url: nullable(Schema.String),
  nonvoting_locked_celo: IntegerQuantity,
  locked_celo: IntegerQuantity,
  vote_signer_address: nullable(Address),
  validator_signer_address: nullable(Address),
  attestation_signer_address: nullable(Address)
}).annotate({ identifier: "CeloAccount" })
/**
 * A decoded Celo account.
 *
 * @since 0.1.0
 * @category resources
 */
export interface CeloAccount extends Schema.Schema.Type<typeof CeloAccount> {}

/**
 * The details of an address (`GET /addresses/{a}`), both families.
 *
 * Use it to read an address's current coin balance (`coin_balance`, wei, as of block
 * `block_number_balance_updated_at`), whether it is a contract and who created it, the token it is, and which of
 * its lists hold anything (`has_logs`, `has_tokens`, `has_token_transfers`, `has_validated_blocks`,
 * `has_beacon_chain_withdrawals`) before paging through them.
 *
 * Gotchas:
 * - Servers since 7.0.0 answer 200 for any well-formed address, known or not (an unknown address has a null
 *   `coin_balance` and every flag false); older servers answered 404 for an address they had never seen.
 * - Only `hash` is always present: the hand-written per-instance spec requires nothing else, and older servers
 *   lack the later keys (`creation_status`, `watchlist_address_id`, `has_beacon_chain_withdrawals`, ...).
 * - Servers before 6.9.0 send `creation_tx_hash` (decoded to `creation_transaction_hash`), and before 6.8.0 a
 *   proxy's single `implementation_address` and `implementation_name` instead of `implementations`.
 * - Chain-type extras: `creator_filecoin_robust_address` (Filecoin), `zilliqa.is_scilla_contract` (Zilliqa),
 *   `celo.account` (Celo).
 *
 * @since 0.1.0
 * @category resources
 */
export const AddressDetails = withRenames(
  Schema.Struct({
    ...structOf(Address).fields,
    name: optional(Schema.String),
    is_contract: optional(Schema.Boolean),
    is_verified: optional(Schema.Boolean),
    creator_address_hash: optional(AddressHash),
    creation_transaction_hash: optional(Hash),
    creation_status: optional(Schema.String),
    token: optional(Token),
    coin_balance: optional(IntegerQuantity),
    exchange_rate: optional(Decimal),
    block_number_balance_updated_at: optional(Count),
    has_validated_blocks: absent(Schema.Boolean),
    has_logs: absent(Schema.Boolean),
    has_tokens: absent(Schema.Boolean),
    has_token_transfers: absent(Schema.Boolean),
    has_beacon_chain_withdrawals: absent(Schema.Boolean),
    watchlist_address_id: optional(Count),
    implementation_address: optional(AddressHash),
    creator_filecoin_robust_address: optional(Schema.String),
    zilliqa: absent(Schema.Struct({ is_scilla_contract: Schema.Boolean })),
    celo: absent(Schema.Struct({ account: nullable(CeloAccount) }))
  }),
  renamesWith(Address, { creation_tx_hash: "creation_transaction_hash" }),
  "AddressDetails"
)
/**
 * Decoded address details.
 *
 * @since 0.1.0
 * @category resources
 */
export interface AddressDetails extends Schema.Schema.Type<typeof AddressDetails> {}
