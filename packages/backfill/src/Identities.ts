/**
 * The identity of each resource table's rows: which item fields (or values derived from an item and the job's
 * arguments) key a row, so writing a page again is an upsert. One table per resource: the endpoint rows that
 * read one resource (chain-wide and scoped lists) share its table and its identity.
 *
 * @internal
 */
import type { PagedName, SourceArgs } from "./Job.ts"

/** An identity column that is not an item field of its own (read from a nested value or the job's arguments). */
interface Derived {
  readonly name: string
  readonly kind: "string"
  readonly read: (item: unknown, args: SourceArgs) => unknown
}

/**
 * An item field in an identity. `orArg`: when the item lacks it, the job's argument of that name holds it (a
 * transaction's logs: every log's transaction is the one asked about). `orEmpty`: a null value is stored as
 * `''` (a Celo epoch-reward transfer belongs to no transaction; its block and log index still tell it apart).
 */
export interface KeyField {
  readonly name: string
  readonly orArg?: string | undefined
  readonly orEmpty?: boolean | undefined
}

export interface Identity {
  readonly table: string
  /** Item fields in the identity. */
  readonly fields: ReadonlyArray<string | KeyField>
  readonly derived?: ReadonlyArray<Derived> | undefined
}

/** A key field in its long form. */
export const keyField = (f: string | KeyField): KeyField => (typeof f === "string" ? { name: f } : f)

/** A property of an object value, or undefined for anything else. */
export const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined

const transferIdentity: Identity = {
  table: "token_transfers",
  fields: ["block_hash", { name: "transaction_hash", orEmpty: true }, "log_index"],
  derived: [{ name: "token_id", kind: "string", read: (item) => String(field(field(item, "total"), "token_id") ?? "") }]
}

/** The identity of each paged row's items: a table per resource, so rows reading one resource share it. */
export const identities: { readonly [N in PagedName]: Identity } = {
  tokenTransfers: transferIdentity,
  tokenInstanceTransfers: transferIdentity,
  transactions: { table: "transactions", fields: ["hash"] },
  transactionLogs: { table: "logs", fields: [{ name: "transaction_hash", orArg: "hash" }, "index"] },
  blocksValidated: { table: "blocks", fields: ["hash"] },
  smartContracts: { table: "smart_contracts", fields: ["address_hash"] },
  withdrawals: { table: "withdrawals", fields: ["index"] },
  addressWithdrawals: { table: "withdrawals", fields: ["index"] },
  nftCollections: {
    table: "nft_collections",
    fields: [],
    derived: [
      { name: "holder", kind: "string", read: (_item, args) => String(args.address ?? "").toLowerCase() },
      { name: "token_address", kind: "string", read: (item) => field(field(item, "token"), "address_hash") }
    ]
  },
  internalTransactions: { table: "internal_transactions", fields: ["transaction_hash", "index"] },
  // The scoped lists read the same resources as the chain-wide ones, so they share their tables.
  addressTransactions: { table: "transactions", fields: ["hash"] },
  blockTransactions: { table: "transactions", fields: ["hash"] },
  addressTokenTransfers: transferIdentity,
  transactionTokenTransfers: transferIdentity,
  tokenTransfersByToken: transferIdentity,
  addressLogs: { table: "logs", fields: [{ name: "transaction_hash", orArg: "hash" }, "index"] },
  blocks: { table: "blocks", fields: ["hash"] },
  blockWithdrawals: { table: "withdrawals", fields: ["index"] },
  transactionInternalTransactions: { table: "internal_transactions", fields: ["transaction_hash", "index"] },
  // Resources of one address or token: the path parameter is part of the identity.
  addressCoinBalanceHistory: {
    table: "coin_balances",
    fields: ["block_number"],
    derived: [{ name: "address", kind: "string", read: (_item, args) => String(args.address ?? "").toLowerCase() }]
  },
  addressTokens: {
    table: "address_tokens",
    fields: [],
    derived: [
      { name: "holder", kind: "string", read: (_item, args) => String(args.address ?? "").toLowerCase() },
      { name: "token_address", kind: "string", read: (item) => field(field(item, "token"), "address_hash") },
      { name: "token_id_key", kind: "string", read: (item) => String(field(item, "token_id") ?? "") }
    ]
  },
  tokenHolders: {
    table: "token_holders",
    fields: [],
    derived: [
      { name: "token_address", kind: "string", read: (_item, args) => String(args.token ?? "").toLowerCase() },
      { name: "holder", kind: "string", read: (item) => String(field(field(item, "address"), "hash") ?? "") },
      { name: "token_id_key", kind: "string", read: (item) => String(field(item, "token_id") ?? "") }
    ]
  },
  tokenInstances: {
    table: "token_instances",
    fields: ["id"],
    derived: [{ name: "token_address", kind: "string", read: (_item, args) => String(args.token ?? "").toLowerCase() }]
  },
  // The chain's and a block's internal transactions: the same resource as E11 and S16, the same table.
  chainInternalTransactions: { table: "internal_transactions", fields: ["transaction_hash", "index"] },
  blockInternalTransactions: { table: "internal_transactions", fields: ["transaction_hash", "index"] },
  tokens: { table: "tokens", fields: ["address_hash"] },
  topAddresses: { table: "top_addresses", fields: ["hash"] },
  // One NFT instance's holders are token holders with that id: the same table as S20's.
  tokenInstanceHolders: {
    table: "token_holders",
    fields: [],
    derived: [
      { name: "token_address", kind: "string", read: (_item, args) => String(args.token ?? "").toLowerCase() },
      { name: "holder", kind: "string", read: (item) => String(field(field(item, "address"), "hash") ?? "") },
      {
        name: "token_id_key",
        kind: "string",
        read: (item, args) => String(field(item, "token_id") ?? args.tokenId ?? "")
      }
    ]
  },
  smartContractAuditReports: {
    table: "audit_reports",
    fields: ["audit_company_name", "audit_report_url"],
    derived: [{ name: "contract", kind: "string", read: (_item, args) => String(args.address ?? "").toLowerCase() }]
  },
  // A balance a transaction changed: one per address, and per token (and id) for token changes.
  transactionStateChanges: {
    table: "state_changes",
    fields: [],
    derived: [
      { name: "transaction", kind: "string", read: (_item, args) => String(args.hash ?? "").toLowerCase() },
      { name: "holder", kind: "string", read: (item) => String(field(field(item, "address"), "hash") ?? "") },
      {
        name: "token_address",
        kind: "string",
        read: (item) => String(field(field(item, "token"), "address_hash") ?? "")
      },
      { name: "token_id_key", kind: "string", read: (item) => String(field(item, "token_id") ?? "") }
    ]
  },
  // One feed of three kinds: a transaction (no index), one of its token transfers (log index, and place in an
  // ERC-1155 batch) or one of its internal transactions (index). The same item under other filters is one row.
  advancedFilters: {
    table: "advanced_filter_items",
    fields: [
      "hash",
      { name: "token_transfer_index", orEmpty: true },
      { name: "token_transfer_batch_index", orEmpty: true },
      { name: "internal_transaction_index", orEmpty: true }
    ]
  },
  // User operations by their hash; a bundle is its transaction and its index in it.
  userOperations: { table: "user_operations", fields: ["hash"] },
  userOperationBundles: { table: "user_operation_bundles", fields: ["transaction_hash", "bundle_index"] },
  // A search result is the thing it names: its kind and its address or hash (a kind without one: the item itself).
  search: {
    table: "search_results",
    fields: [],
    derived: [
      { name: "result_type", kind: "string", read: (item) => String(field(item, "type") ?? "") },
      { name: "result_key", kind: "string", read: (item) => searchResultKey(item) }
    ]
  }
}

/** What a search result names: its address or hash, lower-cased, or (a kind without one) the item as JSON. */
const searchResultKey = (item: unknown): string => {
  for (const key of ["address_hash", "transaction_hash", "block_hash", "user_operation_hash", "blob_hash"]) {
    const value = field(item, key)
    if (typeof value === "string") return value.toLowerCase()
  }
  return JSON.stringify(item, (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v))
}
