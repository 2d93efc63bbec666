/**
 * Account abstraction (ERC-4337) as a Blockscout server proxies its user-ops indexer (`/proxy/account-abstraction/`,
 * `account_abstraction_controller.ex`): user operations in a list and in detail, bundles, and smart accounts. The
 * backend passes the indexer's JSON through, with every address replaced by its address object (`Address`). Shapes
 * from the generated OpenAPI specs (11.2.7, 12.0, Pro), which agree.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { DecodedInput } from "./DecodedInput.ts"
import { absent, nullable } from "./internal/fields.ts"
import { Page } from "./Page.ts"
import { AddressHash, Hash, HexData, Timestamp } from "./Primitives.ts"
import { Count, IntegerQuantity } from "./Quantities.ts"

/**
 * The EntryPoint versions the indexer knows today (`entry_point_version`); the schema accepts any string.
 *
 * @since 0.1.0
 * @category resources
 */
export const EntryPointVersionValues = ["v0.6", "v0.7", "v0.8", "v0.9"] as const

// What a user operation is in a list and in detail alike: its hash, where it was bundled (transaction, block), its
// EntryPoint, whether it succeeded and its fee. The list names the sender `address`, the detail `sender`.
const bundled = {
  hash: Hash,
  block_number: IntegerQuantity,
  transaction_hash: Hash,
  entry_point: Address,
  entry_point_version: Schema.String,
  status: Schema.Boolean,
  fee: IntegerQuantity,
  timestamp: nullable(Timestamp)
}

/**
 * A user operation in a list (`/proxy/account-abstraction/operations`): its hash, its sender (`address`), where it
 * was bundled (transaction, block), its EntryPoint, whether it succeeded (`status`) and its fee in wei.
 *
 * Gotcha: the indexer sends `block_number` as an integer string, decoded to `bigint` here (not a `number` as
 * elsewhere).
 *
 * @since 0.1.0
 * @category resources
 */
export const UserOperationInList = Schema.Struct({
  ...bundled,
  address: Address
}).annotate({ identifier: "UserOperationInList" })
/**
 * A decoded user operation in a list.
 *
 * @since 0.1.0
 * @category resources
 */
export interface UserOperationInList extends Schema.Schema.Type<typeof UserOperationInList> {}

/**
 * A user operation as its sender signed it (`raw`): EntryPoint v0.6's fields, or v0.7 on's packed ones
 * (`account_gas_limits`, `gas_fees`). Amounts are integer strings, decoded to `bigint`.
 *
 * @since 0.1.0
 * @category resources
 */
export const UserOperationRaw = Schema.Struct({
  sender: AddressHash,
  nonce: IntegerQuantity,
  init_code: HexData,
  call_data: HexData,
  pre_verification_gas: IntegerQuantity,
  paymaster_and_data: HexData,
  signature: HexData,
  // EntryPoint v0.6.
  call_gas_limit: absent(IntegerQuantity),
  verification_gas_limit: absent(IntegerQuantity),
  max_fee_per_gas: absent(IntegerQuantity),
  max_priority_fee_per_gas: absent(IntegerQuantity),
  // EntryPoint v0.7 on: two uint128 packed in 32 bytes each.
  account_gas_limits: absent(Hash),
  gas_fees: absent(Hash)
}).annotate({ identifier: "UserOperationRaw" })
/**
 * A decoded raw user operation.
 *
 * @since 0.1.0
 * @category resources
 */
export interface UserOperationRaw extends Schema.Schema.Type<typeof UserOperationRaw> {}

/**
 * One user operation in detail (`/proxy/account-abstraction/operations/{hash}`): the list's facts plus its gas
 * limits and prices, the parties (`bundler`, `factory`, `paymaster`, `sponsor_type`), the call and its decoding,
 * the logs it emitted (`user_logs_start_index`, `user_logs_count`), the revert reason, and the `raw` operation.
 *
 * @since 0.1.0
 * @category resources
 */
export const UserOperation = Schema.Struct({
  ...bundled,
  sender: Address,
  nonce: Hash,
  call_data: HexData,
  call_gas_limit: IntegerQuantity,
  verification_gas_limit: IntegerQuantity,
  pre_verification_gas: IntegerQuantity,
  max_fee_per_gas: IntegerQuantity,
  max_priority_fee_per_gas: IntegerQuantity,
  signature: HexData,
  aggregator: nullable(AddressHash),
  aggregator_signature: nullable(HexData),
  block_hash: Hash,
  bundler: Address,
  bundle_index: Count,
  index: Count,
  factory: nullable(Address),
  paymaster: nullable(Address),
  revert_reason: nullable(HexData),
  gas: IntegerQuantity,
  gas_price: IntegerQuantity,
  gas_used: IntegerQuantity,
  sponsor_type: Schema.String,
  user_logs_start_index: Count,
  user_logs_count: Count,
  consensus: nullable(Schema.Boolean),
  execute_target: nullable(Address),
  execute_call_data: nullable(HexData),
  decoded_call_data: nullable(DecodedInput),
  decoded_execute_call_data: nullable(DecodedInput),
  raw: UserOperationRaw
}).annotate({ identifier: "UserOperation" })
/**
 * A decoded user operation.
 *
 * @since 0.1.0
 * @category resources
 */
export interface UserOperation extends Schema.Schema.Type<typeof UserOperation> {}

/**
 * A bundle (`/proxy/account-abstraction/bundles`): the transaction a bundler sent, the bundle's index in it, and
 * how many user operations it carried.
 *
 * @since 0.1.0
 * @category resources
 */
export const UserOperationBundle = Schema.Struct({
  transaction_hash: Hash,
  bundle_index: Count,
  block_number: IntegerQuantity,
  bundler: Address,
  timestamp: Timestamp,
  total_ops: Count
}).annotate({ identifier: "UserOperationBundle" })
/**
 * A decoded bundle.
 *
 * @since 0.1.0
 * @category resources
 */
export interface UserOperationBundle extends Schema.Schema.Type<typeof UserOperationBundle> {}

/**
 * A smart account (`/proxy/account-abstraction/accounts/{address}`): its address, the factory and operation that
 * created it (null for an account deployed otherwise), and how many user operations it sent.
 *
 * @since 0.1.0
 * @category resources
 */
export const SmartAccount = Schema.Struct({
  address: Address,
  factory: nullable(Address),
  creation_op_hash: nullable(Hash),
  creation_transaction_hash: nullable(Hash),
  creation_timestamp: nullable(Timestamp),
  total_ops: Count
}).annotate({ identifier: "SmartAccount" })
/**
 * A decoded smart account.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SmartAccount extends Schema.Schema.Type<typeof SmartAccount> {}

/**
 * `GET /proxy/account-abstraction/operations`: user operations, newest first. Its cursor is the indexer's
 * (`page_token`, `page_size`).
 *
 * @since 0.1.0
 * @category responses
 */
export const UserOperationsResponse = Page(UserOperationInList).annotate({ identifier: "UserOperationsResponse" })

/**
 * `GET /proxy/account-abstraction/operations/{hash}`: one user operation (404 for one the indexer has not seen).
 *
 * @since 0.1.0
 * @category responses
 */
export const UserOperationResponse = UserOperation

/**
 * `GET /proxy/account-abstraction/bundles`: bundles, newest first.
 *
 * @since 0.1.0
 * @category responses
 */
export const UserOperationBundlesResponse = Page(UserOperationBundle).annotate({
  identifier: "UserOperationBundlesResponse"
})

/**
 * `GET /proxy/account-abstraction/accounts/{address}`: one smart account (404 for an address that sent none).
 *
 * @since 0.1.0
 * @category responses
 */
export const SmartAccountResponse = SmartAccount
