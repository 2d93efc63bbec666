/**
 * The verified smart contracts of the simulated chain (E8): every token, every router, and a number of
 * others, in `smart_contract_id` order.
 *
 * @internal
 */
import { hash, hex, unit } from "../internal/hash.ts"
import { BLOCK_MILLIS, D, GENESIS_MILLIS } from "./constants.ts"

/**
 * A verified smart contract (E8).
 *
 * @since 0.1.0
 * @category models
 */
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
  /** An SPDX-style license name as Blockscout lists them (`mit`, `gnu_gpl_v3`, ...). */
  readonly licenseType: string
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
const licenses = ["mit", "mit", "gnu_gpl_v3", "unlicense", "apache_2_0", "none", "bsl_1_1"]

/** What the contract list is built from: the named contracts first (tokens, routers), then `extra` more. */
export interface ContractSources {
  readonly seed: number
  readonly height: number
  readonly named: ReadonlyArray<readonly [address: string, name: string]>
  readonly extra: number
  readonly extraAddress: (i: number) => string
}

/** Builds the verified-contract list (ids from 1, ascending). */
export const makeContracts = (sources: ContractSources): ReadonlyArray<SmartContractInfo> => {
  const { seed, height } = sources
  const contracts: Array<SmartContractInfo> = []
  const add = (address: string, name: string) => {
    const id = contracts.length + 1
    const r = hash(seed, D.misc, 2, id)
    contracts.push({
      id,
      address,
      name,
      language: r % 10 === 0 ? "vyper" : r % 10 === 1 ? "yul" : "solidity",
      compilerVersion: r % 10 === 0 ? "v0.3.10" : `v0.8.${(r >>> 4) % 28}+commit.${hex(8, seed, D.misc, 3, id)}`,
      optimizationEnabled: (r >>> 8) % 3 !== 0,
      hasConstructorArgs: (r >>> 10) % 2 === 0,
      verifiedAt: GENESIS_MILLIS + Math.floor(unit(seed, D.misc, 1, id) * height * BLOCK_MILLIS),
      transactionsCount: (r >>> 12) % 50_000,
      coinBalance: BigInt(hash(seed, D.misc, 4, id)) * 1_000_000_000n,
      marketCap: ((r >>> 3) % 1_000_000) / 100,
      licenseType: licenses[(r >>> 20) % licenses.length]!
    })
  }
  for (const [address, name] of sources.named) add(address, name)
  for (let i = 0; i < sources.extra; i++) {
    const w = contractWords[hash(seed, D.misc, 5, i) % contractWords.length]!
    add(sources.extraAddress(i), `${w}${i}`)
  }
  return contracts
}

/** A router's contract name (`VaultV1`, `RouterV2`, ...). */
export const routerName = (i: number): string => `${contractWords[i % contractWords.length]}V${i + 1}`
