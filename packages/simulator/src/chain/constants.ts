/**
 * The fixed numbers every part of the simulated chain agrees on: the template period, the address pools'
 * sizes, the genesis time and block interval, and the hash domains that keep two kinds of value apart.
 *
 * @internal
 */

/**
 * The number of block templates: block `h` uses template `h % PERIOD`.
 *
 * @since 0.1.0
 * @category models
 */
export const PERIOD = 32
/** Externally owned accounts that send, receive and hold. */
export const USERS = 64
/** Block producers, taking turns. */
export const MINERS = 5
/** Contracts that contract calls go to; they make the internal transactions. */
export const ROUTERS = 6
/** The chain's first block time: 2024-01-01T00:00:00Z. */
export const GENESIS_MILLIS = 1_704_067_200_000
/** Seconds between blocks, in milliseconds (Ethereum's 12 s slots). */
export const BLOCK_MILLIS = 12_000

/** Hash domains, so two kinds of value never share inputs. */
export const D = {
  blockHash: 1,
  txHash: 2,
  address: 3,
  amount: 4,
  nonce: 5,
  created: 6,
  topic: 7,
  validator: 8,
  gas: 9,
  pending: 10,
  misc: 11
} as const

/** The zero address: the sender of a mint. */
export const zeroAddress = "0x0000000000000000000000000000000000000000"
/** The "block" a pending transaction's hash names (readable in its hash), above any real height. */
export const pendingBlockMarker = 0xffffffffff
