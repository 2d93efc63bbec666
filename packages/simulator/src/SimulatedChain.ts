/**
 * A seeded, deterministic blockchain held as pure functions: blocks, transactions of every kind, token
 * transfers (ERC-20, ERC-721, ERC-1155 batches, ERC-404), logs, internal transactions, withdrawals, verified
 * contracts and NFT holdings, all consistent with each other.
 *
 * How it stays lazy: the chain is built from 32 block templates chosen from the seed (which transactions a
 * block holds, their kinds, transfer logs, internal calls; `chain/templates.ts`), or 2,048 for an uneven
 * chain (`ChainOptions.density`). Block `h` uses template `h % period`; everything else (hashes, amounts, who sends to whom) is a hash of (seed, h, position). So any
 * block, and any item of any list, is computed on demand in O(1), and a cursor maps back to a block and a
 * position in O(1). Only small fixed tables (templates, tokens, address pools, the verified-contract list,
 * NFT owners) are built up front. A million token transfers cost no memory beyond a page.
 *
 * @since 0.1.0
 */
import { type AddressInfo, makeAddressBook } from "./chain/addresses.ts"
import { buildChain } from "./chain/build.ts"
import { BLOCK_MILLIS, D, GENESIS_MILLIS, pendingBlockMarker, zeroAddress } from "./chain/constants.ts"
import type { SmartContractInfo } from "./chain/contracts.ts"
import { blockHashOf, locateTransaction as locate, type TransactionPlace, transactionHashOf } from "./chain/hashes.ts"
import type { Holding, NftIndex } from "./chain/nft.ts"
import type { BlockTemplate, InternalTemplate, TransferTemplate, TxTemplate } from "./chain/templates.ts"
import { type TokenInfo, transferAmount } from "./chain/tokens.ts"
import * as Withdrawals from "./chain/withdrawals.ts"
import { hash, hex } from "./internal/hash.ts"
import type { ChainOptions } from "./SimulatorOptions.ts"

/**
 * What a live chain's view adds to its options (`SimulatorOptions.live`): each height's fork generation and the
 * live blocks' spacing. Built by the simulator for the chain at a moment; a chain without one is the fixed chain.
 *
 * @since 0.1.0
 * @category models
 */
export interface ChainFork {
  /** How many times height `h` has been replaced by a reorganisation (0: never); its hash and contents derive from it. */
  readonly generation: (h: number) => number
  /** The number of initial blocks: blocks from this height on are live blocks, `blockMillis` apart. */
  readonly initialHeight: number
  /** Milliseconds between live blocks' timestamps. */
  readonly blockMillis: number
  /**
   * Heights below this are final: no later reorganisation replaces them, so every later view of the same live
   * chain agrees on them (what `shared` may hold sums over).
   */
  readonly finalHeight: number
  /** A cache every view of one live chain shares, for values over final heights (keyed by what they are). */
  readonly shared: Map<string, unknown>
  /**
   * Whether the block of generation `g` at height `h` includes again the transaction at `position` of the block
   * it replaced (`LiveOptions.reincluded`); absent: never.
   */
  readonly carried?: ((h: number, g: number, position: number) => boolean) | undefined
}

/** Transaction hashes carry their block's generation above the position's 12 bits. */
const positionBits = 12

/**
 * A simulated chain. Build it with {@link SimulatedChain.make}; all accessors are pure and cheap.
 *
 * Use it in tests to know what the simulated server will answer (the users' addresses, the tokens, the
 * height) and as the ground truth a test compares pages with.
 *
 * @since 0.1.0
 * @category models
 */
export class SimulatedChain {
  readonly seed: number
  readonly chainId: number
  /** Number of blocks; heights run 0..height-1. */
  readonly height: number
  readonly withdrawalsPerBlock: number
  readonly pendingCount: number
  readonly templates: ReadonlyArray<BlockTemplate>
  /**
   * The number of block templates: block `h` uses template `h % period`. 32 (`PERIOD`) for an even chain,
   * more for an uneven one (`ChainOptions.density`), whose templates' sizes follow the density over the period.
   */
  readonly period: number
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
  private readonly nft: NftIndex
  private readonly pendingTemplates: ReadonlyArray<TxTemplate>
  /** The live view's fork generations and spacing; undefined for a fixed chain. */
  readonly fork: ChainFork | undefined
  private readonly generations = new Map<number, number>()
  private lastBlock = -1
  private lastBlockHash = ""

  private constructor(options: ChainOptions, fork?: ChainFork) {
    this.fork = fork
    const built = buildChain(options, {
      userAt: (h, offset) => this.userAt(h, offset),
      transferValue: (h, item) => this.transferValue(h, item)
    })
    this.seed = built.seed
    this.chainId = built.chainId
    this.height = built.height
    this.withdrawalsPerBlock = built.withdrawalsPerBlock
    this.pendingCount = built.pendingCount
    this.users = built.users
    this.miners = built.miners
    this.routers = built.routers
    this.tokens = built.tokens
    this.templates = built.templates
    this.period = built.templates.length
    this.pendingTemplates = built.pendingTemplates
    this.nft = built.nft
    this.smartContracts = built.smartContracts
    this.addressBook = makeAddressBook({ ...built, contracts: built.smartContracts })
  }

  /**
   * Builds a chain from options; the same options always give the same chain. `fork` makes it a live chain's
   * view at a moment (the simulator builds those: `SimulatedBlockscout.chainAt`); without it, heights all have
   * generation 0 and the chain is the fixed one.
   */
  static make(options: ChainOptions = {}, fork?: ChainFork): SimulatedChain {
    return new SimulatedChain(options, fork)
  }

  /** How many times height `h` has been replaced by a reorganisation (always 0 on a fixed chain). */
  generation(h: number): number {
    const fork = this.fork
    if (fork === undefined || h <= 0 || h >= this.height) return 0
    let g = this.generations.get(h)
    if (g === undefined) {
      g = fork.generation(h)
      this.generations.set(h, g)
    }
    return g
  }

  /** The seed the values of generation `g` derive from: the chain's own for generation 0. */
  private generationSeed(g: number): number {
    return g === 0 ? this.seed : hash(this.seed, D.misc, 0x6e6, g)
  }

  /**
   * The generation the transaction at `position` of block `h`, generation `g`, was first included in: `g`, or an
   * earlier one when reorganisations included it again (`LiveOptions.reincluded`). Its hash and what it was sent
   * with derive from that generation.
   */
  transactionOrigin(h: number, position: number, g = this.generation(h)): number {
    const carried = this.fork?.carried
    if (carried === undefined) return g
    let origin = g
    while (origin > 0 && carried(h, origin, position)) origin--
    return origin
  }

  /**
   * The seed of a value keyed by `(h, a)`: a transaction's own when `a` is one of block `h`'s positions (it keeps
   * its values when a reorganisation includes it again), the block's otherwise (constants above any position).
   */
  private seedOf(h: number, a: number): number {
    if (this.fork === undefined) return this.seed
    const g = this.generation(h)
    if (g === 0) return this.seed
    return a < this.template(h).transactions.length
      ? this.generationSeed(this.transactionOrigin(h, a, g))
      : this.generationSeed(g)
  }

  /** The hash block `h` has in generation `g` (a replaced block keeps the hash it had). */
  blockHashAt(h: number, g: number): string {
    return blockHashOf(this.generationSeed(g), h)
  }

  /** The hash the transaction at `position` of block `h` has in generation `g`. */
  transactionHashAt(h: number, g: number, position: number): string {
    const origin = this.transactionOrigin(h, position, g)
    return transactionHashOf(
      this.generationSeed(origin),
      h,
      origin === 0 ? position : position + origin * 2 ** positionBits
    )
  }

  /**
   * The height and generation of a block a reorganisation replaced (its hash is no longer the height's), or
   * undefined for any other hash.
   */
  replacedBlockOfHash(hash: string): { readonly block: number; readonly generation: number } | undefined {
    const lower = hash.toLowerCase()
    if (lower.length !== 66) return undefined
    const h = Number.parseInt(lower.slice(56), 16)
    if (!(h < this.height)) return undefined
    const current = this.generation(h)
    for (let g = 0; g < current; g++) if (this.blockHashAt(h, g) === lower) return { block: h, generation: g }
    return undefined
  }

  /** The template of block `h`. */
  template(h: number): BlockTemplate {
    return this.templates[h % this.period]!
  }

  /** Cycle number of block `h`: how many times its template has been used before. */
  cycle(h: number): number {
    return Math.floor(h / this.period)
  }

  /** The block's time in epoch milliseconds. */
  blockMillis(h: number): number {
    const fork = this.fork
    if (fork === undefined || h < fork.initialHeight) return GENESIS_MILLIS + h * BLOCK_MILLIS
    return GENESIS_MILLIS + (fork.initialHeight - 1) * BLOCK_MILLIS + (h - fork.initialHeight + 1) * fork.blockMillis
  }

  /**
   * What `/stats` calls `average_block_time`, in milliseconds, as Blockscout's cache computes it
   * (`chain/cache/counters/average_block_time.ex`): the mean interval between the timestamps of 100 blocks,
   * skipping the newest 100 (its `@offset`), fewer on a shorter chain, 0 with fewer than two. 12,000 on a fixed
   * chain of 102 blocks or more; a live chain's moves towards its `blockMillis` as live blocks enter the window.
   */
  averageBlockMillis(): number {
    const newest = this.height - 1 - 100
    const oldest = Math.max(0, newest - 99)
    return newest - oldest < 1 ? 0 : (this.blockMillis(newest) - this.blockMillis(oldest)) / (newest - oldest)
  }

  /** The hash of block `h` (its height is readable in the last 10 hex digits). */
  blockHash(h: number): string {
    // Pages walk a block's items together: remembering the last block saves most hashing.
    if (this.lastBlock === h) return this.lastBlockHash
    this.lastBlockHash = this.blockHashAt(h, this.generation(h))
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

  /** Base fee of block h in wei. */
  baseFee(h: number): bigint {
    return 1_000_000_000n + BigInt(this.noise(h, 9999) % 30_000_000_000)
  }

  /** Hash of the transaction at `position` of block `h`. */
  transactionHash(h: number, position: number): string {
    return this.fork === undefined
      ? transactionHashOf(this.seed, h, position)
      : this.transactionHashAt(h, this.generation(h), position)
  }

  /** Hash of pending transaction `i` (0 = first inserted). */
  pendingHash(i: number): string {
    return this.transactionHash(pendingBlockMarker, i)
  }

  /** Locates a transaction by hash: a block and position, a pending index, or undefined. */
  locateTransaction(hash: string): TransactionPlace {
    if (this.fork === undefined) {
      return locate(this.seed, hash, this.height, this.pendingCount, (h) => this.template(h).transactions.length)
    }
    const lower = hash.toLowerCase()
    if (lower.length !== 66) return undefined
    const h = Number.parseInt(lower.slice(50, 60), 16)
    if (h === pendingBlockMarker || !(h < this.height)) {
      return locate(this.seed, hash, this.height, this.pendingCount, (b) => this.template(b).transactions.length)
    }
    const field = Number.parseInt(lower.slice(60), 16)
    const position = field % 2 ** positionBits
    const origin = Math.floor(field / 2 ** positionBits)
    const current = this.generation(h)
    if (origin > current || position >= this.template(h).transactions.length) return undefined
    if (this.transactionHashAt(h, origin, position) !== lower) return undefined
    // The last generation that held it: it stays while each new block includes it again.
    let last = origin
    while (last < current && this.fork.carried?.(h, last + 1, position) === true) last++
    return last === current
      ? { _tag: "Mined", block: h, position }
      : { _tag: "Dropped", block: h, position, generation: last }
  }

  /** The template of pending transaction `i`. */
  pendingTemplate(i: number): TxTemplate {
    return this.pendingTemplates[i % this.pendingTemplates.length]!
  }

  /** When pending transaction `i` was inserted (epoch ms): after the last block, one second apart. */
  pendingInsertedMillis(i: number): number {
    return this.blockMillis(this.height - 1) + 1000 * (i + 1)
  }

  /** Sender of the transaction at (h, position). */
  transactionSender(h: number, tx: TxTemplate): string {
    return this.userAt(h, tx.senderOffset)
  }

  /**
   * The method a mined transaction calls: its template's, except that an NFT transfer whose first item
   * comes from the zero address is a `mint`.
   */
  methodOf(h: number, tx: TxTemplate): string | null {
    if (tx.kind !== "token_transfer" || tx.token < 0) return tx.method
    const type = this.tokens[tx.token]!.type
    if (type !== "ERC-721" && type !== "ERC-404") return tx.method
    // The transaction's first transfer item decides: it comes from the zero address exactly when it mints.
    const log = tx.transferLogs[0]
    const first = this.template(h).transfers.find((t) => t.logIndex === log && (t.indexInBatch ?? 0) === 0)
    return first !== undefined && this.transferParties(h, first).from === zeroAddress ? "mint" : tx.method
  }

  /** Gas used by the transaction at (h, position). */
  gasUsed(h: number, tx: TxTemplate): number {
    const creation = tx.kind === "contract_creation" || tx.kind === "token_creation"
    const base = tx.kind === "coin_transfer" ? 21_000 : creation ? 900_000 : 45_000
    return base + (tx.kind === "coin_transfer" ? 0 : this.noise(h, tx.position) % 150_000)
  }

  /** Nonce of a transaction. */
  nonce(h: number, position: number): number {
    return hash(this.seedOf(h, position), D.nonce, h, position) % 5000
  }

  /** Address created by the transaction at (h, position), for contract and token creations. */
  createdAddress(h: number, position: number, internalIndex = 0): string {
    return `0x${hex(40, this.seed, D.created, h * 4096 + position, internalIndex)}`
  }

  /** What the chain knows about an address (lower-case or mixed-case hash), or undefined for strangers. */
  address(hash: string): AddressInfo | undefined {
    return this.addressBook.get(hash.toLowerCase())
  }

  /** A user picked for block `h` with an offset: `users[(cycle(h) + offset) % users.length]`. */
  userAt(h: number, offset: number): string {
    return this.users[(this.cycle(h) + offset) % this.users.length]!
  }

  /** The zero address (the sender of a mint). */
  zeroAddress(): string {
    return zeroAddress
  }

  /** Token id of transfer item `item` of block `h`. */
  tokenIdOf(h: number, item: TransferTemplate): number {
    return this.nft.tokenIdOf(h, item)
  }

  /** From and to of a transfer item. NFT (ERC-721/404) senders are the previous owner (zero address at mint). */
  transferParties(h: number, item: TransferTemplate): { readonly from: string; readonly to: string } {
    const token = this.tokens[item.token]!
    const to = this.userAt(h, item.log.toOffset)
    if (token.type === "ERC-721" || token.type === "ERC-404") {
      const previous = this.nft.previousTransfer(h, item)
      return {
        from: previous === undefined ? zeroAddress : this.userAt(previous.block, previous.item.log.toOffset),
        to
      }
    }
    return { from: this.userAt(h, item.log.fromOffset), to }
  }

  /**
   * From and to of an internal call: the router that makes it, and the user or router it calls (`null` for
   * a contract creation, which has no recipient).
   */
  internalParties(h: number, it: InternalTemplate): { readonly from: string; readonly to: string | null } {
    const to =
      it.to._tag === "User"
        ? this.userAt(h, it.to.offset)
        : it.to._tag === "Router"
          ? this.routers[it.to.router]!
          : null
    return { from: this.routers[it.fromRouter]!, to }
  }

  /** Value of a transfer item in the token's base units (it fits the token's decimals). */
  transferValue(h: number, item: TransferTemplate): bigint {
    return transferAmount(
      this.seedOf(h, item.txPosition),
      this.tokens[item.token]!,
      h,
      item.logIndex,
      item.indexInBatch ?? 0
    )
  }

  /** Transfers of one NFT instance, newest first, strictly before (block, logIndex) when `before` is given. */
  instanceTransfers(
    tokenIndex: number,
    tokenId: number,
    limit: number,
    before?: { readonly block: number; readonly logIndex: number }
  ): Array<{ readonly block: number; readonly item: TransferTemplate }> {
    return this.nft.instanceTransfers(tokenIndex, tokenId, limit, before)
  }

  /** The current owner of an NFT instance, or undefined when it was never minted. */
  instanceOwner(tokenIndex: number, tokenId: number): string | undefined {
    return this.nft.owner(tokenIndex, tokenId)
  }

  /** NFT holdings of an address, computed for every holder on first use. */
  holdings(address: string): ReadonlyArray<Holding> {
    return this.nft.holdings(address.toLowerCase())
  }

  /** Total withdrawals; withdrawal `i` is in block `floor(i / withdrawalsPerBlock)`. */
  get withdrawalCount(): number {
    return this.height * this.withdrawalsPerBlock
  }

  /** The withdrawal's receiver: `users[(7 i + seed-offset) % users]`. */
  withdrawalReceiverIndex(i: number): number {
    return Withdrawals.withdrawalReceiverIndex(this.seed, this.users.length, i)
  }

  /** The validator index of withdrawal `i`. */
  validatorIndex(i: number): number {
    return Withdrawals.validatorIndex(this.seed, i)
  }

  /** Withdrawals of user `userIndex`, newest first, indexes strictly below `before`. */
  userWithdrawals(userIndex: number, limit: number, before?: number): Array<number> {
    return Withdrawals.userWithdrawals(this.seed, this.users.length, this.withdrawalCount, userIndex, limit, before)
  }

  /** A deterministic amount of wei for a value at (h, a, b): up to about 10 ether. */
  amount(h: number, a: number, b = 0): bigint {
    // `a` is a transaction's position where the amount is its own (its value, its internal calls').
    const seed = this.seedOf(h, a)
    const hi = BigInt(hash(seed, D.amount, h, a, b) % 100_000)
    const lo = BigInt(hash(seed, D.amount, h, a, b + 1_000_000))
    return hi * 10_000_000_000_000n + lo * 1000n
  }

  /** A deterministic uint32 for any (domain-free) use by the renderer. */
  noise(a: number, b = 0, c = 0, d = 0): number {
    // `a` is a block's height (or a pending key above every height): a replaced block's values change with it.
    return hash(this.seedOf(a, b), D.gas, a, b, c + d * 7919)
  }

  /** Pseudo-random hex of a given length for (a, b, c). */
  hexOf(length: number, a: number, b = 0, c = 0): string {
    return hex(length, this.seed, D.topic, a, b * 65536 + c)
  }
}
