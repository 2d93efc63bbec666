/**
 * The resources the list endpoints (E1–E12) return, by name: the one list that fixtures, generators and
 * coverage checks go through, so a new resource is added once.
 *
 * @since 0.1.0
 */
import { Address } from "./Address.ts"
import { Block } from "./Block.ts"
import { InternalTransaction } from "./InternalTransaction.ts"
import { Log } from "./Log.ts"
import { NftCollection } from "./NftCollection.ts"
import { SmartContract } from "./SmartContract.ts"
import { Token } from "./Token.ts"
import { TokenInstance } from "./TokenInstance.ts"
import { TokenTransfer } from "./TokenTransfer.ts"
import { Transaction } from "./Transaction.ts"
import { Withdrawal } from "./Withdrawal.ts"

/**
 * Each resource schema of the list endpoints, by its name.
 *
 * @since 0.1.0
 * @category schemas
 */
export const resources = {
  Address,
  Token,
  TokenTransfer,
  TokenInstance,
  Transaction,
  Log,
  Block,
  SmartContract,
  Withdrawal,
  InternalTransaction,
  NftCollection
} as const
