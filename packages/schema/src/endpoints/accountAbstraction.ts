/**
 * Account abstraction (ERC-4337): user operations, bundles and smart accounts, as a server proxies its user-ops
 * indexer. Spread into the table by `Endpoints.ts`. Paths and parameters from the backend's `api_router.ex` and
 * `account_abstraction_controller.ex`.
 *
 * Most instances do not run the indexer: they answer these paths 501 `{"message":"Service is disabled"}`, which
 * the client reports as `NotFound` saying so (never retried).
 *
 * @since 0.1.0
 */
import {
  SmartAccountResponse,
  UserOperationBundlesResponse,
  UserOperationResponse,
  UserOperationsResponse
} from "../AccountAbstraction.ts"
import { itemRow, pageRow } from "../EndpointTable.ts"
import { addressParams, hashParams } from "./shared.ts"

const indexerCursor = ["page_token", "page_size", "items_count"] as const

const disabled =
  "A server without the user-ops indexer (most instances) answers 501 Service is disabled: NotFound, saying so."

/**
 * The account abstraction rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const accountAbstractionRows = {
  userOperations: pageRow({
    method: "UserOperations",
    credits: 20,
    ids: "AA1",
    summary: "ERC-4337 user operations, newest first, by sender, bundler, paymaster, factory, transaction or block",
    path: "/proxy/account-abstraction/operations",
    pathParams: [],
    filters: [
      { name: "sender", kind: "address", description: "operations a smart account sent" },
      { name: "bundler", kind: "address", description: "operations a bundler submitted" },
      { name: "paymaster", kind: "address", description: "operations a paymaster sponsored" },
      { name: "factory", kind: "address", description: "operations that deployed an account through this factory" },
      { name: "transaction_hash", kind: "hash", description: "operations bundled in this transaction" },
      { name: "entry_point", kind: "address", description: "operations sent to this EntryPoint" },
      { name: "bundle_index", kind: "integer", description: "with transaction_hash: operations of that bundle" },
      { name: "block_number", kind: "integer", description: "operations bundled in this block" }
    ],
    response: UserOperationsResponse,
    cursorKeys: indexerCursor,
    since: "6.1.0",
    gotcha: disabled
  }),
  userOperation: itemRow({
    method: "UserOperation",
    credits: 20,
    ids: "AA2",
    summary: "One ERC-4337 user operation in detail: gas, parties, call, logs and the raw operation",
    path: "/proxy/account-abstraction/operations/{hash}",
    pathParams: hashParams,
    filters: [],
    response: UserOperationResponse,
    cursorKeys: [],
    since: "6.1.0",
    gotcha: `An operation the indexer has not seen is NotFound. ${disabled}`
  }),
  userOperationBundles: pageRow({
    method: "UserOperationBundles",
    credits: 20,
    ids: "AA3",
    summary: "ERC-4337 bundles (a bundler's transactions carrying user operations), newest first",
    path: "/proxy/account-abstraction/bundles",
    pathParams: [],
    filters: [
      { name: "bundler", kind: "address", description: "bundles this bundler submitted" },
      { name: "entry_point", kind: "address", description: "bundles sent to this EntryPoint" }
    ],
    response: UserOperationBundlesResponse,
    cursorKeys: indexerCursor,
    since: "6.1.0",
    gotcha: disabled
  }),
  smartAccount: itemRow({
    method: "SmartAccount",
    credits: 20,
    ids: "AA4",
    summary: "One ERC-4337 smart account: its factory, the operation that created it, how many operations it sent",
    path: "/proxy/account-abstraction/accounts/{address}",
    pathParams: addressParams,
    filters: [],
    response: SmartAccountResponse,
    cursorKeys: [],
    since: "6.1.0",
    gotcha: `An address that sent no user operation is NotFound. ${disabled}`
  })
} as const
