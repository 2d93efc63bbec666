/**
 * The transaction object (§2.4) as `TransactionView` writes it in 11.x, 12.x and on the Pro API: the 37
 * fields every version sends (`historic_exchange_rate`, `authorization_list`, `is_pending_update`,
 * `fhe_operations_count` included; no `block_hash` or `actions`, which no list endpoint sends), `to` null for
 * a contract creation, `gas_limit` a string, and `method`, `raw_input` and `decoded_input` that agree (the
 * method's real selector and parameters).
 *
 * @internal
 */
import { closingPrice, currentRate } from "../internal/stats.ts"
import { partyAddress, pendingKey, priorityPerGas } from "../chain/coins.ts"
import { methods } from "../chain/methods.ts"
import { createsContract, recipientOf, transactionValue } from "../chain/parties.ts"
import type { TransactionPlace } from "../chain/hashes.ts"
import type { TxTemplate } from "../chain/templates.ts"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"
import { renderAddress, renderNullableAddress } from "./address.ts"
import { renderTokenTransfer } from "./tokenTransfer.ts"

/** Call data: the selector, then 128 hex digits that recur per (template slot, position). */
const rawInput = (r: RenderContext, selector: string, h: number, position: number): string => {
  const key = (h % 32) * 4096 + position
  let args = r.rawInputs.get(key)
  if (args === undefined) {
    args = r.chain.hexOf(128, 4, h % 32, position)
    r.rawInputs.set(key, args)
  }
  return `${selector}${args}`
}

/** A decoded call: each parameter of the method with a value of its type. */
const decodedInput = (r: RenderContext, tx: TxTemplate, name: string, key: number, value: bigint): Json | null => {
  // A mint replaces the template's method: decode it as `mint`, everything else by the template's key.
  const method = name === "mint" ? methods.mint : tx.methodKey === null ? undefined : methods[tx.methodKey]
  if (method === undefined) return null
  const chain = r.chain
  const sample = (type: string, i: number): unknown => {
    switch (type) {
      case "address":
        return chain.userAt(key, tx.senderOffset + 2 + i)
      case "uint256":
        return String(value === 0n ? BigInt(1 + (chain.noise(key, tx.position, i) % 1000)) : value)
      case "uint256[]":
        return [String(1 + i), String(2 + i)]
      case "bytes32":
        return `0x${chain.hexOf(64, 10, key % 32, tx.position)}`
      case "bytes[]":
        return []
      default:
        return "0x"
    }
  }
  return {
    method_call: `${method.name}(${method.parameters.map(([n, t]) => `${t} ${n}`).join(", ")})`,
    method_id: method.selector.slice(2),
    parameters: method.parameters.map(([n, t], i) => ({ name: n, type: t, value: sample(t, i) }))
  }
}

/** What mined and pending transactions share; `h` null for a pending one. */
const common = (r: RenderContext, tx: TxTemplate, h: number | null, salt: number, sender: string): Json => {
  const chain = r.chain
  const key = h ?? pendingKey
  const gasUsed = h === null ? null : chain.gasUsed(h, tx)
  const baseFee = chain.baseFee(h ?? chain.height - 1)
  const priority = priorityPerGas(chain, key, tx, salt)
  const gasPrice = baseFee + priority
  const gasLimit = (gasUsed ?? 100_000) + 20_000
  const value = transactionValue(tx, key, salt, (a, b, c) => chain.amount(a, b, c))
  const creation = createsContract(tx)
  const recipient = recipientOf(tx)
  const to = recipient === null ? null : partyAddress(chain, key, recipient)
  const method = h === null ? tx.method : chain.methodOf(h, tx)
  const selector =
    method === "mint" ? methods.mint.selector : tx.methodKey === null ? null : methods[tx.methodKey].selector
  return {
    value: String(value),
    from: renderAddress(r, sender),
    to: renderNullableAddress(r, to),
    created_contract: creation && h !== null ? renderAddress(r, chain.createdAddress(h, tx.position)) : null,
    method,
    type: 2,
    nonce: chain.nonce(key, tx.position + salt),
    exchange_rate: currentRate,
    historic_exchange_rate: h === null ? null : closingPrice(chain, h),
    gas_limit: String(gasLimit),
    gas_used: gasUsed === null ? null : String(gasUsed),
    gas_price: String(gasPrice),
    base_fee_per_gas: String(baseFee),
    max_fee_per_gas: String(gasPrice * 2n),
    max_priority_fee_per_gas: String(priority),
    priority_fee: gasUsed === null ? null : String(priority * BigInt(gasUsed)),
    transaction_burnt_fee: gasUsed === null ? null : String(baseFee * BigInt(gasUsed)),
    fee:
      gasUsed === null
        ? { type: "maximum", value: String(gasPrice * 2n * BigInt(gasLimit)) }
        : { type: "actual", value: String(gasPrice * BigInt(gasUsed)) },
    raw_input: selector === null ? "0x" : rawInput(r, selector, key, tx.position),
    decoded_input: method === null ? null : decodedInput(r, tx, method, key, value),
    token_transfers: null,
    token_transfers_overflow: null,
    transaction_types: tx.types,
    transaction_tag: null,
    authorization_list: [],
    fhe_operations_count: 0
  }
}

/** The transaction at position `tx.position` of block `h`. */
export const renderTransaction = (r: RenderContext, h: number, tx: TxTemplate): Json => {
  const chain = r.chain
  const ok = !tx.failed
  return {
    hash: chain.transactionHash(h, tx.position),
    timestamp: r.timestamp(chain.blockMillis(h)),
    block_number: h,
    status: ok ? "ok" : "error",
    result: ok ? "success" : "Reverted",
    revert_reason: ok ? null : { raw: "0x" },
    confirmations: chain.height - h,
    confirmation_duration: [0, 12000],
    position: tx.position,
    has_error_in_internal_transactions: tx.failed && tx.internalCount > 0,
    is_pending_update: false,
    ...common(r, tx, h, 0, chain.transactionSender(h, tx))
  }
}

/** What a transaction in no block says of its block, status and place: a pending one, or one a reorganisation dropped. */
const unmined = {
  timestamp: null,
  block_number: null,
  status: null,
  result: "pending",
  revert_reason: null,
  confirmations: 0,
  confirmation_duration: [],
  position: null,
  has_error_in_internal_transactions: null,
  is_pending_update: null
}

/** Pending transaction `i` (no block: null status, position and timestamp). */
export const renderPendingTransaction = (r: RenderContext, i: number): Json => {
  const chain = r.chain
  const tx = chain.pendingTemplate(i)
  return {
    hash: chain.pendingHash(i),
    ...unmined,
    ...common(r, tx, null, i + 1, chain.users[(i * 5) % chain.users.length]!)
  }
}

/** How many token transfers a transaction's details carry (`token_transfers_overflow` says when there are more). */
export const transferPreviewCount = 10

/**
 * A transaction as its lookup (`GET /transactions/{h}`) writes it: the list object, with its first token
 * transfers in log order (S15's order) and whether there are more; a pending transaction has none yet.
 */
export const renderTransactionDetails = (r: RenderContext, place: NonNullable<TransactionPlace>): Json => {
  if (place._tag === "Pending") {
    return { ...renderPendingTransaction(r, place.index), token_transfers: [], token_transfers_overflow: false }
  }
  // A dropped transaction is rendered by the route, from the chain as it was (`renderDroppedTransaction`).
  if (place._tag === "Dropped") return renderDroppedTransaction(r, place.block, place.position)
  const chain = r.chain
  const tx = chain.template(place.block).transactions[place.position]!
  const transfers = chain
    .template(place.block)
    .transfers.filter((t) => t.txPosition === tx.position)
    .sort((a, b) => a.logIndex - b.logIndex || (a.indexInBatch ?? 0) - (b.indexInBatch ?? 0))
  return {
    ...renderTransaction(r, place.block, tx),
    token_transfers: transfers.slice(0, transferPreviewCount).map((t) => renderTokenTransfer(r, place.block, t)),
    token_transfers_overflow: transfers.length > transferPreviewCount
  }
}

/**
 * A transaction of a block a reorganisation replaced (live mode), as its lookup writes it once the block lost
 * consensus: back to pending (no block, status or position; the fee a maximum), with what it was sent with.
 * `r` renders the chain as it was while that block was canonical.
 */
export const renderDroppedTransaction = (r: RenderContext, h: number, position: number): Json => {
  const tx = r.chain.template(h).transactions[position]!
  const mined = renderTransaction(r, h, tx)
  const gasLimit = BigInt(mined.gas_limit as string)
  return {
    ...mined,
    ...unmined,
    created_contract: null,
    gas_used: null,
    priority_fee: null,
    transaction_burnt_fee: null,
    fee: { type: "maximum", value: String(BigInt(mined.max_fee_per_gas as string) * gasLimit) },
    token_transfers: [],
    token_transfers_overflow: false
  }
}
