/**
 * Address helpers: recognise, normalise, compare and checksum the addresses the API sends.
 *
 * Blockscout writes address objects in EIP-55 mixed case (`0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed`)
 * and cursors in lower case; decoded values keep the case they were sent in. Compare with
 * {@link equalsAddress} (or {@link normalizeAddress} both sides), never with `===`.
 *
 * @since 0.1.0
 */
import { keccak256, utf8 } from "./internal/keccak.ts"
import { addressPattern } from "./Patterns.ts"
import type { AddressHash } from "./Primitives.ts"

/**
 * Whether a value is an address: a string of `0x` and 40 hex digits, in any case.
 *
 * Use it to narrow user input before {@link normalizeAddress} or {@link checksumAddress}, which throw on
 * anything else.
 *
 * @since 0.1.0
 * @category address helpers
 */
export const isAddress = (value: unknown): value is AddressHash =>
  typeof value === "string" && addressPattern.test(value)

const invalid = (address: string): TypeError =>
  new TypeError(`Expected an address (0x and 40 hex digits), got ${JSON.stringify(address.slice(0, 80))}`)

/**
 * The canonical lower-case form of an address (`0x` + 40 lower-case hex digits).
 *
 * Use it for keys of maps and sets, and to compare with the chain's own lower-case values (cursors,
 * decoded call parameters).
 *
 * Gotcha: throws a `TypeError` on a string that is not an address; check with {@link isAddress} first when
 * the input is untrusted.
 *
 * @since 0.1.0
 * @category address helpers
 */
export const normalizeAddress = (address: string): AddressHash => {
  if (!addressPattern.test(address)) throw invalid(address)
  return address.toLowerCase() as AddressHash
}

/**
 * Whether two strings are the same address, whatever their case (`0xABC...` equals `0xabc...`). Anything
 * that is not an address equals nothing, itself included.
 *
 * @since 0.1.0
 * @category address helpers
 */
export const equalsAddress = (a: string, b: string): boolean =>
  a.length === 42 && b.length === 42 && isAddress(a) && isAddress(b) && a.toLowerCase() === b.toLowerCase()

// A bounded memo: renderers and pipelines hit the same few hundred addresses again and again, and each
// checksum is a Keccak-256 (about a microsecond). Cleared whole when full, so memory stays bounded.
const memo = new Map<string, AddressHash>()
const memoLimit = 50_000

/**
 * The EIP-55 mixed-case checksum form of an address (any case in). A letter is upper case when the matching
 * nibble of `keccak256(lower-case hex digits)` is 8 or more.
 *
 * Use it to write addresses the way Blockscout and wallets do, or to compare exactly with what a server
 * sent: `checksumAddress(chain.users[3]) === transfer.to.hash`.
 *
 * Gotcha: throws a `TypeError` on a string that is not an address ({@link isAddress} first for untrusted
 * input). It says nothing about whether the input's own case was a valid checksum: see
 * {@link isChecksumAddress}.
 *
 * @since 0.1.0
 * @category address helpers
 */
export const checksumAddress = (address: string): AddressHash => {
  const cached = memo.get(address)
  if (cached !== undefined) return cached
  if (!addressPattern.test(address)) throw invalid(address)
  const lower = address.slice(2).toLowerCase()
  const digest = keccak256(utf8(lower))
  let out = "0x"
  for (let i = 0; i < 40; i++) {
    const ch = lower[i]!
    const nibble = (digest[i >> 1]! >> (i & 1 ? 0 : 4)) & 15
    out += ch >= "a" && nibble >= 8 ? ch.toUpperCase() : ch
  }
  if (memo.size >= memoLimit) memo.clear()
  memo.set(address, out as AddressHash)
  return out as AddressHash
}

/**
 * Whether an address is written in its exact EIP-55 checksum form. An all-lower-case or all-upper-case
 * address carries no checksum and fails, unless its checksum form happens to have letters of that case only.
 *
 * Use it to catch a mistyped address that a user pasted in mixed case.
 *
 * @since 0.1.0
 * @category address helpers
 */
export const isChecksumAddress = (value: unknown): value is AddressHash =>
  isAddress(value) && checksumAddress(value) === value
