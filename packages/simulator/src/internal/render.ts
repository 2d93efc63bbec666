/**
 * JSON objects of the simulated chain in each API family's wire shape (docs/blockscout-api.md §2): the Pro API's
 * addresses carry `metadata.tags`, `implementations`, `is_scam`, `proxy_type`, `reputation`; its token
 * transfers carry `block_number`, `token_type` and `total: {token_id, token_instance}`; the per-instance
 * family writes microsecond timestamps. Objects are built directly and serialised with JSON.stringify.
 *
 * @internal
 */
import type {
  InternalTemplate,
  LogTemplate,
  SimulatedChain,
  SmartContractInfo,
  TransferTemplate,
  TxTemplate
} from "../SimulatedChain.ts"
import { hash } from "./hash.ts"
import { checksumAddress } from "@blockscout-effect/schema"

/** Which API family a response is shaped for. */
import type { Family } from "@blockscout-effect/schema"

export type { Family }

type Json = Record<string, unknown>

const iso = (millis: number, family: Family): string => {
  const s = new Date(millis).toISOString()
  return family === "instance" ? `${s.slice(0, -1)}000Z` : `${s.slice(0, -5)}Z`
}

/** Renders chain values for one family; caches address and token objects (a few hundred). */
export class Renderer {
  private readonly addresses = new Map<string, Json>()
  private readonly tokens = new Map<number, Json>()

  readonly chain: SimulatedChain
  readonly family: Family

  constructor(chain: SimulatedChain, family: Family) {
    this.chain = chain
    this.family = family
  }

  private lastMillis = -1
  private lastTimestamp = ""

  timestamp(millis: number): string {
    if (millis !== this.lastMillis) {
      this.lastTimestamp = iso(millis, this.family)
      this.lastMillis = millis
    }
    return this.lastTimestamp
  }

  /**
   * A database time (`verified_at`, `inserted_at`), which unlike block times has sub-second digits: the
   * instance writes all six (`...:30.116055Z`), the Pro API none. `salt` picks the microseconds.
   */
  preciseTimestamp(millis: number, salt: number): string {
    if (this.family === "pro") return iso(millis, "pro")
    const micros = String(hash(this.chain.seed, 0x7135, salt) % 1000).padStart(3, "0")
    return `${new Date(millis).toISOString().slice(0, -1)}${micros}Z`
  }

  address(hash: string): Json {
    const cached = this.addresses.get(hash)
    if (cached !== undefined) return cached
    const info = this.chain.address(hash)
    const pro = this.family === "pro"
    const tags =
      info?.kind === "token" || info?.kind === "router"
        ? [
            {
              slug: info.kind,
              name: info.kind === "token" ? "Token" : "DeFi",
              tagType: "generic",
              ordinal: 0,
              meta: {}
            }
          ]
        : []
    const out: Json = {
      // Real servers write address objects in EIP-55 mixed case; cursors and decoded values stay lower case.
      hash: checksumAddress(hash),
      name: info?.name ?? null,
      is_contract: info?.isContract ?? false,
      is_verified: info?.isVerified ?? false,
      ens_domain_name: info?.ens ?? null,
      private_tags: [],
      public_tags: [],
      watchlist_names: [],
      ...(pro
        ? {
            metadata: { tags },
            implementations: [],
            is_scam: false,
            proxy_type: null,
            reputation: "ok"
          }
        : { implementation_name: null, metadata: tags[0] ?? null })
    }
    this.addresses.set(hash, out)
    return out
  }

  nullableAddress(hash: string | null): Json | null {
    return hash === null ? null : this.address(hash)
  }

  token(index: number): Json {
    const cached = this.tokens.get(index)
    if (cached !== undefined) return cached
    const t = this.chain.tokens[index]!
    const out: Json = {
      address_hash: checksumAddress(t.address),
      circulating_market_cap: t.type === "ERC-20" ? String((t.holders * 1234.5).toFixed(2)) : null,
      decimals: t.decimals === null ? null : String(t.decimals),
      exchange_rate: t.type === "ERC-20" ? (1 + (t.index % 3) * 0.5).toFixed(4) : null,
      holders_count: String(t.holders),
      icon_url: t.type === "ERC-20" ? `https://assets.example.invalid/${t.symbol.toLowerCase()}.png` : null,
      name: t.name,
      symbol: t.symbol,
      total_supply: t.totalSupply,
      type: t.type,
      ...(this.family === "pro"
        ? {
            volume_24h: t.type === "ERC-20" ? String(t.holders * 100) : null,
            reputation: "ok",
            bridge_type: null,
            foreign_address: null,
            origin_chain_id: null
          }
        : {})
    }
    this.tokens.set(index, out)
    return out
  }

  tokenInstance(
    tokenIndex: number,
    tokenId: number,
    options: { readonly withToken: boolean; readonly value?: bigint }
  ): Json {
    const t = this.chain.tokens[tokenIndex]!
    const owner =
      t.type === "ERC-721" || t.type === "ERC-404" ? this.chain.instanceOwner(tokenIndex, tokenId) : undefined
    const image = `https://nft.example.invalid/${t.symbol.toLowerCase()}/${tokenId}.png`
    return {
      id: String(tokenId),
      is_unique: t.type === "ERC-721",
      owner: owner === undefined ? null : this.address(owner),
      token: options.withToken ? this.token(tokenIndex) : null,
      token_type: t.type,
      value: options.value === undefined ? "1" : String(options.value),
      image_url: image,
      animation_url: null,
      external_app_url: null,
      media_url: image,
      media_type: "image/png",
      metadata: {
        name: `${t.name} #${tokenId}`,
        description: `Simulated ${t.type} instance`,
        image,
        attributes: [{ trait_type: "rarity", value: ["common", "rare", "epic"][tokenId % 3] }]
      },
      thumbnails: null
    }
  }

  tokenTransfer(h: number, item: TransferTemplate): Json {
    const chain = this.chain
    const t = chain.tokens[item.token]!
    const { from, to } = chain.transferParties(h, item)
    const value = chain.transferValue(h, item)
    const tx = chain.template(h).transactions[item.txPosition]!
    let total: Json
    if (t.type === "ERC-20") {
      total = { decimals: String(t.decimals ?? 18), value: String(value) }
    } else {
      const id = chain.tokenIdOf(h, item)
      const tokenId = String(id)
      const instance = this.tokenInstance(item.token, id, { withToken: false, value })
      // Only the instance family's ERC-1155 total repeats the amount beside the instance (the API doc).
      total =
        this.family === "instance" && t.type === "ERC-1155"
          ? { token_id: tokenId, value: String(value), decimals: null, token_instance: instance }
          : { token_id: tokenId, token_instance: instance }
    }
    const zero = from === chain.zeroAddress()
    const out: Json = {
      block_hash: chain.blockHash(h),
      from: this.address(from),
      to: this.address(to),
      log_index: item.logIndex,
      method: tx.method,
      timestamp: this.timestamp(chain.blockMillis(h)),
      token: this.token(item.token),
      total,
      transaction_hash: chain.transactionHash(h, item.txPosition),
      type: zero ? "token_minting" : "token_transfer"
    }
    if (this.family === "pro") {
      out.block_number = h
      out.token_type = t.type
    }
    return out
  }

  private transactionCommon(tx: TxTemplate, h: number | null, salt: number, sender: string): Json {
    const chain = this.chain
    const key = h ?? 0x7fffffff
    const gasUsed = h === null ? null : chain.gasUsed(h, tx)
    const baseFee = chain.baseFee(h ?? chain.height - 1)
    const priority = BigInt(chain.noise(key, tx.position, salt, 1) % 2_000_000_000)
    const gasPrice = baseFee + priority
    const gasLimit = (gasUsed ?? 100_000) + 20_000
    const value =
      tx.kind === "coin_transfer"
        ? chain.amount(key, tx.position, 7 + salt)
        : tx.kind === "contract_call" && tx.position % 3 === 0
          ? chain.amount(key, tx.position, 9)
          : 0n
    const creation = tx.kind === "contract_creation" || tx.kind === "token_creation"
    const to =
      tx.kind === "coin_transfer"
        ? chain.userAt(key, tx.senderOffset + 1 + (tx.position % 60))
        : tx.kind === "contract_call"
          ? chain.routers[tx.router]!
          : tx.kind === "token_transfer"
            ? tx.token >= 0
              ? chain.tokens[tx.token]!.address
              : chain.routers[tx.router]!
            : null
    const methodId = tx.method === null ? null : `0x${chain.hexOf(8, 3, tx.position, salt)}`
    return {
      value: String(value),
      from: this.address(sender),
      to: this.nullableAddress(to),
      created_contract: creation && h !== null ? this.address(chain.createdAddress(h, tx.position)) : null,
      method: tx.method,
      type: 2,
      nonce: chain.nonce(key, tx.position + salt),
      exchange_rate: "3150.25",
      gas_limit: gasLimit,
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
      raw_input: tx.method === null ? "0x" : this.rawInput(methodId!, key, tx.position),
      decoded_input:
        tx.method === null
          ? null
          : {
              method_call: `${tx.method}(address to, uint256 amount)`,
              method_id: methodId,
              parameters: [
                { name: "to", type: "address", value: chain.userAt(key, tx.senderOffset + 2) },
                { name: "amount", type: "uint256", value: String(value) }
              ]
            },
      token_transfers: null,
      token_transfers_overflow: null,
      transaction_types: tx.types,
      actions: [],
      transaction_tag: null
    }
  }

  private readonly rawInputs = new Map<number, string>()

  /** Call data: the same arguments recur per (template slot, position), which keeps the hashing off the hot path. */
  private rawInput(methodId: string, h: number, position: number): string {
    const key = (h % 32) * 4096 + position
    let args = this.rawInputs.get(key)
    if (args === undefined) {
      args = this.chain.hexOf(128, 4, h % 32, position)
      this.rawInputs.set(key, args)
    }
    return `${methodId}${args}`
  }

  transaction(h: number, tx: TxTemplate): Json {
    const chain = this.chain
    const ok = !tx.failed
    return {
      hash: chain.transactionHash(h, tx.position),
      timestamp: this.timestamp(chain.blockMillis(h)),
      block_number: h,
      block_hash: chain.blockHash(h),
      status: ok ? "ok" : "error",
      result: ok ? "success" : "Reverted",
      revert_reason: ok ? null : { raw: "0x" },
      confirmations: chain.height - h,
      confirmation_duration: [0, 12000],
      position: tx.position,
      has_error_in_internal_transactions: tx.failed && tx.internalCount > 0,
      ...this.transactionCommon(tx, h, 0, chain.transactionSender(h, tx))
    }
  }

  pendingTransaction(i: number): Json {
    const chain = this.chain
    const tx = chain.pendingTemplate(i)
    return {
      hash: chain.pendingHash(i),
      timestamp: null,
      block_number: null,
      block_hash: null,
      status: null,
      result: "pending",
      revert_reason: null,
      confirmations: 0,
      confirmation_duration: [],
      position: null,
      has_error_in_internal_transactions: null,
      ...this.transactionCommon(tx, null, i + 1, chain.users[(i * 5) % chain.users.length]!)
    }
  }

  log(h: number, log: LogTemplate): Json {
    const chain = this.chain
    const tx = chain.template(h).transactions[log.txPosition]!
    const emitter = log.token >= 0 ? chain.tokens[log.token]!.address : chain.routers[tx.router]!
    const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
    const batchTopic = "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb"
    const topics =
      log.token >= 0
        ? [
            log.batchSize > 1 ? batchTopic : transferTopic,
            `0x${"0".repeat(24)}${chain.userAt(h, log.fromOffset).slice(2)}`,
            `0x${"0".repeat(24)}${chain.userAt(h, log.toOffset).slice(2)}`,
            null
          ]
        : [`0x${chain.hexOf(64, 5, log.index % 4)}`, null, null, null]
    return {
      index: log.index,
      data: `0x${chain.hexOf(64, 6, h, log.index)}`,
      topics,
      decoded:
        log.token >= 0
          ? {
              method_call: "Transfer(address indexed from, address indexed to, uint256 value)",
              method_id: "ddf252ad",
              parameters: [
                { name: "from", type: "address", indexed: true, value: chain.userAt(h, log.fromOffset) },
                { name: "to", type: "address", indexed: true, value: chain.userAt(h, log.toOffset) },
                { name: "value", type: "uint256", indexed: false, value: String(chain.amount(h, log.index)) }
              ]
            }
          : null,
      smart_contract: this.address(emitter),
      address_hash: this.address(emitter),
      transaction_hash: chain.transactionHash(h, log.txPosition),
      block_hash: chain.blockHash(h),
      block_number: h
    }
  }

  block(h: number): Json {
    const chain = this.chain
    const template = chain.template(h)
    let gasUsed = 0
    for (const tx of template.transactions) gasUsed += chain.gasUsed(h, tx)
    const gasLimit = 30_000_000
    const baseFee = chain.baseFee(h)
    const burnt = baseFee * BigInt(gasUsed)
    const priority = BigInt(gasUsed) * BigInt(chain.noise(h, 77) % 1_000_000_000)
    return {
      hash: chain.blockHash(h),
      parent_hash: h === 0 ? `0x${"0".repeat(64)}` : chain.blockHash(h - 1),
      height: h,
      timestamp: this.timestamp(chain.blockMillis(h)),
      type: "block",
      miner: this.address(chain.miners[h % chain.miners.length]!),
      nonce: "0x0000000000000000",
      extra_data: `0x${chain.hexOf(16, 8, h)}`,
      state_root: `0x${chain.hexOf(64, 9, h)}`,
      difficulty: "0",
      total_difficulty: "58750003716598352816469",
      size: 1000 + template.transactions.length * 180,
      gas_limit: String(gasLimit),
      gas_used: String(gasUsed),
      gas_used_percentage: Math.round((gasUsed / gasLimit) * 1e6) / 1e4,
      gas_target_percentage: Math.round(((gasUsed - gasLimit / 2) / (gasLimit / 2)) * 1e6) / 1e4,
      burnt_fees_percentage: 90.5,
      base_fee_per_gas: String(baseFee),
      burnt_fees: String(burnt),
      priority_fee: String(priority),
      transaction_fees: String(burnt + priority),
      transactions_count: template.transactions.length,
      withdrawals_count: chain.withdrawalsPerBlock,
      rewards: [
        { reward: String(priority), type: "Miner Reward" },
        { reward: "0", type: "Emission Reward" }
      ],
      uncles_hashes: []
    }
  }

  smartContract(c: SmartContractInfo): Json {
    return {
      address_hash: this.address(c.address),
      coin_balance: String(c.coinBalance),
      compiler_version: c.compilerVersion,
      language: c.language,
      has_constructor_args: c.hasConstructorArgs,
      optimization_enabled: c.optimizationEnabled,
      verified_at: this.preciseTimestamp(c.verifiedAt, c.id),
      transactions_count: c.transactionsCount,
      market_cap: c.marketCap
    }
  }

  withdrawal(i: number, withReceiver: boolean): Json {
    const chain = this.chain
    const block = Math.floor(i / chain.withdrawalsPerBlock)
    const out: Json = {
      index: i,
      amount: String(chain.amount(block, 31_000 + (i % chain.withdrawalsPerBlock))),
      validator_index: chain.validatorIndex(i),
      block_number: block,
      timestamp: this.timestamp(chain.blockMillis(block))
    }
    if (withReceiver) out.receiver = this.address(chain.users[chain.withdrawalReceiverIndex(i)]!)
    return out
  }

  internalTransaction(h: number, it: InternalTemplate): Json {
    const chain = this.chain
    const create = it.to._tag === "Create"
    const to =
      it.to._tag === "User"
        ? chain.userAt(h, it.to.offset)
        : it.to._tag === "Router"
          ? chain.routers[it.to.router]!
          : null
    return {
      block_number: h,
      transaction_hash: chain.transactionHash(h, it.txPosition),
      transaction_index: it.txPosition,
      index: it.index,
      type: create ? "create" : "call",
      from: this.address(chain.routers[it.fromRouter]!),
      to: this.nullableAddress(to),
      created_contract: create ? this.address(chain.createdAddress(h, it.txPosition, it.index)) : null,
      value: String(it.to._tag === "User" ? chain.amount(h, it.txPosition, 500 + it.index) : 0n),
      gas_limit: String(50_000 + (chain.noise(h, it.txPosition, it.index) % 200_000)),
      success: !it.failed,
      error: it.failed ? "reverted" : null,
      timestamp: this.timestamp(chain.blockMillis(h))
    }
  }

  nftCollection(
    tokenIndex: number,
    instances: ReadonlyArray<{ readonly tokenId: number; readonly amount: bigint }>,
    holder: string
  ): Json {
    let amount = 0n
    for (const i of instances) amount += i.amount
    return {
      token: this.token(tokenIndex),
      amount: String(amount),
      token_instances: instances.map((i) => ({
        ...this.tokenInstance(tokenIndex, i.tokenId, { withToken: false, value: i.amount }),
        holder_address_hash: checksumAddress(holder)
      }))
    }
  }
}
