/**
 * Who holds each token, from its transfers: the balances a token's holder list, its counters, its `holders_count`
 * and each address's token balances all read, so they agree.
 *
 * - ERC-20: every address a transfer of the token names holds an opening allocation (a round amount from the
 *   seed, plus whatever its transfers took out beyond what they brought in) plus its net transfers: positive for
 *   all of them, as a chain that began with funded accounts would have it.
 * - ERC-721: the owner of each instance (its last receiver) holds it; a holder's balance is its count.
 * - ERC-404: as ERC-721, each instance carrying one whole token (10^decimals units) of the fungible side.
 * - ERC-1155: one entry per holder and token id, the instance's holding as address NFT lists show it.
 *
 * Computed once per token and chain, on first use (work proportional to the token's transfers).
 *
 * @internal
 */
import type { SimulatedChain } from "../SimulatedChain.ts"
import { hash } from "../internal/hash.ts"
import { D } from "./constants.ts"
import { perChain } from "./memo.ts"
import { progressionCount } from "./merge.ts"

/** One entry of a token's holder list. */
export interface Holder {
  readonly address: string
  readonly value: bigint
  /** The token id (ERC-1155 entries only). */
  readonly tokenId: number | null
}

/** A token's holders, largest balance first (then address descending), as `/tokens/{a}/holders` lists them. */
export const holdersOf: (chain: SimulatedChain, tokenIndex: number) => ReadonlyArray<Holder> = perChain(
  (chain: SimulatedChain, tokenIndex: number) =>
    compute(chain, tokenIndex).sort(
      (a, b) =>
        (a.value === b.value ? 0 : a.value > b.value ? -1 : 1) ||
        (a.address === b.address ? 0 : a.address > b.address ? -1 : 1) ||
        (a.tokenId ?? 0) - (b.tokenId ?? 0)
    )
)

const compute = (chain: SimulatedChain, tokenIndex: number): Array<Holder> => {
  const token = chain.tokens[tokenIndex]!
  if (token.type === "ERC-20") return fungibleHolders(chain, tokenIndex)
  const byAddress = new Map<string, bigint>()
  const out: Array<Holder> = []
  for (let id = 0; id < token.idCount; id++) {
    const owner = chain.instanceOwner(tokenIndex, id)
    if (owner === undefined) continue
    if (token.type === "ERC-1155") {
      const held = chain.holdings(owner).find((h) => h.token === tokenIndex && h.tokenId === id)
      if (held !== undefined && held.amount > 0n) out.push({ address: owner, value: held.amount, tokenId: id })
      continue
    }
    const unit = token.type === "ERC-404" ? 10n ** BigInt(token.decimals ?? 18) : 1n
    byAddress.set(owner, (byAddress.get(owner) ?? 0n) + unit)
  }
  for (const [address, value] of byAddress) out.push({ address, value, tokenId: null })
  return out
}

/** Adds the net transfers of an ERC-20 token in blocks `from` to `to - 1` to `net` (by address), and returns it. */
const addNet = (
  chain: SimulatedChain,
  tokenIndex: number,
  from: number,
  to: number,
  net: Map<string, bigint>
): Map<string, bigint> => {
  for (let slot = 0; slot < chain.period && slot < to; slot++) {
    for (const item of chain.templates[slot]!.transfers) {
      if (item.token !== tokenIndex) continue
      for (
        let h = slot + chain.period * Math.ceil(Math.max(0, from - slot) / chain.period);
        h < to;
        h += chain.period
      ) {
        const { from: sender, to: receiver } = chain.transferParties(h, item)
        const value = chain.transferValue(h, item)
        net.set(sender, (net.get(sender) ?? 0n) - value)
        net.set(receiver, (net.get(receiver) ?? 0n) + value)
      }
    }
  }
  return net
}

/**
 * An ERC-20 token's net transfers by address over the whole chain. A live chain's views share the sum over its
 * final heights (`ChainFork`), so a new head costs its own blocks, not the whole history again.
 */
const netTransfers = (chain: SimulatedChain, tokenIndex: number): Map<string, bigint> => {
  const fork = chain.fork
  const final = fork === undefined ? 0 : Math.min(fork.finalHeight, chain.height)
  if (fork === undefined || final <= 0) return addNet(chain, tokenIndex, 0, chain.height, new Map())
  const key = `fungibleNet|${tokenIndex}`
  let base = fork.shared.get(key) as { readonly upTo: number; readonly net: Map<string, bigint> } | undefined
  if (base === undefined || base.upTo > final) base = { upTo: 0, net: new Map() }
  if (base.upTo < final) {
    base = { upTo: final, net: addNet(chain, tokenIndex, base.upTo, final, new Map(base.net)) }
    const kept = fork.shared.get(key) as { readonly upTo: number } | undefined
    if (kept === undefined || kept.upTo < final) fork.shared.set(key, base)
  }
  return addNet(chain, tokenIndex, final, chain.height, new Map(base.net))
}

const fungibleHolders = (chain: SimulatedChain, tokenIndex: number): Array<Holder> => {
  const net = netTransfers(chain, tokenIndex)
  const decimals = BigInt(chain.tokens[tokenIndex]!.decimals ?? 18)
  return [...net].map(([address, change]) => {
    const opening = BigInt(
      1 + (hash(chain.seed, D.misc, tokenIndex, Number.parseInt(address.slice(2, 10), 16)) % 90_000)
    )
    return { address, value: opening * 10n ** decimals + (change > 0n ? change : 0n), tokenId: null }
  })
}

/**
 * How many holders a token has, as Blockscout's `token_holders_count` (and a token's `holders_count`) counts
 * them: distinct addresses with a balance (`COUNT(DISTINCT address_hash)` in `CurrentTokenBalance`), so an
 * ERC-1155 holder of several ids, which `/tokens/{a}/holders` lists once per id, counts once.
 */
export const holderCount = (chain: SimulatedChain, tokenIndex: number): number =>
  new Set(holdersOf(chain, tokenIndex).map((holder) => holder.address)).size

/**
 * How many transfers of a token the chain holds, as Blockscout's `transfers_count` counts them: one per transfer
 * log (its `token_transfers` row), so an ERC-1155 batch, which `/tokens/{a}/transfers` lists as one item per token
 * id, counts once.
 */
export const transferCount = (chain: SimulatedChain, tokenIndex: number): number => {
  let n = 0
  for (let slot = 0; slot < chain.period; slot++) {
    for (const item of chain.templates[slot]!.transfers) {
      if (item.token === tokenIndex && (item.indexInBatch ?? 0) === 0) {
        n += progressionCount(chain.height, chain.period, chain.height - 1, slot, 1, 0)
      }
    }
  }
  return n
}

/** One token balance of an address: a token, the token id for an ERC-1155 entry, the amount. */
export interface Balance {
  readonly token: number
  readonly tokenId: number | null
  readonly value: bigint
}

/** Every token balance of an address (lower case), token by token in the chain's token order. */
export const balancesOf = (chain: SimulatedChain, address: string): ReadonlyArray<Balance> => {
  const a = address.toLowerCase()
  const out: Array<Balance> = []
  for (const token of chain.tokens) {
    for (const holder of holdersOf(chain, token.index)) {
      if (holder.address === a) out.push({ token: token.index, tokenId: holder.tokenId, value: holder.value })
    }
  }
  return out
}
