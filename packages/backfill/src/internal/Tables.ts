/**
 * The SQL table of each resource: its name, its columns (from the resource's schema), and the item identity
 * that keys its rows, so that writing a page again is an upsert.
 *
 * When to use: the SQL sink creates and fills these tables for you; read this module to query them. Every table
 * starts with `chain` (the Pro API chain id, or the instance's label) and is keyed by `chain` plus the item's
 * identity:
 *
 * | rows | table | identity |
 * | --- | --- | --- |
 * | token transfers (E1/E5, E2) | `token_transfers` | `block_hash`, `transaction_hash` (`''` for Celo's epoch rewards, which have none), `log_index`, `token_id` (`''` unless the transfer names one: one ERC-1155 batch log is several items) |
 * | transactions (E4) | `transactions` | `hash` |
 * | logs (E6) | `logs` | `transaction_hash` (the one asked about, when a log omits it), `index` |
 * | blocks validated (E7) | `blocks` | `hash` |
 * | smart contracts (E8) | `smart_contracts` | `address_hash` |
 * | withdrawals (E9, E12) | `withdrawals` | `index` |
 * | NFT collections (E10) | `nft_collections` | `holder` (the address asked about), `token_address` |
 * | an address's NFTs (N1) | `address_nfts` | `holder` (the address asked about), `token_address`, `id` |
 * | hot smart contracts (X3) | `hot_smart_contracts` | `scale` (the one asked for), `contract` |
 * | beacon deposits (B1-B4) | `beacon_deposits` | `index` |
 * | OP stack deposits (O1) | `optimism_deposits` | `l2_transaction_hash` |
 * | OP stack withdrawals (O3) | `optimism_withdrawals` | `msg_nonce_raw` |
 * | internal transactions (E11) | `internal_transactions` | `transaction_hash`, `index` |
 * | coin balance history (S6) | `coin_balances` | `address` (the address asked about), `block_number` |
 * | an address's tokens (S9) | `address_tokens` | `holder` (the address asked about), `token_address`, `token_id_key` (`''` unless the balance names a token id) |
 * | a token's holders (S20) | `token_holders` | `token_address` (the token asked about), `holder`, `token_id_key` |
 * | a token's NFT instances (S21) | `token_instances` | `token_address` (the token asked about), `id` |
 *
 * Columns, one per top-level field of the decoded item (the resource schema's AST, so a field added to a schema
 * is a column with no change here): addresses (`from`, `to`, `miner`, ...) are text holding the address hash;
 * `bigint` quantities (wei amounts, gas, token ids) are NUMERIC(78,0) on PostgreSQL and decimal text on SQLite
 * (whose numbers stop at 64 bits, and uint256 does not); timestamps are TIMESTAMPTZ on PostgreSQL and ISO 8601
 * text on SQLite; counts and block numbers are BIGINT/INTEGER; other nested values (token, fee, decoded input,
 * tags) are JSONB on PostgreSQL and JSON text on SQLite.
 *
 * An item missing part of its identity (token transfers of servers before 5.1 have no `log_index`) fails its
 * partition (`InvalidJob`) rather than overwrite another row: back such servers up into NDJSON instead.
 *
 * Gotchas: endpoints give partial views of one resource (E12's withdrawals have no `receiver`, list endpoints
 * null a transaction's `token_transfers`), so an upsert never overwrites a value with NULL. Tables are created
 * with `CREATE TABLE IF NOT EXISTS`: a column added to a schema later needs an `ALTER TABLE` of yours.
 *
 * @since 0.1.0
 */
import { Columns } from "@blockscout-effect/export"
import { endpoints } from "@blockscout-effect/schema"
import { SchemaAST } from "effect"
import type { PagedName, SourceArgs } from "../Job.ts"

// The identity of each resource table's rows: which item fields (or values derived from an item and the job's
// arguments) key a row, so writing a page again is an upsert. One table per resource: the endpoint rows that
// read one resource (chain-wide and scoped lists) share its table and its identity.

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
  // One NFT instance an address holds: the same holding as an E10 collection's instance, one row per instance.
  addressNfts: {
    table: "address_nfts",
    fields: ["id"],
    derived: [
      { name: "holder", kind: "string", read: (_item, args) => String(args.address ?? "").toLowerCase() },
      { name: "token_address", kind: "string", read: (item) => field(field(item, "token"), "address_hash") }
    ]
  },
  // The chain's, an address's, a block's and a transaction's deposits: one resource, keyed by its index.
  beaconDeposits: { table: "beacon_deposits", fields: ["index"] },
  addressBeaconDeposits: { table: "beacon_deposits", fields: ["index"] },
  blockBeaconDeposits: { table: "beacon_deposits", fields: ["index"] },
  transactionBeaconDeposits: { table: "beacon_deposits", fields: ["index"] },
  // An OP stack deposit is one L2 transaction.
  optimismDeposits: { table: "optimism_deposits", fields: ["l2_transaction_hash"] },
  // An OP stack withdrawal is one L2-to-L1 message, numbered by its whole nonce.
  optimismWithdrawals: { table: "optimism_withdrawals", fields: ["msg_nonce_raw"] },
  // A contract's figures over one scale: a later run over the same scale updates them.
  hotSmartContracts: {
    table: "hot_smart_contracts",
    fields: [],
    derived: [
      { name: "scale", kind: "string", read: (_item, args) => String(args.scale ?? "") },
      { name: "contract", kind: "string", read: (item) => String(field(field(item, "contract_address"), "hash") ?? "") }
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

/**
 * The SQL dialects the backfill writes.
 *
 * @since 0.1.0
 * @category models
 */
export type Dialect = "sqlite" | "pg"

/**
 * What a column holds: a `Columns` kind of the export package, or `address` (an Address object, stored as its hash).
 *
 * @since 0.1.0
 * @category models
 */
export type ColumnKind = Columns.ColumnKind | "address"

/**
 * One column of a resource table.
 *
 * @since 0.1.0
 * @category models
 */
export interface TableColumn {
  readonly name: string
  readonly kind: ColumnKind
  /** Part of the row's identity (NOT NULL, in the primary key). */
  readonly key: boolean
  /** The column's value for an item (`args`: the job's path parameters and filters). */
  readonly read: (item: unknown, args: SourceArgs) => unknown
}

/**
 * A resource table: its name and its columns, `chain` first, identity columns flagged.
 *
 * @since 0.1.0
 * @category models
 */
export interface Table {
  readonly name: string
  readonly columns: ReadonlyArray<TableColumn>
}

// An address-valued field: every member (null aside) is the schema package's Address object.
const isAddressField = (ast: SchemaAST.AST): boolean => {
  const members = (a: SchemaAST.AST): ReadonlyArray<SchemaAST.AST> =>
    a._tag === "Union" ? a.types.flatMap(members) : a._tag === "Null" || a._tag === "Undefined" ? [] : [a]
  const all = members(SchemaAST.toType(ast))
  return all.length > 0 && all.every((m) => SchemaAST.resolveIdentifier(m) === "Address")
}

/**
 * The table of a row's items.
 *
 * @since 0.1.0
 * @category constructors
 */
export const tableOf = (name: PagedName): Table => {
  const identity = identities[name]
  const itemAst = Columns.itemAst(endpoints[name])
  const objects = itemAst._tag === "Objects" ? itemAst : undefined
  const fieldAst = new Map(objects?.propertySignatures.map((p) => [String(p.name), p.type]) ?? [])
  const columns: Array<TableColumn> = [{ name: "chain", kind: "string", key: true, read: () => undefined }]
  for (const d of identity.derived ?? []) columns.push({ name: d.name, kind: d.kind, key: true, read: d.read })
  const keys = new Map(identity.fields.map((f) => [keyField(f).name, keyField(f)]))
  for (const column of Columns.fromSchema(itemAst, { maxDepth: 1 })) {
    const ast = fieldAst.get(column.name)
    const kind: ColumnKind = ast !== undefined && isAddressField(ast) ? "address" : column.kind
    const plain =
      kind === "address"
        ? (item: unknown) => field(field(item, column.name), "hash")
        : (item: unknown) => field(item, column.name)
    const key = keys.get(column.name)
    const read =
      key === undefined
        ? plain
        : (item: unknown, args: SourceArgs) => {
            const value = plain(item)
            if (value !== null && value !== undefined) return value
            if (key.orArg !== undefined && typeof args[key.orArg] === "string") return args[key.orArg]
            return value === null && key.orEmpty === true ? "" : value
          }
    columns.push({ name: column.name, kind, key: key !== undefined, read })
  }
  const names = new Set(columns.map((c) => c.name))
  for (const f of keys.keys()) {
    if (!names.has(f)) throw new Error(`${name}: identity field ${f} is not an item field`)
  }
  return { name: identity.table, columns }
}

/**
 * The key columns of a table, in order (`chain` first).
 *
 * @since 0.1.0
 * @category accessors
 */
export const keyOf = (table: Table): ReadonlyArray<string> => table.columns.filter((c) => c.key).map((c) => c.name)

const sqlType = (kind: ColumnKind, dialect: Dialect): string => {
  switch (kind) {
    case "string":
    case "address":
      return "TEXT"
    case "integer":
      return dialect === "pg" ? "BIGINT" : "INTEGER"
    case "number":
      return dialect === "pg" ? "DOUBLE PRECISION" : "REAL"
    case "boolean":
      return dialect === "pg" ? "BOOLEAN" : "INTEGER"
    case "bigint":
      return dialect === "pg" ? "NUMERIC(78,0)" : "TEXT"
    case "timestamp":
      return dialect === "pg" ? "TIMESTAMPTZ" : "TEXT"
    case "json":
      return dialect === "pg" ? "JSONB" : "TEXT"
  }
}

/**
 * A quoted SQL identifier (both dialects quote with double quotes: `from`, `index` and `type` are keywords).
 *
 * @since 0.1.0
 * @category sql
 */
export const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`

/**
 * `CREATE TABLE IF NOT EXISTS` for a table in a dialect.
 *
 * @since 0.1.0
 * @category sql
 */
export const createTable = (table: Table, dialect: Dialect): string => {
  const columns = table.columns.map((c) => `${quote(c.name)} ${sqlType(c.kind, dialect)}${c.key ? " NOT NULL" : ""}`)
  const key = keyOf(table).map(quote).join(", ")
  return `CREATE TABLE IF NOT EXISTS ${quote(table.name)} (${columns.join(", ")}, PRIMARY KEY (${key}))`
}

/**
 * A cell as the driver takes it: null for a missing value; bigint as decimal text; timestamps as ISO 8601;
 * nested values as JSON text; booleans as 0/1 on SQLite.
 *
 * @since 0.1.0
 * @category sql
 */
export const cell = (column: TableColumn, value: unknown, dialect: Dialect): string | number | boolean | null => {
  if (value === null || value === undefined) return null
  if (column.kind === "address") return typeof value === "string" ? value : null
  const plain = Columns.value({ name: column.name, path: [], kind: column.kind }, value)
  if (column.kind === "boolean" && dialect === "sqlite" && typeof plain === "boolean") return plain ? 1 : 0
  return plain
}

/**
 * The row of an item: one cell per column, in column order (`chain` given).
 *
 * Gotcha: fails (throws) when an identity column has no value: such an item cannot be stored exactly once.
 *
 * @since 0.1.0
 * @category sql
 */
export const rowOf = (
  table: Table,
  dialect: Dialect,
  chain: string,
  args: SourceArgs,
  item: unknown
): ReadonlyArray<string | number | boolean | null> =>
  table.columns.map((column) => {
    const value = column.name === "chain" ? chain : cell(column, column.read(item, args), dialect)
    if (column.key && value === null) {
      throw new Error(`${table.name}: an item has no ${column.name}, so it cannot be stored exactly once`)
    }
    return value
  })
