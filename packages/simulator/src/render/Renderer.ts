/**
 * Chain values as JSON objects in the wire shape of one server: the per-instance API of Blockscout 11.x
 * or 12.x, or the Pro API. Each resource has its own module (`address.ts`, `tokenTransfer.ts`, ...); this
 * class holds what they share: the chain, the mode, timestamp formatting and the caches of address and
 * token objects (a few hundred), and names every resource's renderer in one place for the route handlers.
 *
 * What differs by mode is written beside the field it concerns, read from Blockscout's views at the
 * matching release (docs/blockscout-api.md §2 and `vendor/blockscout/openapi/`): instance timestamps carry
 * microseconds, Pro ones none; 12.x and the Pro API put `meta` on internal-transaction pages.
 *
 * @internal
 */
import type { SimulatedChain } from "../SimulatedChain.ts"
import type { Holding } from "../chain/nft.ts"
import type { InternalTemplate, LogTemplate, TransferTemplate, TxTemplate } from "../chain/templates.ts"
import type { SmartContractInfo } from "../chain/contracts.ts"
import type { TransactionPlace } from "../chain/hashes.ts"
import { hash } from "../internal/hash.ts"
import type { Json } from "../internal/query.ts"
import { renderAddress } from "./address.ts"
import { type AddressFacts, renderAddressDetails } from "./addressDetails.ts"
import { renderBlock } from "./block.ts"
import { renderInternalTransaction } from "./internalTransaction.ts"
import { renderLog } from "./log.ts"
import { renderNftCollection } from "./nftCollection.ts"
import { renderSmartContract } from "./smartContract.ts"
import { renderToken, renderTokenInstance } from "./token.ts"
import { renderTokenTransfer } from "./tokenTransfer.ts"
import { renderPendingTransaction, renderTransaction, renderTransactionDetails } from "./transaction.ts"
import { renderWithdrawal } from "./withdrawal.ts"

/** Which server a response is shaped for: a per-instance server of release line 11 or 12, or the Pro API. */
export type ServerMode = "11" | "12" | "pro"

const iso = (millis: number, pro: boolean): string => {
  const s = new Date(millis).toISOString()
  return pro ? `${s.slice(0, -5)}Z` : `${s.slice(0, -1)}000Z`
}

/** Renders chain values for one server mode; caches address and token objects. */
export class Renderer {
  readonly chain: SimulatedChain
  readonly mode: ServerMode
  readonly pro: boolean
  /** Address objects by lower-case hash. */
  readonly addresses = new Map<string, Json>()
  /** Token objects by token index. */
  readonly tokens = new Map<number, Json>()
  /** Call data arguments by (template slot, position): the same arguments recur, which keeps hashing off the hot path. */
  readonly rawInputs = new Map<number, string>()
  private lastMillis = -1
  private lastTimestamp = ""

  constructor(chain: SimulatedChain, mode: ServerMode) {
    this.chain = chain
    this.mode = mode
    this.pro = mode === "pro"
  }

  /** A block time: `2024-01-01T00:00:12.000000Z` per instance, `2024-01-01T00:00:12Z` on the Pro API. */
  timestamp(millis: number): string {
    if (millis !== this.lastMillis) {
      this.lastTimestamp = iso(millis, this.pro)
      this.lastMillis = millis
    }
    return this.lastTimestamp
  }

  /**
   * A database time (`verified_at`, `inserted_at`), which unlike block times has sub-second digits: the
   * instance writes all six (`...:30.116055Z`), the Pro API none. `salt` picks the microseconds.
   */
  preciseTimestamp(millis: number, salt: number): string {
    if (this.pro) return iso(millis, true)
    const micros = String(hash(this.chain.seed, 0x7135, salt) % 1000).padStart(3, "0")
    return `${new Date(millis).toISOString().slice(0, -1)}${micros}Z`
  }

  address(hash: string): Json {
    return renderAddress(this, hash)
  }
  addressDetails(facts: AddressFacts): Json {
    return renderAddressDetails(this, facts)
  }
  nullableAddress(hash: string | null): Json | null {
    return hash === null ? null : renderAddress(this, hash)
  }
  token(index: number): Json {
    return renderToken(this, index)
  }
  tokenInstance(tokenIndex: number, tokenId: number, value: bigint, inList: boolean): Json {
    return renderTokenInstance(this, tokenIndex, tokenId, value, inList)
  }
  tokenTransfer(h: number, item: TransferTemplate): Json {
    return renderTokenTransfer(this, h, item)
  }
  transaction(h: number, tx: TxTemplate): Json {
    return renderTransaction(this, h, tx)
  }
  transactionDetails(place: NonNullable<TransactionPlace>): Json {
    return renderTransactionDetails(this, place)
  }
  pendingTransaction(i: number): Json {
    return renderPendingTransaction(this, i)
  }
  log(h: number, log: LogTemplate): Json {
    return renderLog(this, h, log)
  }
  block(h: number, single = false): Json {
    return renderBlock(this, h, single)
  }
  smartContract(contract: SmartContractInfo): Json {
    return renderSmartContract(this, contract)
  }
  withdrawal(i: number, withReceiver: boolean): Json {
    return renderWithdrawal(this, i, withReceiver)
  }
  internalTransaction(h: number, it: InternalTemplate): Json {
    return renderInternalTransaction(this, h, it)
  }
  nftCollection(tokenIndex: number, instances: ReadonlyArray<Holding>): Json {
    return renderNftCollection(this, tokenIndex, instances)
  }
}
