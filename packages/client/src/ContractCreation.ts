/**
 * Where a contract came from: `contractCreation(address)` reads the address's details (S1 `GET
 * /addresses/{address}`: its `creator_address_hash`, `creation_transaction_hash` and `creation_status`), then
 * the creation transaction (S14 `GET /transactions/{hash}`) and its block (S11 `GET /blocks/{number}`).
 *
 * Three calls (60 Pro API credits); nothing beyond the first when the address has no creation transaction on
 * record (an externally owned address, or a contract the chain created at genesis).
 *
 * @since 0.1.0
 */
import type { AddressDetails, BlockDetails, TransactionDetails } from "@blockscout-effect/schema"
import { Effect, Option } from "effect"
import { Blockscout } from "./Blockscout.ts"
import type { BlockscoutError, CallReason } from "./BlockscoutError.ts"

/**
 * A contract's creation: who created it, how it ended (`status`: `success`, `failed`, `selfdestructed`; null from
 * servers before 9.0.0, which do not say), the creating transaction and the block that holds it.
 *
 * @since 0.1.0
 * @category models
 */
export interface ContractCreation {
  /** The contract's details, as `getAddress` answers them. */
  readonly address: AddressDetails
  /** The address that sent the creating transaction. */
  readonly creator: string | null
  /** The contract's `creation_status`. */
  readonly status: string | null
  /** The creating transaction. */
  readonly transaction: TransactionDetails
  /** The block holding the creating transaction (null while it is pending, which a created contract's is not). */
  readonly block: BlockDetails | null
}

/**
 * The creation of the contract at `address`: its creator, creating transaction and block, or `None` when the
 * server knows no creation transaction for it (not a contract, or created at genesis).
 *
 * Calls `getAddress`, then `getTransaction` and `getBlock` (S1, S14, S11); their errors are its errors (an
 * older server's `NotFound` for an address it never saw included).
 *
 * Gotcha: the creating transaction can be a failed one (`status` `failed`): the address then holds no code, but
 * the attempt is still its creation on record.
 *
 * @example
 * ```ts
 * import { contractCreation } from "@blockscout-effect/client"
 * import { Effect, Option } from "effect"
 *
 * export const createdAt = (address: string) =>
 *   contractCreation(address).pipe(
 *     Effect.map(Option.map((c) => ({ block: c.block?.height, creator: c.creator })))
 *   )
 * ```
 *
 * @since 0.1.0
 * @category helpers
 */
export const contractCreation = (
  address: string
): Effect.Effect<Option.Option<ContractCreation>, BlockscoutError<CallReason>, Blockscout> =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    const details = yield* bs.getAddress(address)
    const hash = details.creation_transaction_hash
    if (hash === undefined || hash === null) return Option.none()
    const transaction = yield* bs.getTransaction(hash)
    const height = transaction.block_number
    const block = height === null || height === undefined ? null : yield* bs.getBlock(height)
    return Option.some({
      address: details,
      creator: details.creator_address_hash ?? null,
      status: details.creation_status ?? null,
      transaction,
      block
    })
  }).pipe(Effect.withSpan("Blockscout.contractCreation"))
