/**
 * A chain built from its options: the seed's fixed tables, made once (the address pools, the tokens, the 32
 * block templates (2,048 on an uneven chain) and the pending ones, the NFT index, the verified contracts). Everything else of the chain
 * is computed from these on demand (`SimulatedChain.ts`).
 *
 * @internal
 */
import type { ChainOptions } from "../SimulatorOptions.ts"
import { hex, prng } from "../internal/hash.ts"
import { D, MINERS, PERIOD, ROUTERS, USERS } from "./constants.ts"
import { makeContracts, routerName, type SmartContractInfo } from "./contracts.ts"
import { type NftChain, NftIndex } from "./nft.ts"
import { templateSizes } from "./density.ts"
import { type BlockTemplate, makeTemplate, type TxTemplate } from "./templates.ts"
import { makeTokens, type TokenInfo } from "./tokens.ts"

/** The fixed tables of a chain, and its sizes with the options' defaults applied. */
export interface BuiltChain {
  readonly seed: number
  readonly chainId: number
  readonly height: number
  readonly withdrawalsPerBlock: number
  readonly pendingCount: number
  readonly users: ReadonlyArray<string>
  readonly miners: ReadonlyArray<string>
  readonly routers: ReadonlyArray<string>
  readonly tokens: ReadonlyArray<TokenInfo>
  readonly templates: ReadonlyArray<BlockTemplate>
  readonly pendingTemplates: ReadonlyArray<TxTemplate>
  readonly nft: NftIndex
  readonly smartContracts: ReadonlyArray<SmartContractInfo>
}

/**
 * Builds a chain's tables from `options`; the same options always give the same tables. `facts` are the
 * chain's own readers the NFT index calls later (never while building).
 */
export const buildChain = (options: ChainOptions, facts: Pick<NftChain, "userAt" | "transferValue">): BuiltChain => {
  const seed = options.seed ?? 1
  const height = Math.max(1, Math.floor(options.blocks ?? 20_000))
  const address = (kind: number, i: number) => `0x${hex(40, seed, D.address, kind, i)}`
  const pool = (kind: number, length: number) => Array.from({ length }, (_, i) => address(kind, i))
  const routers = pool(3, ROUTERS)
  // One generator, drawn in this order: tokens, the block templates, the pending transactions' template.
  const rand = prng(seed ^ 0x5eed)
  const tokens = makeTokens(rand, (i) => address(4, i))
  // An uneven chain's sizes are drawn first, from a generator of their own: the even chain's draws are unchanged.
  const sizes = templateSizes(options.density ?? "even", seed)
  const templates = Array.from({ length: sizes?.length ?? PERIOD }, (_, slot) =>
    makeTemplate(slot, rand, tokens, sizes?.[slot])
  )
  const pendingTemplates = makeTemplate(templates.length, rand, tokens).transactions
  return {
    seed,
    chainId: options.chainId ?? 1,
    height,
    withdrawalsPerBlock: Math.max(0, Math.floor(options.withdrawalsPerBlock ?? 2)),
    pendingCount: Math.max(0, Math.floor(options.pendingTransactions ?? 25)),
    users: pool(1, USERS),
    miners: pool(2, MINERS),
    routers,
    tokens,
    templates,
    pendingTemplates,
    nft: new NftIndex({ height, templates, tokens, ...facts }),
    smartContracts: makeContracts({
      seed,
      height,
      named: [
        ...tokens.map((t) => [t.address, t.name.replace(/\s/g, "")] as const),
        ...routers.map((r, i) => [r, routerName(i)] as const)
      ],
      extra: Math.max(0, Math.floor(options.smartContracts ?? 120)),
      extraAddress: (i) => address(5, i)
    })
  }
}
