/**
 * S2 `GET /addresses/{address}/counters`: counts that agree with the address's lists as Blockscout counts them
 * (`Address.Counters`): its transactions (S3, pending ones included; a contract's only those sent to it, as
 * `where_transactions_to_from` reads, so not the one creating it), its token transfers (S4, one per transfer log:
 * an ERC-1155 batch's items count once), the gas its transactions used (a contract's incoming transactions, else
 * what it sent, as `address_to_gas_usage_count` chooses), and the blocks it validated (E7). Zeros for an address
 * the chain does not know, as servers since 7.0.0 answer.
 *
 * @internal
 */
import { partyAddress } from "../chain/coins.ts"
import { recipientOf, senderOf } from "../chain/parties.ts"
import { allMinedTransactions, pendingOf, roleFor, transferTotal } from "../internal/activity.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const addressCounters: RouteHandler = {
  handle: (ctx) => {
    const { chain } = ctx
    const address = ctx.params.address!
    const role = roleFor(ctx, address)
    const mined = allMinedTransactions(ctx, role, undefined)
    const sent = (h: number, tx: (typeof mined)[number][1]) => partyAddress(chain, h, senderOf(tx)) === role.address
    const received = (h: number, tx: (typeof mined)[number][1]) => {
      const to = recipientOf(tx)
      return to !== null && partyAddress(chain, h, to) === role.address
    }
    const gas = (pick: (h: number, tx: (typeof mined)[number][1]) => boolean) =>
      mined.reduce((sum, [h, tx]) => (pick(h, tx) ? sum + BigInt(chain.gasUsed(h, tx)) : sum), 0n)
    const contract = role.router >= 0 || role.token >= 0
    const incoming = contract ? gas((h, tx) => !sent(h, tx)) : 0n
    const gasUsage = incoming > 0n ? incoming : gas(sent)
    const validations = role.miner < 0 ? 0 : Math.max(0, Math.ceil((chain.height - role.miner) / chain.miners.length))
    // A contract's counter counts what was sent to it; any other address's, what it sent or received.
    const counted = contract ? mined.filter(([h, tx]) => !sent(h, tx) && received(h, tx)) : mined
    const pending = pendingOf(ctx, address, contract ? "to" : undefined)
    return ok({
      transactions_count: String(pending.length + counted.length),
      token_transfers_count: String(transferTotal(ctx, role)),
      gas_usage_count: String(gasUsage),
      validations_count: String(validations)
    })
  }
}
