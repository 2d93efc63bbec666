/**
 * T1 `GET /transactions/{hash}/state-changes`: the balances a transaction changed, as
 * `TransactionView.prepare_state_change` writes them. Coin: the sender (value and fee), the recipient (value,
 * unless the transaction failed) and the parties of its internal calls, each with the balance before and after,
 * read from the same coin history the address's coin balance lists serve (the balance after the previous block,
 * plus what the block's earlier transactions moved). Tokens: each party of its token transfers, per token (and id
 * for ERC-1155), with the change (ERC-721: the NFTs that moved, `{ total, direction }`); token balances before
 * and after are null (the simulated chain does not keep per-transaction token balances; servers write null
 * where they cannot read them).
 *
 * The simulated chain pays its miners per block (`chain/coinHistory.ts`), not per transaction, so no entry
 * carries `is_miner: true`. Pages are offsets into the list: `state_changes_count` on 12.x and the Pro API,
 * `items_count` beside a null `state_changes` on 11.x (which a client that leaves null keys out cannot send back).
 * A pending transaction has none; 404 for a hash the chain does not hold.
 *
 * @internal
 */
import { coinHistory } from "../chain/coinHistory.ts"
import { internalValue, minedFee, minedValue, partyAddress } from "../chain/coins.ts"
import { recipientOf, senderOf } from "../chain/parties.ts"
import type { TxTemplate } from "../chain/templates.ts"
import { int, type Json, notFound, ok } from "../internal/query.ts"
import type { RouteContext, RouteHandler } from "../internal/router.ts"
import type { SimulatedChain } from "../SimulatedChain.ts"

/** What transaction `tx` of block `h` moved, in wei, per address (lower case). */
const coinMoves = (chain: SimulatedChain, h: number, tx: TxTemplate): Map<string, bigint> => {
  const moves = new Map<string, bigint>()
  const move = (address: string, delta: bigint) => moves.set(address, (moves.get(address) ?? 0n) + delta)
  const value = tx.failed ? 0n : minedValue(chain, h, tx)
  move(partyAddress(chain, h, senderOf(tx)), -(value + minedFee(chain, h, tx)))
  const recipient = recipientOf(tx)
  if (recipient !== null) move(partyAddress(chain, h, recipient), value)
  for (const it of chain.template(h).internals) {
    if (it.txPosition !== tx.position || it.failed) continue
    const v = internalValue(chain, h, it)
    if (v === 0n) continue
    const { from, to } = chain.internalParties(h, it)
    move(from, -v)
    if (to !== null) move(to, v)
  }
  return moves
}

/** An address's coin balance after block `h` (0 before its first change). */
const balanceAfter = (chain: SimulatedChain, address: string, h: number): bigint => {
  let value = 0n
  for (const point of coinHistory(chain, address)) {
    if (point.block > h) break
    value = point.value
  }
  return value
}

const changesOf = (ctx: RouteContext, h: number, tx: TxTemplate): Array<Json> => {
  const { chain, render } = ctx
  const out: Array<Json> = []
  const block = chain.template(h).transactions
  for (const [address, change] of coinMoves(chain, h, tx)) {
    let before = balanceAfter(chain, address, h - 1)
    for (const earlier of block) {
      if (earlier.position >= tx.position) break
      before += coinMoves(chain, h, earlier).get(address) ?? 0n
    }
    const after = before + change
    const known = before >= 0n && after >= 0n
    out.push({
      address: render.address(address),
      is_miner: false,
      type: "coin",
      token: null,
      token_id: null,
      balance_before: known ? String(before) : null,
      balance_after: known ? String(after) : null,
      change: String(change)
    })
  }
  // Token changes: per party, token and (ERC-1155) id, in the order the transfers name them.
  const tokens = new Map<
    string,
    { address: string; token: number; id: number | null; change: bigint; nft: Array<Json> }
  >()
  for (const item of chain.template(h).transfers) {
    if (item.txPosition !== tx.position) continue
    const token = chain.tokens[item.token]!
    const { from, to } = chain.transferParties(h, item)
    const id = token.type === "ERC-20" ? null : chain.tokenIdOf(h, item)
    const value = chain.transferValue(h, item)
    for (const [party, sign, direction] of [
      [from, -1n, "from"],
      [to, 1n, "to"]
    ] as const) {
      if (party === chain.zeroAddress()) continue
      const key = `${party}|${item.token}|${token.type === "ERC-1155" ? id : ""}`
      const entry = tokens.get(key) ?? {
        address: party,
        token: item.token,
        id: token.type === "ERC-1155" ? id : null,
        change: 0n,
        nft: []
      }
      entry.change += sign * value
      if (token.type === "ERC-721" && id !== null) {
        entry.nft.push({ total: { token_id: String(id), token_instance: null }, direction })
      }
      tokens.set(key, entry)
    }
  }
  for (const entry of tokens.values()) {
    const type = chain.tokens[entry.token]!.type
    out.push({
      address: render.address(entry.address),
      is_miner: false,
      type: "token",
      token: render.token(entry.token),
      token_id: entry.id === null ? null : String(entry.id),
      balance_before: null,
      balance_after: null,
      change: type === "ERC-721" ? entry.nft : String(entry.change)
    })
  }
  return out
}

export const transactionStateChanges: RouteHandler = {
  handle: (ctx) => {
    const { chain } = ctx
    const place = chain.locateTransaction(ctx.params.hash!)
    if (place === undefined) throw notFound()
    if (place._tag === "Pending") return ok({ items: [], next_page_params: null })
    const tx = chain.template(place.block).transactions[place.position]!
    const all = changesOf(ctx, place.block, tx)
    // The cursor is an offset: 12.x and the Pro API name it `state_changes_count`; 11.x reads `items_count` as the
    // offset only beside a `state_changes` key (`chain.ex` `paging_options`), which its cursors carry as null.
    const eleven = ctx.render.mode === "11"
    const offset = eleven
      ? "state_changes" in ctx.query
        ? (int(ctx.query, "items_count") ?? 0)
        : 0
      : (int(ctx.query, "state_changes_count") ?? 0)
    const end = offset + ctx.size
    return ok({
      items: all.slice(offset, end),
      next_page_params: ctx.next(end < all.length, () =>
        eleven ? { items_count: end, state_changes: null } : { state_changes_count: end }
      )
    })
  }
}
