/**
 * What involves an address, as merge sources (`merge.ts`): the mined transactions it sends, receives or
 * creates, the token transfers it sends or receives, and the internal calls it makes or receives. Each is read
 * backwards from the same party data the renderers write forwards (`parties.ts`, the templates' offsets), so an
 * address's list is exactly the chain's items that name it.
 *
 * What follows no progression is indexed once per chain, on first use: the contracts creation transactions made
 * (a created address is a hash), and the senders of NFT transfers (an NFT's sender is its previous owner).
 *
 * @internal
 */
import type { SimulatedChain } from "../SimulatedChain.ts"
import { perChain } from "./memo.ts"
import { fromList, mod, type Placed, progression, type Source } from "./merge.ts"
import { createsContract, type Party, recipientOf, senderOf } from "./parties.ts"
import type { InternalTemplate, TransferTemplate, TxTemplate } from "./templates.ts"

/** Which way an item involves the address: it sends (`from`), receives (`to`), or either (undefined). */
export type Direction = "to" | "from" | undefined

/** What an address is to the chain's pools: its index among users, routers, tokens, miners (-1 when not one). */
export interface Role {
  readonly address: string
  readonly user: number
  readonly router: number
  readonly token: number
  readonly miner: number
}

/** The role of an address (any case). */
export const roleOf = (chain: SimulatedChain, address: string): Role => {
  const a = address.toLowerCase()
  return {
    address: a,
    user: chain.users.indexOf(a),
    router: chain.routers.indexOf(a),
    token: chain.tokens.findIndex((t) => t.address === a),
    miner: chain.miners.indexOf(a)
  }
}

/** The progression of blocks where `party` of a template item is the address, or undefined when it never is. */
const partyProgression = <T>(
  chain: SimulatedChain,
  role: Role,
  top: number,
  slot: number,
  party: Party,
  item: T
): Source<T> | undefined => {
  const users = chain.users.length
  if (party._tag === "User") {
    return role.user < 0
      ? undefined
      : progression(chain.height, chain.period, top, slot, users, mod(role.user - party.offset, users), item)
  }
  const hit = party._tag === "Router" ? party.router === role.router : party.token === role.token
  return hit ? progression(chain.height, chain.period, top, slot, 1, 0, item) : undefined
}

/** Per chain: every contract a creation transaction made, by address, and where. */
const createdIndex = perChain((chain: SimulatedChain, _: "all") => {
  const index = new Map<string, Placed<TxTemplate>>()
  for (let h = 0; h < chain.height; h++) {
    for (const tx of chain.template(h).transactions) {
      if (createsContract(tx)) index.set(chain.createdAddress(h, tx.position), [h, tx])
    }
  }
  return index
})

/** The creation transaction of a contract, if a mined transaction created it. */
export const creationOf = (chain: SimulatedChain, address: string): Placed<TxTemplate> | undefined =>
  createdIndex(chain, "all").get(address.toLowerCase())

/** The sources of the mined transactions that involve an address, from block `top` down. */
export const transactionSources = (
  chain: SimulatedChain,
  role: Role,
  direction: Direction,
  top: number
): Array<Source<TxTemplate>> => {
  const sources: Array<Source<TxTemplate>> = []
  const add = (source: Source<TxTemplate> | undefined) => void (source === undefined ? undefined : sources.push(source))
  for (let slot = 0; slot < chain.period && slot < chain.height; slot++) {
    for (const tx of chain.templates[slot]!.transactions) {
      if (direction !== "to") add(partyProgression(chain, role, top, slot, senderOf(tx), tx))
      const recipient = recipientOf(tx)
      if (direction !== "from" && recipient !== null) add(partyProgression(chain, role, top, slot, recipient, tx))
    }
  }
  // A created contract's one transaction is its creation (its `created_contract`, counted as received).
  const known = role.user >= 0 || role.router >= 0 || role.token >= 0 || role.miner >= 0
  const creation = known || direction === "from" ? undefined : creationOf(chain, role.address)
  if (creation !== undefined) sources.push(fromList([creation], top))
  return sources
}

/** Per chain: the NFT (ERC-721, ERC-404) transfers each address sent, as the previous owner, newest first. */
const nftSenders = perChain((chain: SimulatedChain, _: "all") => {
  const index = new Map<string, Array<Placed<TransferTemplate>>>()
  for (let h = chain.height - 1; h >= 0; h--) {
    for (const item of chain.template(h).transfers) {
      const type = chain.tokens[item.token]!.type
      if (type !== "ERC-721" && type !== "ERC-404") continue
      const from = chain.transferParties(h, item).from
      const list = index.get(from) ?? []
      list.push([h, item])
      index.set(from, list)
    }
  }
  return index
})

const nftSent = (chain: SimulatedChain, address: string): ReadonlyArray<Placed<TransferTemplate>> =>
  nftSenders(chain, "all").get(address.toLowerCase()) ?? []

/** Which transfer items a token-transfer list keeps: token types and one token contract (indexes). */
export interface TransferFilter {
  readonly types?: ReadonlyArray<string> | undefined
  readonly token?: number | undefined
}

/** The sources of the token transfers that involve an address, from block `top` down. */
export const transferSources = (
  chain: SimulatedChain,
  role: Role,
  direction: Direction,
  filter: TransferFilter,
  top: number
): Array<Source<TransferTemplate>> => {
  const sources: Array<Source<TransferTemplate>> = []
  const kept = (item: TransferTemplate) =>
    (filter.token === undefined || item.token === filter.token) &&
    (filter.types === undefined || filter.types.includes(chain.tokens[item.token]!.type))
  const users = chain.users.length
  const user = (slot: number, offset: number, item: TransferTemplate) =>
    progression(chain.height, chain.period, top, slot, users, mod(role.user - offset, users), item)
  for (let slot = 0; slot < chain.period && slot < chain.height; slot++) {
    for (const item of chain.templates[slot]!.transfers) {
      if (!kept(item) || role.user < 0) continue
      const nft = chain.tokens[item.token]!.type === "ERC-721" || chain.tokens[item.token]!.type === "ERC-404"
      if (direction !== "from") sources.push(user(slot, item.log.toOffset, item))
      if (direction !== "to" && !nft) sources.push(user(slot, item.log.fromOffset, item))
    }
  }
  // An NFT's sender is its previous owner (the zero address at a mint): read from the index.
  if (direction !== "to") {
    const sent = nftSent(chain, role.address).filter(([, item]) => kept(item))
    if (sent.length > 0) sources.push(fromList(sent, top))
  }
  return sources
}

/** Listing order of token transfer items in one block: log index descending, batch items ascending. */
export const transferLater = (a: TransferTemplate, b: TransferTemplate): boolean =>
  a.logIndex > b.logIndex || (a.logIndex === b.logIndex && (a.indexInBatch ?? 0) < (b.indexInBatch ?? 0))

/** Whether two transfer items of one block are the same. */
export const sameTransfer = (a: TransferTemplate, b: TransferTemplate): boolean =>
  a.logIndex === b.logIndex && a.indexInBatch === b.indexInBatch

/** The sources of the internal calls that involve an address (a router's calls, calls paying a user or a router). */
export const internalSources = (
  chain: SimulatedChain,
  role: Role,
  direction: Direction,
  top: number
): Array<Source<InternalTemplate>> => {
  const sources: Array<Source<InternalTemplate>> = []
  const users = chain.users.length
  for (const t of chain.templates) {
    if (t.slot >= chain.height) continue
    for (const it of t.internals) {
      const from = role.router >= 0 && it.fromRouter === role.router
      if (from && direction !== "to") {
        sources.push(progression(chain.height, chain.period, top, t.slot, 1, 0, it))
        continue
      }
      if (direction === "from") continue
      if (it.to._tag === "User" && role.user >= 0) {
        sources.push(
          progression(chain.height, chain.period, top, t.slot, users, mod(role.user - it.to.offset, users), it)
        )
      } else if (it.to._tag === "Router" && it.to.router === role.router) {
        sources.push(progression(chain.height, chain.period, top, t.slot, 1, 0, it))
      }
    }
  }
  return sources
}

/** Listing order of internal calls in one block: transaction position, then index, descending. */
export const internalLater = (a: InternalTemplate, b: InternalTemplate): boolean =>
  a.txPosition > b.txPosition || (a.txPosition === b.txPosition && a.index > b.index)
