/**
 * A beacon-chain deposit (Ethereum's chain type, since Pectra's EIP-6110 indexed from the execution layer), as
 * `ethereum/deposit_view.ex` `prepare_deposit` writes it, and the count of `GET /beacon/deposits/count`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { optional } from "./internal/fields.ts"
import { Page } from "./Page.ts"
import { Hash, HexData, Timestamp } from "./Primitives.ts"
import { Count, IntegerQuantity } from "./Quantities.ts"

/**
 * The states a deposit goes through: `pending` until the consensus layer processes it, then `completed`, or
 * `invalid` (a bad signature).
 *
 * @since 0.1.0
 * @category resources
 */
export const BeaconDepositStatusValues = ["invalid", "pending", "completed"] as const

/**
 * One deposit to the beacon chain: its `index` (0-based, in deposit-contract order), the transaction and block that
 * made it, the validator's `pubkey`, `withdrawal_credentials` (and the address they name, when they name one),
 * `amount` in wei (`bigint`), `signature`, `status` and the depositor (`from_address`).
 *
 * Gotcha: a status other than the three known ones decodes as its text (a newer server may add one).
 *
 * @since 0.1.0
 * @category resources
 */
export const BeaconDeposit = Schema.Struct({
  index: Count,
  transaction_hash: Hash,
  block_hash: Hash,
  block_number: Count,
  block_timestamp: Timestamp,
  pubkey: HexData,
  withdrawal_credentials: HexData,
  // Null when the credentials name no address (0x00 BLS credentials); the specs do not require the key.
  withdrawal_address: optional(Address),
  amount: IntegerQuantity,
  signature: HexData,
  status: Schema.String,
  from_address: Address
}).annotate({ identifier: "BeaconDeposit" })
/**
 * A decoded {@link BeaconDeposit}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface BeaconDeposit extends Schema.Schema.Type<typeof BeaconDeposit> {}

/**
 * A page of beacon deposits (`/beacon/deposits`, and an address's, a block's or a transaction's), highest index
 * first; cursor `index` (and `items_count`).
 *
 * @since 0.1.0
 * @category responses
 */
export const BeaconDepositsResponse = Page(BeaconDeposit).annotate({ identifier: "BeaconDepositsResponse" })

/**
 * How many deposits the chain has had (`GET /beacon/deposits/count`): the newest deposit's index plus one, 0 when
 * none.
 *
 * @since 0.1.0
 * @category resources
 */
export const BeaconDepositsCount = Schema.Struct({ deposits_count: IntegerQuantity }).annotate({
  identifier: "BeaconDepositsCount"
})
/**
 * A decoded {@link BeaconDepositsCount}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface BeaconDepositsCount extends Schema.Schema.Type<typeof BeaconDepositsCount> {}

/**
 * The response of `GET /beacon/deposits/count`.
 *
 * @since 0.1.0
 * @category responses
 */
export const BeaconDepositsCountResponse = BeaconDepositsCount
