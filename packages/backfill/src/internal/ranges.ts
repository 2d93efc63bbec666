/**
 * How each paged row's history splits into key ranges (docs/blockscout-api.md, "Cursors are keys"): the
 * server orders a row's items newest first by its cursor keys, and a cursor made of those keys asks for every
 * item strictly below it, key by key. So `{ block_number: B + 1, index: 0 }` asks for everything at or below
 * block B.
 *
 * Temporary home: the partitioned streams' work puts this description on the endpoint rows themselves (the
 * schema package's `range`); once it lands there, `Plan` reads the rows and this module goes.
 *
 * @internal
 */
import type { EndpointName } from "@blockscout-effect/schema"

/** A row's key range description. */
export interface KeyRange {
  /** What the first cursor key counts: block numbers, or an index (a withdrawal's `index`). */
  readonly dimension: "block" | "index"
  /** The cursor keys the server compares, most significant first. */
  readonly cursorKeys: ReadonlyArray<string>
  /** The item field holding the first key (`block_number`, a block's `height`, a withdrawal's `index`). */
  readonly itemKey: string
  /** Filters under which the row is ordered otherwise (pending transactions): ranges do not apply. */
  readonly unless: ReadonlyArray<{ readonly filter: string; readonly values?: ReadonlyArray<string> | undefined }>
}

const blockRange = (cursorKeys: ReadonlyArray<string>, itemKey = "block_number", unless: KeyRange["unless"] = []) =>
  ({ dimension: "block", cursorKeys, itemKey, unless }) satisfies KeyRange

const indexRange: KeyRange = { dimension: "index", cursorKeys: ["index"], itemKey: "index", unless: [] }

/**
 * The rows that split, by name. Absent: E6 (one transaction's logs, in ascending order), E8 (items do not carry
 * their `smart_contract_id`), E10 (keyed by token contract and type).
 */
export const ranges: Partial<Record<EndpointName, KeyRange>> = {
  // A cursor splitting an ERC-1155 batch adds batch keys and keeps `block_number`/`index` below the batch.
  tokenTransfers: blockRange(["block_number", "index"]),
  tokenInstanceTransfers: blockRange(["block_number", "index"]),
  // Pending transactions are keyed by `inserted_at` and `hash` and have no block.
  transactions: blockRange(["block_number", "index"], "block_number", [{ filter: "filter", values: ["pending"] }]),
  blocksValidated: blockRange(["block_number"], "height"),
  withdrawals: indexRange,
  internalTransactions: blockRange(["block_number", "transaction_index", "index"]),
  addressWithdrawals: indexRange
}
