/**
 * Block and transaction hashes of the simulated chain. Each carries its place in its last digits (a block
 * hash its height, a transaction hash its block and position), so a hash maps back to its item in O(1):
 * cursors and path parameters never need a lookup table.
 *
 * @internal
 */
import { hex } from "../internal/hash.ts"
import { D, pendingBlockMarker } from "./constants.ts"

/** The hash of block `h`: 54 hash digits, then the height in 10 hex digits. */
export const blockHashOf = (seed: number, h: number): string =>
  `0x${hex(54, seed, D.blockHash, h)}${h.toString(16).padStart(10, "0")}`

/** The hash of the transaction at `position` of block `h` (pending ones use the marker block). */
export const transactionHashOf = (seed: number, h: number, position: number): string =>
  `0x${hex(48, seed, D.txHash, h, position)}${h.toString(16).padStart(10, "0")}${position.toString(16).padStart(6, "0")}`

/**
 * Where a transaction hash points: a mined transaction, a pending one, or nothing the chain holds.
 *
 * @since 0.1.0
 * @category models
 */
export type TransactionPlace =
  | { readonly _tag: "Mined"; readonly block: number; readonly position: number }
  | { readonly _tag: "Pending"; readonly index: number }
  /**
   * A transaction of a block a reorganisation replaced (live mode), which the new block did not include again:
   * back to pending, in no block. `generation` is the last generation of its height whose block held it.
   */
  | { readonly _tag: "Dropped"; readonly block: number; readonly position: number; readonly generation: number }
  | undefined

/** Reads a transaction hash back into its place, checking it against the chain's own hash for that place. */
export const locateTransaction = (
  seed: number,
  hash: string,
  height: number,
  pendingCount: number,
  transactionsIn: (h: number) => number
): TransactionPlace => {
  const lower = hash.toLowerCase()
  if (lower.length !== 66) return undefined
  const h = Number.parseInt(lower.slice(50, 60), 16)
  const p = Number.parseInt(lower.slice(60), 16)
  if (h === pendingBlockMarker) {
    return p < pendingCount && transactionHashOf(seed, h, p) === lower ? { _tag: "Pending", index: p } : undefined
  }
  if (h >= height || p >= transactionsIn(h) || transactionHashOf(seed, h, p) !== lower) return undefined
  return { _tag: "Mined", block: h, position: p }
}
