/**
 * The contract methods transactions of the simulated chain call, with their real 4-byte selectors and
 * parameter lists, so `method`, `raw_input` and `decoded_input` agree with each other and with the token
 * kind: ERC-20 `transfer` / `transferFrom`, ERC-721 `safeTransferFrom` / `transferFrom` / `mint`, ERC-1155
 * `safeTransferFrom` / `safeBatchTransferFrom`, and a few DeFi calls.
 *
 * @internal
 */
import type { TokenType } from "./tokens.ts"

/** A method: its name, selector (`0x` + 8 hex digits) and parameters as (name, type). */
export interface MethodInfo {
  readonly name: string
  readonly selector: string
  readonly parameters: ReadonlyArray<readonly [string, string]>
}

const m = (name: string, selector: string, parameters: ReadonlyArray<readonly [string, string]>): MethodInfo => ({
  name,
  selector,
  parameters
})

/** Methods by a key: the name, or `name/kind` where one name has two signatures (ERC-721 vs ERC-1155). */
export const methods = {
  transfer: m("transfer", "0xa9059cbb", [
    ["to", "address"],
    ["amount", "uint256"]
  ]),
  transferFrom: m("transferFrom", "0x23b872dd", [
    ["from", "address"],
    ["to", "address"],
    ["amount", "uint256"]
  ]),
  "safeTransferFrom/721": m("safeTransferFrom", "0x42842e0e", [
    ["from", "address"],
    ["to", "address"],
    ["tokenId", "uint256"]
  ]),
  "safeTransferFrom/1155": m("safeTransferFrom", "0xf242432a", [
    ["from", "address"],
    ["to", "address"],
    ["id", "uint256"],
    ["amount", "uint256"],
    ["data", "bytes"]
  ]),
  safeBatchTransferFrom: m("safeBatchTransferFrom", "0x2eb2c2d6", [
    ["from", "address"],
    ["to", "address"],
    ["ids", "uint256[]"],
    ["amounts", "uint256[]"],
    ["data", "bytes"]
  ]),
  mint: m("mint", "0x40c10f19", [
    ["to", "address"],
    ["tokenId", "uint256"]
  ]),
  approve: m("approve", "0x095ea7b3", [
    ["spender", "address"],
    ["amount", "uint256"]
  ]),
  multicall: m("multicall", "0xac9650d8", [["data", "bytes[]"]]),
  commit: m("commit", "0xf14fcbc8", [["commitment", "bytes32"]]),
  deposit: m("deposit", "0xb6b55f25", [["amount", "uint256"]]),
  withdraw: m("withdraw", "0x2e1a7d4d", [["amount", "uint256"]])
} as const

/** A key of {@link methods}. */
export type MethodKey = keyof typeof methods

/** What a plain contract call may call. */
export const contractCallMethods: ReadonlyArray<MethodKey> = ["approve", "multicall", "commit", "deposit", "withdraw"]

/**
 * What a token transfer of a token kind may call (`batch`: an ERC-1155 log of several items). A mint is
 * not chosen here: an NFT transaction calls `mint` exactly when its first transfer comes from the zero
 * address, which depends on the instance's history (see `SimulatedChain.methodOf`).
 */
export const transferMethods = (type: TokenType, batch: boolean): ReadonlyArray<MethodKey> => {
  switch (type) {
    case "ERC-20":
    case "ERC-404":
      return ["transfer", "transferFrom"]
    case "ERC-721":
      return ["safeTransferFrom/721", "transferFrom"]
    case "ERC-1155":
      return batch ? ["safeBatchTransferFrom"] : ["safeTransferFrom/1155"]
  }
}
