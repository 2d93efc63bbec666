/**
 * An address's details (`GET /addresses/{a}`) as `AddressView.prepare_address` writes them: the address object,
 * its coin balance and the block it was read at, its creation (for a contract a mined transaction created), its
 * token (for a token contract), and the `has_*` flags of `address_existence_checks`. Every value is read from
 * the same chain data the address's lists and counters serve, so the flags say what those lists hold.
 *
 * An address the chain does not know is answered too, as servers since 7.0.0 do: no balance, every flag false.
 *
 * @internal
 */
import { coinHistory } from "../chain/coinHistory.ts"
import { holdersOf } from "../chain/holders.ts"
import { creationOf, type Role } from "../chain/involvement.ts"
import { partyAddress } from "../chain/coins.ts"
import { senderOf } from "../chain/parties.ts"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"
import { renderAddress } from "./address.ts"
import { renderToken } from "./token.ts"

/** What the details need beyond the address: its role and whether its lists hold anything. */
export interface AddressFacts {
  readonly role: Role
  readonly hasTokenTransfers: boolean
  readonly hasLogs: boolean
}

export const renderAddressDetails = (r: RenderContext, facts: AddressFacts): Json => {
  const chain = r.chain
  const { role } = facts
  const history = coinHistory(chain, role.address)
  const last = history[history.length - 1]
  const creation = role.user >= 0 || role.miner >= 0 ? undefined : creationOf(chain, role.address)
  const holds = chain.tokens.some((t) => holdersOf(chain, t.index).some((h) => h.address === role.address))
  const base = renderAddress(r, role.address)
  return {
    ...base,
    is_contract: base.is_contract === true || (creation !== undefined && !creation[1].failed),
    creator_address_hash:
      creation === undefined
        ? null
        : (renderAddress(r, partyAddress(chain, creation[0], senderOf(creation[1]))).hash as string),
    creation_transaction_hash: creation === undefined ? null : chain.transactionHash(creation[0], creation[1].position),
    creation_status: creation === undefined ? null : creation[1].failed ? "failed" : "success",
    token: role.token >= 0 ? renderToken(r, role.token) : null,
    coin_balance: last === undefined ? null : String(last.value),
    exchange_rate: "3150.25",
    block_number_balance_updated_at: last === undefined ? null : last.block,
    has_validated_blocks: role.miner >= 0 && chain.height > role.miner,
    has_logs: facts.hasLogs,
    has_tokens: holds,
    has_token_transfers: facts.hasTokenTransfers,
    watchlist_address_id: null,
    has_beacon_chain_withdrawals: role.user >= 0 && chain.userWithdrawals(role.user, 1).length > 0
  }
}
