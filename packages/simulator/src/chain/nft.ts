/**
 * NFT instances of the simulated chain: each instance's transfer history (newest first), its owner, and
 * every holder's holdings (E2, E10, and the `from` of an NFT transfer: the previous owner, or the zero
 * address at the mint).
 *
 * How it stays cheap: each occurrence of an NFT token in the block templates recurs every period (the number
 * of templates) blocks, moving token id `(cycle + idOffset) % idCount`; the blocks where it moves one given id form an
 * arithmetic progression, so a history is a merge of a few progressions, not a scan of the chain.
 *
 * @internal
 */
import type { BlockTemplate, TransferTemplate } from "./templates.ts"
import type { TokenInfo } from "./tokens.ts"

/**
 * An NFT instance an address holds (E10).
 *
 * @since 0.1.0
 * @category models
 */
export interface Holding {
  readonly token: number
  readonly tokenId: number
  readonly amount: bigint
}

/** A transfer item at a block. */
export interface PlacedTransfer {
  readonly block: number
  readonly item: TransferTemplate
}

/** What the index reads from the chain. */
export interface NftChain {
  readonly height: number
  readonly templates: ReadonlyArray<BlockTemplate>
  readonly tokens: ReadonlyArray<TokenInfo>
  readonly userAt: (h: number, offset: number) => string
  readonly transferValue: (h: number, item: TransferTemplate) => bigint
}

/** Instance histories, owners and holdings over one chain; owners and holdings are computed once. */
export class NftIndex {
  private readonly chain: NftChain
  /** For each NFT token: the template items that transfer it, as (slot, index into `transfers`). */
  private readonly occurrences = new Map<number, ReadonlyArray<{ slot: number; item: number }>>()
  private readonly owners = new Map<number, string | undefined>()
  private holdingsCache: Map<string, ReadonlyArray<Holding>> | undefined

  constructor(chain: NftChain) {
    this.chain = chain
    const found = new Map<number, Array<{ slot: number; item: number }>>()
    for (const template of chain.templates) {
      template.transfers.forEach((t, item) => {
        if (chain.tokens[t.token]!.type === "ERC-20") return
        const list = found.get(t.token) ?? []
        list.push({ slot: template.slot, item })
        found.set(t.token, list)
      })
    }
    for (const [token, list] of found) this.occurrences.set(token, list)
  }

  /** Token id of transfer item `item` of block `h`. */
  tokenIdOf(h: number, item: TransferTemplate): number {
    const token = this.chain.tokens[item.token]!
    return token.idCount === 0 ? 0 : (Math.floor(h / this.chain.templates.length) + item.idOffset) % token.idCount
  }

  /** Transfers of one instance, newest first, strictly before (block, logIndex) when `before` is given. */
  instanceTransfers(
    tokenIndex: number,
    tokenId: number,
    limit: number,
    before?: { readonly block: number; readonly logIndex: number }
  ): Array<PlacedTransfer> {
    const { height, templates, tokens } = this.chain
    const token = tokens[tokenIndex]
    const occurrences = this.occurrences.get(tokenIndex)
    if (token === undefined || occurrences === undefined || tokenId < 0 || tokenId >= token.idCount) return []
    const n = token.idCount
    const period = templates.length
    // For occurrence (slot s, item): block h = s + period * m with (m + idOffset) % n === tokenId.
    const heads = occurrences.map(({ item, slot }) => {
      const t = templates[slot]!.transfers[item]!
      const residue = (((tokenId - t.idOffset) % n) + n) % n
      const top = before === undefined ? height - 1 : before.block
      // Largest m = residue + n*j with slot + period*m <= top.
      const mMax = Math.floor((top - slot) / period)
      let m = mMax < residue ? -1 : residue + n * Math.floor((mMax - residue) / n)
      let block = slot + period * m
      if (m >= 0 && before !== undefined && block === before.block && t.logIndex >= before.logIndex) {
        m -= n
        block = slot + period * m
      }
      return { item: t, slot, m, block }
    })
    const out: Array<PlacedTransfer> = []
    while (out.length < limit) {
      let best: (typeof heads)[number] | undefined
      for (const head of heads) {
        if (head.m < 0) continue
        if (
          best === undefined ||
          head.block > best.block ||
          (head.block === best.block && head.item.logIndex > best.item.logIndex)
        ) {
          best = head
        }
      }
      if (best === undefined) break
      out.push({ block: best.block, item: best.item })
      best.m -= n
      best.block = best.slot + period * best.m
    }
    return out
  }

  /** The transfer of the same instance just before this one, or undefined when this one is the mint. */
  previousTransfer(h: number, item: TransferTemplate): PlacedTransfer | undefined {
    return this.instanceTransfers(item.token, this.tokenIdOf(h, item), 1, { block: h, logIndex: item.logIndex })[0]
  }

  /** The current owner of an NFT instance, or undefined when it was never minted. */
  owner(tokenIndex: number, tokenId: number): string | undefined {
    // The chain is immutable, so an owner is computed once (a few thousand instances at most).
    const key = tokenIndex * 1_000_000 + tokenId
    if (this.owners.has(key)) return this.owners.get(key)
    const last = this.instanceTransfers(tokenIndex, tokenId, 1)[0]
    const owner = last === undefined ? undefined : this.chain.userAt(last.block, last.item.log.toOffset)
    this.owners.set(key, owner)
    return owner
  }

  /** NFT holdings of an address (lower case), computed for every holder on first use. */
  holdings(address: string): ReadonlyArray<Holding> {
    if (this.holdingsCache === undefined) {
      const cache = new Map<string, Array<Holding>>()
      for (const token of this.chain.tokens) {
        if (token.type === "ERC-20") continue
        for (let id = 0; id < token.idCount; id++) {
          const last = this.instanceTransfers(token.index, id, 1)[0]
          if (last === undefined) continue
          const owner = this.chain.userAt(last.block, last.item.log.toOffset)
          const list = cache.get(owner) ?? []
          list.push({
            token: token.index,
            tokenId: id,
            amount: token.type === "ERC-721" ? 1n : this.chain.transferValue(last.block, last.item)
          })
          cache.set(owner, list)
        }
      }
      this.holdingsCache = cache
    }
    return this.holdingsCache.get(address) ?? []
  }
}
