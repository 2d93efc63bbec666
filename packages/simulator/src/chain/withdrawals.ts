/**
 * Beacon-chain withdrawals of the simulated chain (E9, E12): `withdrawalsPerBlock` a block, withdrawal
 * `i` in block `floor(i / withdrawalsPerBlock)`, paid to `users[(7 i + seed) % users]`.
 *
 * @internal
 */
import { hash } from "../internal/hash.ts"
import { D } from "./constants.ts"

/** The receiver's index in `users` of withdrawal `i`. */
export const withdrawalReceiverIndex = (seed: number, users: number, i: number): number =>
  (7 * i + (seed & 0xff)) % users

/** The validator index of withdrawal `i`. */
export const validatorIndex = (seed: number, i: number): number => hash(seed, D.validator, i) % 1_000_000

/**
 * Withdrawals of user `u` (of 64), newest first, indexes strictly below `before` (or `count`): the `i`
 * with `(7 i + offset) % 64 === u` form one residue class mod 64, so this is arithmetic.
 */
export const userWithdrawals = (
  seed: number,
  users: number,
  count: number,
  userIndex: number,
  limit: number,
  before?: number
): Array<number> => {
  // 7 * 55 = 385 = 6*64 + 1, so 55 is 7's inverse mod 64.
  const residue = (((((userIndex - (seed & 0xff)) % users) + users) % users) * 55) % users
  const top = (before ?? count) - 1
  const out: Array<number> = []
  if (top < residue) return out
  for (let i = residue + users * Math.floor((top - residue) / users); i >= 0 && out.length < limit; i -= users)
    out.push(i)
  return out
}
