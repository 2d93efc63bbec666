/**
 * A seeded, deterministic blockchain held as pure functions: blocks, transactions of every kind, token
 * transfers (ERC-20, ERC-721, ERC-1155 batches, ERC-404), logs, internal transactions, withdrawals, verified
 * contracts and NFT holdings, all consistent with each other.
 *
 * How it stays lazy: the chain is built from 32 block templates chosen from the seed (which transactions a
 * block holds, their kinds, transfer logs, internal calls). Block `h` uses template `h % 32`; everything
 * else (hashes, amounts, who sends to whom) is a hash of (seed, h, position). So any block, and any item of
 * any list, is computed on demand in O(1), and a cursor maps back to a block and a position in O(1). Only
 * small fixed tables (templates, tokens, address pools, the verified-contract list, NFT owners) are built
 * up front. A million token transfers cost no memory beyond a page.
 *
 * @since 0.1.0
 */
import { hash, hex, prng, unit } from "./internal/hash.ts"

/** Options of a simulated chain. Every field has a default; the same options always give the same chain. */
export interface ChainOptions {
  /** The seed every value derives from (default 1). */
  readonly seed?: number | undefined
  /** The chain id served under the Pro family's `/{chainId}/api/v2` (default 1). */
  readonly chainId?: number | undefined
  /**
   * Number of blocks (default 20,000: about 160,000 transactions and 90,000 token transfers). Raise it for
   * large histories: 220,000 blocks hold about a million token transfers, produced lazily.
   */
  readonly blocks?: number | undefined
  /** Number of pending transactions (default 25). */
  readonly pendingTransactions?: number | undefined
  /** Beacon withdrawals per block (default 2). */
  readonly withdrawalsPerBlock?: number | undefined
  /** Number of extra verified contracts besides tokens and routers (default 120). */
  readonly smartContracts?: number | undefined
}

/** A transaction kind, as Blockscout's `transaction_types` names it. */
export type TransactionKind =
  | "coin_transfer"
  | "contract_call"
  | "contract_creation"
  | "token_transfer"
  | "token_creation"

/** A token type the simulated chain uses. */
export type TokenType = "ERC-20" | "ERC-721" | "ERC-1155" | "ERC-404"

/** A token contract of the chain. */
export interface TokenInfo {
  readonly index: number
  readonly address: string
  readonly type: TokenType
  readonly name: string
  readonly symbol: string
  readonly decimals: number | null
  /** For NFT types: token ids 0..idCount-1 exist. */
  readonly idCount: number
  readonly holders: number
  readonly totalSupply: string
}

/** What an address of the chain is. */
export type AddressKind = "user" | "miner" | "router" | "token" | "contract"

/** An address the chain knows, with what the address object shows about it. */
export interface AddressInfo {
  readonly hash: string
  readonly kind: AddressKind
  readonly index: number
  readonly name: string | null
  readonly isContract: boolean
  readonly isVerified: boolean
  readonly ens: string | null
}

/** A transaction of a block template. */
export interface TxTemplate {
  readonly position: number
  readonly kind: TransactionKind
  readonly types: ReadonlyArray<TransactionKind>
  readonly failed: boolean
  readonly method: string | null
  /** Router index for contract calls. */
  readonly router: number
  /** Token index for token transfers (the first transfer's token). */
  readonly token: number
  readonly logStart: number
  readonly logCount: number
  /** Indexes into the template's `logs`. */
  readonly transferLogs: ReadonlyArray<number>
  readonly internalCount: number
  readonly senderOffset: number
}

/** A log of a block template: either a transfer log or a plain event. */
export interface LogTemplate {
  readonly index: number
  readonly txPosition: number
  /** Token index for a transfer log, -1 for a plain event. */
  readonly token: number
  /** Items in the log: 1, or more for an ERC-1155 batch. */
  readonly batchSize: number
  readonly fromOffset: number
  readonly toOffset: number
  /** Token id offset of the log's first item (items of a batch use consecutive offsets). */
  readonly idOffset: number
}

/** One token transfer item of a block template (an ERC-1155 batch log has several). */
export interface TransferTemplate {
  readonly log: LogTemplate
  readonly logIndex: number
  /** Position within an ERC-1155 batch, null outside a batch. */
  readonly indexInBatch: number | null
  readonly txPosition: number
  readonly token: number
  readonly idOffset: number
}

/** An internal transaction of a block template. */
export interface InternalTemplate {
  readonly txPosition: number
  readonly index: number
  readonly fromRouter: number
  /** The counterpart: a user offset (`toUser`) or another router (`toRouter`), or a contract creation. */
  readonly to:
    | { readonly _tag: "User"; readonly offset: number }
    | { readonly _tag: "Router"; readonly router: number }
    | {
        readonly _tag: "Create"
      }
  readonly failed: boolean
}

/** A block template: what every block `h` with `h % 32 === slot` holds. */
export interface BlockTemplate {
  readonly slot: number
  /** Transactions by position (ascending). */
  readonly transactions: ReadonlyArray<TxTemplate>
  readonly logs: ReadonlyArray<LogTemplate>
  /** Token transfer items in Blockscout's listing order: log index descending, batch items ascending. */
  readonly transfers: ReadonlyArray<TransferTemplate>
  /** Internal transactions in listing order: transaction position descending, index descending. */
  readonly internals: ReadonlyArray<InternalTemplate>
}

/** A verified smart contract (E8). */
export interface SmartContractInfo {
  readonly id: number
  readonly address: string
  readonly name: string
  readonly language: "solidity" | "vyper" | "yul"
  readonly compilerVersion: string
  readonly optimizationEnabled: boolean
  readonly hasConstructorArgs: boolean
  readonly verifiedAt: number
  readonly transactionsCount: number
  readonly coinBalance: bigint
  readonly marketCap: number
}

/** An NFT instance an address holds (E10). */
export interface Holding {
  readonly token: number
  readonly tokenId: number
  readonly amount: bigint
}

/** The number of block templates: block `h` uses template `h % PERIOD`. */
export const PERIOD = 32
const USERS = 64
const MINERS = 5
const ROUTERS = 6
/** The chain's first block time: 2024-01-01T00:00:00Z. */
const GENESIS_MILLIS = 1_704_067_200_000
const BLOCK_MILLIS = 12_000

// Hash domains, so two kinds of value never share inputs.
const D = {
  blockHash: 1,
  txHash: 2,
  address: 3,
  amount: 4,
  nonce: 5,
  created: 6,
  topic: 7,
  validator: 8,
  gas: 9,
  pending: 10,
  misc: 11
} as const

const zeroAddress = "0x0000000000000000000000000000000000000000"
const pendingBlockMarker = 0xffffffffff

const methodsByKind: Record<TransactionKind, ReadonlyArray<string | null>> = {
  coin_transfer: [null],
  contract_call: ["approve", "multicall", "commit", "swap", "deposit"],
  contract_creation: [null],
  token_transfer: ["transfer", "transferFrom", "safeTransferFrom", "safeBatchTransferFrom", "mint"],
  token_creation: [null]
}

const tokenNames: Record<TokenType, ReadonlyArray<[string, string]>> = {
  "ERC-20": [
    ["Tether USD", "USDT"],
    ["USD Coin", "USDC"],
    ["Wrapped Ether", "WETH"],
    ["Dai Stablecoin", "DAI"],
    ["Chainlink Token", "LINK"],
    ["Uniswap", "UNI"]
  ],
  "ERC-721": [
    ["Simulated Apes", "SAPE"],
    ["Pixel Punks", "PXP"],
    ["Block Badges", "BADGE"],
    ["Name Service", "SNS"]
  ],
  "ERC-1155": [
    ["Game Items", "ITEM"],
    ["Event Tickets", "TIX"],
    ["Art Editions", "EDN"]
  ],
  "ERC-404": [
    ["Hybrid Frogs", "FROG"],
    ["Pandora Shards", "SHARD"]
  ]
}

const contractWords = [
  "Vault",
  "Router",
  "Staking",
  "Bridge",
  "Oracle",
  "Registry",
  "Pool",
  "Governor",
  "Escrow",
  "Proxy"
]

/**
 * A simulated chain. Build it with {@link SimulatedChain.make}; all accessors are pure and cheap.
 *
 * Use it in tests to know what the simulated server will answer (the users' addresses, the tokens, the
 * height) and as the ground truth a test compares pages with.
 */
export class SimulatedChain {
  readonly seed: number
  readonly chainId: number
  /** Number of blocks; heights run 0..height-1. */
  readonly height: number
  readonly withdrawalsPerBlock: number
  readonly pendingCount: number
  readonly templates: ReadonlyArray<BlockTemplate>
  readonly tokens: ReadonlyArray<TokenInfo>
  /** Externally owned accounts that send, receive and hold. */
  readonly users: ReadonlyArray<string>
  /** Block producers: block `h` is mined by `miners[h % miners.length]`. */
  readonly miners: ReadonlyArray<string>
  /** Contracts that contract calls go to; they make the internal transactions. */
  readonly routers: ReadonlyArray<string>
  /** Verified contracts, ordered by `smart_contract_id` ascending. */
  readonly smartContracts: ReadonlyArray<SmartContractInfo>
  private readonly addressBook: Map<string, AddressInfo>
  private holdingsCache: Map<string, ReadonlyArray<Holding>> | undefined
  private readonly ownerCache = new Map<number, string | undefined>()
  private lastBlock = -1
  private lastBlockHash = ""
  /** For each NFT token: the template items that transfer it, as (slot, index into `transfers`). */
  private readonly nftOccurrences: Map<number, ReadonlyArray<{ slot: number; item: number }>>
  private readonly pendingTemplates: ReadonlyArray<TxTemplate>

  private constructor(options: ChainOptions) {
    const seed = options.seed ?? 1
    this.seed = seed
    this.chainId = options.chainId ?? 1
    this.height = Math.max(1, Math.floor(options.blocks ?? 20_000))
    this.withdrawalsPerBlock = Math.max(0, Math.floor(options.withdrawalsPerBlock ?? 2))
    this.pendingCount = Math.max(0, Math.floor(options.pendingTransactions ?? 25))
    const address = (kind: number, i: number) => `0x${hex(40, seed, D.address, kind, i)}`
    this.users = Array.from({ length: USERS }, (_, i) => address(1, i))
    this.miners = Array.from({ length: MINERS }, (_, i) => address(2, i))
    this.routers = Array.from({ length: ROUTERS }, (_, i) => address(3, i))
    const rand = prng(seed ^ 0x5eed)
    const tokens: Array<TokenInfo> = []
    for (const type of ["ERC-20", "ERC-721", "ERC-1155", "ERC-404"] as const) {
      for (const [name, symbol] of tokenNames[type]) {
        const index = tokens.length
        const idCount =
          type === "ERC-20" ? 0 : type === "ERC-1155" ? 12 + Math.floor(rand() * 12) : 30 + Math.floor(rand() * 60)
        tokens.push({
          index,
          address: address(4, index),
          type,
          name,
          symbol,
          decimals:
            type === "ERC-20" ? (symbol === "USDT" || symbol === "USDC" ? 6 : 18) : type === "ERC-404" ? 18 : null,
          idCount,
          holders: 10 + Math.floor(rand() * 5000),
          totalSupply: type === "ERC-20" ? `${1 + Math.floor(rand() * 1e9)}000000000000000000` : String(idCount)
        })
      }
    }
    this.tokens = tokens
    this.templates = Array.from({ length: PERIOD }, (_, slot) => makeTemplate(slot, rand, tokens))
    this.pendingTemplates = makeTemplate(PERIOD, rand, tokens).transactions

    const nft = new Map<number, Array<{ slot: number; item: number }>>()
    for (const template of this.templates) {
      template.transfers.forEach((t, item) => {
        if (tokens[t.token]!.type !== "ERC-20") {
          const list = nft.get(t.token) ?? []
          list.push({ slot: template.slot, item })
          nft.set(t.token, list)
        }
      })
    }
    this.nftOccurrences = nft

    const contracts: Array<SmartContractInfo> = []
    const verifiedAt = (i: number) => GENESIS_MILLIS + Math.floor(unit(seed, D.misc, 1, i) * this.height * BLOCK_MILLIS)
    const addContract = (addr: string, name: string) => {
      const id = contracts.length + 1
      const r = hash(seed, D.misc, 2, id)
      contracts.push({
        id,
        address: addr,
        name,
        language: r % 10 === 0 ? "vyper" : r % 10 === 1 ? "yul" : "solidity",
        compilerVersion: r % 10 === 0 ? "v0.3.10" : `v0.8.${(r >>> 4) % 28}+commit.${hex(8, seed, D.misc, 3, id)}`,
        optimizationEnabled: (r >>> 8) % 3 !== 0,
        hasConstructorArgs: (r >>> 10) % 2 === 0,
        verifiedAt: verifiedAt(id),
        transactionsCount: (r >>> 12) % 50_000,
        coinBalance: BigInt(hash(seed, D.misc, 4, id)) * 1_000_000_000n,
        marketCap: ((r >>> 3) % 1_000_000) / 100
      })
    }
    for (const token of tokens) addContract(token.address, token.name.replace(/\s/g, ""))
    this.routers.forEach((r, i) => void addContract(r, `${contractWords[i % contractWords.length]}V${i + 1}`))
    const extra = Math.max(0, Math.floor(options.smartContracts ?? 120))
    for (let i = 0; i < extra; i++) {
      const w = contractWords[hash(seed, D.misc, 5, i) % contractWords.length]!
      addContract(address(5, i), `${w}${i}`)
    }
    this.smartContracts = contracts

    const book = new Map<string, AddressInfo>()
    const put = (info: AddressInfo): void => {
      book.set(info.hash, info)
    }
    for (const [index, hash] of this.users.entries()) {
      const ens = index % 4 === 0 ? `user${index}.eth` : null
      put({ hash, kind: "user", index, name: null, isContract: false, isVerified: false, ens })
    }
    for (const [index, hash] of this.miners.entries()) {
      const name = `Validator ${index + 1}`
      put({ hash, kind: "miner", index, name, isContract: false, isVerified: false, ens: null })
    }
    contracts.forEach((c) => {
      const token = tokens.find((t) => t.address === c.address)
      const router = this.routers.indexOf(c.address)
      put({
        hash: c.address,
        kind: token ? "token" : router >= 0 ? "router" : "contract",
        index: token ? token.index : router >= 0 ? router : c.id,
        name: c.name,
        isContract: true,
        isVerified: true,
        ens: null
      })
    })
    this.addressBook = book
  }

  /** Builds a chain from options; the same options always give the same chain. */
  static make(options: ChainOptions = {}): SimulatedChain {
    return new SimulatedChain(options)
  }

  /** The template of block `h`. */
  template(h: number): BlockTemplate {
    return this.templates[h % PERIOD]!
  }

  /** Cycle number of block `h`: how many times its template has been used before. */
  cycle(h: number): number {
    return Math.floor(h / PERIOD)
  }

  /** What the chain knows about an address (lower-case or mixed-case hash), or undefined for strangers. */
  address(hash: string): AddressInfo | undefined {
    return this.addressBook.get(hash.toLowerCase())
  }

  /** The block's time in epoch milliseconds. */
  blockMillis(h: number): number {
    return GENESIS_MILLIS + h * BLOCK_MILLIS
  }

  /** The hash of block `h` (its height is readable in the last 10 hex digits). */
  blockHash(h: number): string {
    // Pages walk a block's items together: remembering the last block saves most hashing.
    if (this.lastBlock === h) return this.lastBlockHash
    this.lastBlockHash = `0x${hex(54, this.seed, D.blockHash, h)}${h.toString(16).padStart(10, "0")}`
    this.lastBlock = h
    return this.lastBlockHash
  }

  /** The block a block hash names, or undefined. */
  blockOfHash(hash: string): number | undefined {
    const lower = hash.toLowerCase()
    if (lower.length !== 66) return undefined
    const h = Number.parseInt(lower.slice(56), 16)
    return h < this.height && this.blockHash(h) === lower ? h : undefined
  }

  /** Hash of the transaction at `position` of block `h`. */
  transactionHash(h: number, position: number): string {
    return `0x${hex(48, this.seed, D.txHash, h, position)}${h.toString(16).padStart(10, "0")}${position.toString(16).padStart(6, "0")}`
  }

  /** Hash of pending transaction `i` (0 = first inserted). */
  pendingHash(i: number): string {
    return this.transactionHash(pendingBlockMarker, i)
  }

  /** Locates a transaction by hash: a block and position, a pending index, or undefined. */
  locateTransaction(
    hash: string
  ):
    | { readonly _tag: "Mined"; readonly block: number; readonly position: number }
    | { readonly _tag: "Pending"; readonly index: number }
    | undefined {
    const lower = hash.toLowerCase()
    if (lower.length !== 66) return undefined
    const h = Number.parseInt(lower.slice(50, 60), 16)
    const p = Number.parseInt(lower.slice(60), 16)
    if (h === pendingBlockMarker) {
      return p < this.pendingCount && this.pendingHash(p) === lower ? { _tag: "Pending", index: p } : undefined
    }
    if (h >= this.height) return undefined
    const template = this.template(h)
    if (p >= template.transactions.length || this.transactionHash(h, p) !== lower) return undefined
    return { _tag: "Mined", block: h, position: p }
  }

  /** The template of pending transaction `i`. */
  pendingTemplate(i: number): TxTemplate {
    return this.pendingTemplates[i % this.pendingTemplates.length]!
  }

  /** When pending transaction `i` was inserted (epoch ms): after the last block, one second apart. */
  pendingInsertedMillis(i: number): number {
    return this.blockMillis(this.height - 1) + 1000 * (i + 1)
  }

  /** A user picked for block `h` with an offset: `users[(cycle(h) + offset) % users.length]`. */
  userAt(h: number, offset: number): string {
    return this.users[(this.cycle(h) + offset) % this.users.length]!
  }

  /** Sender of the transaction at (h, position). */
  transactionSender(h: number, tx: TxTemplate): string {
    return this.userAt(h, tx.senderOffset)
  }

  /** Address created by the transaction at (h, position), for contract and token creations. */
  createdAddress(h: number, position: number, internalIndex = 0): string {
    return `0x${hex(40, this.seed, D.created, h * 4096 + position, internalIndex)}`
  }

  /** A deterministic amount (wei or token base units) for a value at (h, a, b). */
  amount(h: number, a: number, b = 0): bigint {
    const hi = BigInt(hash(this.seed, D.amount, h, a, b) % 100_000)
    const lo = BigInt(hash(this.seed, D.amount, h, a, b + 1_000_000))
    return hi * 10_000_000_000_000n + lo * 1000n
  }

  /** A deterministic uint32 for any (domain-free) use by the renderer. */
  noise(a: number, b = 0, c = 0, d = 0): number {
    return hash(this.seed, D.gas, a, b, c + d * 7919)
  }

  /** Pseudo-random hex of a given length for (a, b, c). */
  hexOf(length: number, a: number, b = 0, c = 0): string {
    return hex(length, this.seed, D.topic, a, b * 65536 + c)
  }

  /** Token id of transfer item `item` of block `h`. */
  tokenIdOf(h: number, item: TransferTemplate): number {
    const token = this.tokens[item.token]!
    return token.idCount === 0 ? 0 : (this.cycle(h) + item.idOffset) % token.idCount
  }

  /** From and to of a transfer item. NFT (ERC-721/404) senders are the previous owner (zero address at mint). */
  transferParties(h: number, item: TransferTemplate): { readonly from: string; readonly to: string } {
    const token = this.tokens[item.token]!
    const to = this.userAt(h, item.log.toOffset)
    if (token.type === "ERC-721" || token.type === "ERC-404") {
      const previous = this.previousInstanceTransfer(item.token, this.tokenIdOf(h, item), h, item.logIndex)
      return {
        from: previous === undefined ? zeroAddress : this.userAt(previous.block, previous.item.log.toOffset),
        to
      }
    }
    return { from: this.userAt(h, item.log.fromOffset), to }
  }

  /** Value of a transfer item in the token's base units. */
  transferValue(h: number, item: TransferTemplate): bigint {
    const token = this.tokens[item.token]!
    if (token.type === "ERC-721") return 1n
    if (token.type === "ERC-1155")
      return BigInt(1 + (hash(this.seed, D.amount, h, item.logIndex, item.indexInBatch ?? 0) % 20))
    return this.amount(h, item.logIndex, item.indexInBatch ?? 0)
  }

  /**
   * Transfers of one NFT instance, newest first, strictly before (block, logIndex) when `before` is given.
   * Each occurrence of the token in the templates is an arithmetic progression of blocks, so this merges a
   * few progressions instead of scanning the chain.
   */
  instanceTransfers(
    tokenIndex: number,
    tokenId: number,
    limit: number,
    before?: { readonly block: number; readonly logIndex: number }
  ): Array<{ readonly block: number; readonly item: TransferTemplate }> {
    const token = this.tokens[tokenIndex]
    const occurrences = this.nftOccurrences.get(tokenIndex)
    if (token === undefined || occurrences === undefined || tokenId < 0 || tokenId >= token.idCount) return []
    const n = token.idCount
    // For occurrence (slot s, item): block h = s + PERIOD * m with (m + idOffset) % n === tokenId.
    const heads = occurrences.map(({ item, slot }) => {
      const t = this.templates[slot]!.transfers[item]!
      const residue = (((tokenId - t.idOffset) % n) + n) % n
      const top = before === undefined ? this.height - 1 : before.block
      // Largest m = residue + n*j with slot + PERIOD*m <= top.
      const mMax = Math.floor((top - slot) / PERIOD)
      let m = mMax < residue ? -1 : residue + n * Math.floor((mMax - residue) / n)
      let block = slot + PERIOD * m
      if (m >= 0 && before !== undefined && block === before.block && t.logIndex >= before.logIndex) {
        m -= n
        block = slot + PERIOD * m
      }
      return { item: t, slot, m, block }
    })
    const out: Array<{ block: number; item: TransferTemplate }> = []
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
      best.block = best.slot + PERIOD * best.m
    }
    return out
  }

  private previousInstanceTransfer(
    tokenIndex: number,
    tokenId: number,
    block: number,
    logIndex: number
  ): { readonly block: number; readonly item: TransferTemplate } | undefined {
    return this.instanceTransfers(tokenIndex, tokenId, 1, { block, logIndex })[0]
  }

  /** The current owner of an NFT instance, or undefined when it was never minted. */
  instanceOwner(tokenIndex: number, tokenId: number): string | undefined {
    // The chain is immutable, so an owner is computed once (a few thousand instances at most).
    const key = tokenIndex * 1_000_000 + tokenId
    if (this.ownerCache.has(key)) return this.ownerCache.get(key)
    const last = this.instanceTransfers(tokenIndex, tokenId, 1)[0]
    const owner = last === undefined ? undefined : this.userAt(last.block, last.item.log.toOffset)
    this.ownerCache.set(key, owner)
    return owner
  }

  /** NFT holdings of every holder, computed once (a few thousand instances) on first use. */
  holdings(address: string): ReadonlyArray<Holding> {
    if (this.holdingsCache === undefined) {
      const cache = new Map<string, Array<Holding>>()
      for (const token of this.tokens) {
        if (token.type === "ERC-20") continue
        for (let id = 0; id < token.idCount; id++) {
          const last = this.instanceTransfers(token.index, id, 1)[0]
          if (last === undefined) continue
          const owner = this.userAt(last.block, last.item.log.toOffset)
          const list = cache.get(owner) ?? []
          list.push({
            token: token.index,
            tokenId: id,
            amount: token.type === "ERC-721" ? 1n : this.transferValue(last.block, last.item)
          })
          cache.set(owner, list)
        }
      }
      this.holdingsCache = cache
    }
    return this.holdingsCache.get(address.toLowerCase()) ?? []
  }

  /** The withdrawal's receiver: `users[(7 i + seed-offset) % users]`. */
  withdrawalReceiverIndex(i: number): number {
    return (7 * i + (this.seed & 0xff)) % this.users.length
  }

  /** The validator index of withdrawal `i`. */
  validatorIndex(i: number): number {
    return hash(this.seed, D.validator, i) % 1_000_000
  }

  /** Total withdrawals; withdrawal `i` is in block `floor(i / withdrawalsPerBlock)`. */
  get withdrawalCount(): number {
    return this.height * this.withdrawalsPerBlock
  }

  /**
   * Withdrawals of user `u`, newest first, indexes strictly below `before`: i with
   * `(7 i + offset) % 64 === u` form one residue class mod 64, so this is arithmetic.
   */
  userWithdrawals(userIndex: number, limit: number, before?: number): Array<number> {
    const n = this.users.length
    // 7 * 55 = 385 = 6*64 + 1, so 55 is 7's inverse mod 64.
    const residue = (((((userIndex - (this.seed & 0xff)) % n) + n) % n) * 55) % n
    const top = (before ?? this.withdrawalCount) - 1
    const out: Array<number> = []
    if (top < residue) return out
    for (let i = residue + n * Math.floor((top - residue) / n); i >= 0 && out.length < limit; i -= n) out.push(i)
    return out
  }

  /** Gas used by the transaction at (h, position). */
  gasUsed(h: number, tx: TxTemplate): number {
    const base =
      tx.kind === "coin_transfer"
        ? 21_000
        : tx.kind === "contract_creation" || tx.kind === "token_creation"
          ? 900_000
          : 45_000
    return base + (tx.kind === "coin_transfer" ? 0 : this.noise(h, tx.position) % 150_000)
  }

  /** Base fee of block h in wei. */
  baseFee(h: number): bigint {
    return 1_000_000_000n + BigInt(this.noise(h, 9999) % 30_000_000_000)
  }

  /** Nonce of a transaction. */
  nonce(h: number, position: number): number {
    return hash(this.seed, D.nonce, h, position) % 5000
  }

  /** The zero address (the sender of a mint). */
  zeroAddress(): string {
    return zeroAddress
  }
}

const kindTypes = (kind: TransactionKind, hasTransfers: boolean): ReadonlyArray<TransactionKind> => {
  switch (kind) {
    case "coin_transfer":
      return ["coin_transfer"]
    case "contract_call":
      return hasTransfers ? ["token_transfer", "contract_call"] : ["contract_call"]
    case "contract_creation":
      return ["contract_creation"]
    case "token_creation":
      return ["token_creation", "contract_creation"]
    case "token_transfer":
      return ["token_transfer", "contract_call"]
  }
}

/** Builds one block template from the construction PRNG. */
const makeTemplate = (slot: number, rand: () => number, tokens: ReadonlyArray<TokenInfo>): BlockTemplate => {
  const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(rand() * xs.length)]!
  const txCount = 3 + Math.floor(rand() * 11)
  const transactions: Array<TxTemplate> = []
  const logs: Array<LogTemplate> = []
  const internals: Array<InternalTemplate> = []
  const byType = (type: TokenType) => tokens.filter((t) => t.type === type)
  for (let position = 0; position < txCount; position++) {
    const r = rand()
    const kind: TransactionKind =
      r < 0.22
        ? "coin_transfer"
        : r < 0.5
          ? "contract_call"
          : r < 0.56
            ? "contract_creation"
            : r < 0.95
              ? "token_transfer"
              : "token_creation"
    const failed = rand() < 0.06
    const logStart = logs.length
    const transferLogs: Array<number> = []
    let token = -1
    if (kind === "token_transfer" && !failed) {
      const count = 1 + Math.floor(rand() * 3)
      for (let k = 0; k < count; k++) {
        const tr = rand()
        const type: TokenType = tr < 0.55 ? "ERC-20" : tr < 0.75 ? "ERC-721" : tr < 0.9 ? "ERC-1155" : "ERC-404"
        const t = pick(byType(type))
        if (token < 0) token = t.index
        const fromOffset = Math.floor(rand() * USERS)
        transferLogs.push(logs.length)
        logs.push({
          index: logs.length,
          txPosition: position,
          token: t.index,
          batchSize: type === "ERC-1155" && rand() < 0.5 ? 2 + Math.floor(rand() * 5) : 1,
          fromOffset,
          toOffset: (fromOffset + 1 + Math.floor(rand() * (USERS - 1))) % USERS,
          idOffset: Math.floor(rand() * 1000)
        })
      }
    }
    // Most calls emit an event or two; one call in a few templates emits many (a log list that spans pages).
    const events =
      kind === "contract_call" && !failed ? (rand() < 0.08 ? 55 + Math.floor(rand() * 70) : Math.floor(rand() * 3)) : 0
    for (let e = 0; e < events; e++) {
      logs.push({
        index: logs.length,
        txPosition: position,
        token: -1,
        batchSize: 1,
        fromOffset: 0,
        toOffset: 0,
        idOffset: 0
      })
    }
    const router = Math.floor(rand() * ROUTERS)
    const internalCount = kind === "contract_call" ? Math.floor(rand() * 4) : 0
    for (let i = 0; i < internalCount; i++) {
      const ir = rand()
      internals.push({
        txPosition: position,
        index: i + 1,
        fromRouter: router,
        to:
          ir < 0.6
            ? { _tag: "User", offset: Math.floor(rand() * USERS) }
            : ir < 0.92
              ? { _tag: "Router", router: (router + 1 + Math.floor(rand() * (ROUTERS - 1))) % ROUTERS }
              : { _tag: "Create" },
        failed: failed || rand() < 0.03
      })
    }
    const method = pick(methodsByKind[kind])
    transactions.push({
      position,
      kind,
      types: kindTypes(kind, transferLogs.length > 0),
      failed,
      method: kind === "token_transfer" && tokens[token]?.type === "ERC-1155" ? "safeBatchTransferFrom" : method,
      router,
      token,
      logStart,
      logCount: logs.length - logStart,
      transferLogs,
      internalCount,
      senderOffset: Math.floor(rand() * USERS)
    })
  }
  const transfers: Array<TransferTemplate> = []
  for (let l = logs.length - 1; l >= 0; l--) {
    const log = logs[l]!
    if (log.token < 0) continue
    for (let b = 0; b < log.batchSize; b++) {
      transfers.push({
        log,
        logIndex: log.index,
        indexInBatch: log.batchSize > 1 ? b : null,
        txPosition: log.txPosition,
        token: log.token,
        idOffset: log.idOffset + b
      })
    }
  }
  internals.sort((a, b) => b.txPosition - a.txPosition || b.index - a.index)
  return { slot, transactions, logs, transfers, internals }
}
