/**
 * C1 `GET /smart-contracts/{address}`: a contract's code and verification, as
 * `SmartContractView.prepare_smart_contract` writes it. A verified contract (the E8 list's, with the same
 * compiler, language, license and verification time) gets its ABI, its main source file and, for every third
 * contract, more source files, its compiler settings and bytecode; a contract a mined transaction created and
 * nobody verified gets its bytecode and creation status only (a failed creation: `deployed_bytecode` `0x` and
 * `creation_status` `failed`), as the backend's second clause answers. Proxy facts agree with the address
 * objects (none). 404 for an address without code (a user, a miner, an unknown address).
 *
 * @internal
 */
import type { SmartContractInfo } from "../chain/contracts.ts"
import { creationOf } from "../chain/involvement.ts"
import { type Json, notFound, ok } from "../internal/query.ts"
import type { RouteContext, RouteHandler } from "../internal/router.ts"

/** The bytecode of a contract: deterministic hex from the chain's seed and the address. */
const bytecode = (ctx: RouteContext, address: string, salt: number): string =>
  `0x6080604052${ctx.chain.hexOf(48, Number.parseInt(address.slice(2, 10), 16), salt)}`

/** A small ABI for a contract named `name`: a constructor, an event and two functions. */
const abiOf = (c: SmartContractInfo): ReadonlyArray<Json> => [
  {
    type: "constructor",
    inputs: c.hasConstructorArgs ? [{ name: "owner", type: "address", internalType: "address" }] : [],
    stateMutability: "nonpayable"
  },
  {
    type: "event",
    name: "Updated",
    anonymous: false,
    inputs: [{ name: "by", type: "address", indexed: true, internalType: "address" }]
  },
  {
    type: "function",
    name: "owner",
    inputs: [],
    outputs: [{ name: "", type: "address", internalType: "address" }],
    stateMutability: "view"
  },
  { type: "function", name: "update", inputs: [], outputs: [], stateMutability: "nonpayable" }
]

const verified = (ctx: RouteContext, c: SmartContractInfo): Json => {
  const ext = c.language === "vyper" ? "vy" : c.language === "yul" ? "yul" : "sol"
  const extra = c.id % 3 === 0
  return {
    verified_twin_address_hash: null,
    is_verified: true,
    is_changed_bytecode: false,
    is_partially_verified: false,
    is_fully_verified: true,
    is_verified_via_sourcify: false,
    is_verified_via_eth_bytecode_db: false,
    is_verified_via_verifier_alliance: false,
    proxy_type: null,
    implementations: [],
    conflicting_implementations: null,
    sourcify_repo_url: null,
    can_be_visualized_via_sol2uml: c.language === "solidity",
    name: c.name,
    compiler_version: c.compilerVersion,
    optimization_enabled: c.optimizationEnabled,
    optimization_runs: c.optimizationEnabled ? 200 : null,
    evm_version: "paris",
    verified_at: ctx.render.preciseTimestamp(c.verifiedAt, c.id),
    abi: abiOf(c),
    source_code: `// ${c.name}\ncontract ${c.name} {}\n`,
    file_path: `contracts/${c.name}.${ext}`,
    additional_sources: extra ? [{ file_path: `contracts/lib/Owned.${ext}`, source_code: "contract Owned {}\n" }] : [],
    compiler_settings: {
      evmVersion: "paris",
      optimizer: { enabled: c.optimizationEnabled, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode"] } }
    },
    external_libraries: [],
    constructor_args: c.hasConstructorArgs ? `0x${"0".repeat(24)}${c.address.slice(2)}` : null,
    decoded_constructor_args: c.hasConstructorArgs
      ? [[c.address, { name: "owner", type: "address", internalType: "address" }]]
      : null,
    language: c.language,
    license_type: c.licenseType,
    certified: false,
    is_blueprint: false,
    deployed_bytecode: bytecode(ctx, c.address, 1),
    creation_bytecode: bytecode(ctx, c.address, 2),
    creation_status: "success"
  }
}

export const smartContract: RouteHandler = {
  handle: (ctx) => {
    const address = ctx.params.address!
    const contract = ctx.chain.smartContracts.find((c) => c.address === address)
    if (contract !== undefined) return ok(verified(ctx, contract))
    const creation = creationOf(ctx.chain, address)
    if (creation === undefined) throw notFound()
    const failed = creation[1].failed
    return ok({
      proxy_type: null,
      implementations: [],
      conflicting_implementations: null,
      deployed_bytecode: failed ? "0x" : bytecode(ctx, address, 1),
      creation_bytecode: bytecode(ctx, address, 2),
      creation_status: failed ? "failed" : "success"
    })
  }
}
