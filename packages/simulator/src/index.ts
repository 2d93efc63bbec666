/**
 * `@blockscout-effect/simulator`: a simulated Blockscout for tests. A seeded, deterministic chain served with
 * the real servers' paging, cursors, errors, rate limits and faults, reachable in-process
 * (`layerHttpClient`: an `HttpClient` layer) or, from `@blockscout-effect/simulator/node`, on a loopback
 * port (`serve`). The client's `layerTest` (`@blockscout-effect/client/testing`) wires the `Blockscout`
 * service over it in one layer.
 *
 * Runs wherever Effect runs: nothing here imports `node:` modules.
 *
 * @since 0.1.0
 */
export * from "./Arbitraries.ts"
export type { Fault, FaultContext, FaultPlan } from "./Faults.ts"
export { SimulatedBlockscout } from "./SimulatedBlockscout.ts"
export {
  type AddressInfo,
  type AddressKind,
  type BlockTemplate,
  type Holding,
  type InternalTemplate,
  type LogTemplate,
  PERIOD,
  SimulatedChain,
  type SmartContractInfo,
  type TokenInfo,
  type TokenType,
  type TransactionKind,
  type TransactionPlace,
  type TransferTemplate,
  type TxTemplate
} from "./SimulatedChain.ts"
export { layerHttpClient, makeHttpClient } from "./SimulatedHttpClient.ts"
export type {
  ChainOptions,
  RequestRecord,
  SimulatedRequest,
  SimulatedResponse,
  SimulatorOptions
} from "./SimulatorOptions.ts"
/** EIP-55 checksums live in `@blockscout-effect/schema` (with the other address helpers); re-exported here. */
export { checksumAddress, type Family } from "@blockscout-effect/schema"
