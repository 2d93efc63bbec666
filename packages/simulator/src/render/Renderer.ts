/**
 * Chain values as JSON objects in the wire shape of one server: the per-instance API of Blockscout 11.x
 * or 12.x, or the Pro API. Each resource has its own module (`address.ts`, `tokenTransfer.ts`, ...); this
 * class names every resource's renderer in one place for the route handlers; what they share (the chain, the
 * mode, timestamp formatting and the caches) is its base, `RenderContext` (`context.ts`).
 *
 * What differs by mode is written beside the field it concerns, read from Blockscout's views at the
 * matching release (docs/blockscout-api.md §2 and `vendor/blockscout/openapi/`): instance timestamps carry
 * microseconds, Pro ones none; 12.x and the Pro API put `meta` on internal-transaction pages.
 *
 * @internal
 */
import type { Holding } from "../chain/nft.ts"
import type { InternalTemplate, LogTemplate, TransferTemplate, TxTemplate } from "../chain/templates.ts"
import type { SmartContractInfo } from "../chain/contracts.ts"
import type { TransactionPlace } from "../chain/hashes.ts"
import type { Json } from "../internal/query.ts"
import { RenderContext } from "./context.ts"
import { renderAddress, renderNullableAddress } from "./address.ts"
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

/** Renders chain values for one server mode; caches address and token objects. */
export class Renderer extends RenderContext {
  address(hash: string): Json {
    return renderAddress(this, hash)
  }
  addressDetails(facts: AddressFacts): Json {
    return renderAddressDetails(this, facts)
  }
  nullableAddress(hash: string | null): Json | null {
    return renderNullableAddress(this, hash)
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

export type { ServerMode } from "./context.ts"
