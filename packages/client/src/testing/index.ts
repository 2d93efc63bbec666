/**
 * `@blockscout-effect/client/testing`: a simulated Blockscout for tests. A seeded, deterministic chain
 * served with the real servers' paging, cursors, errors, rate limits and faults, reachable in-process
 * (`layerTest`: the `Blockscout` service over it in one layer; `layerHttpClient`: the bare `HttpClient`) or, from `@blockscout-effect/client/testing/node`, on a loopback port (`serve`).
 *
 * Runs wherever Effect runs: nothing here imports `node:` modules.
 *
 * @since 0.1.0
 */
export * from "./Arbitraries.ts"
export {
  type Fault,
  type FaultContext,
  type FaultPlan,
  type RequestRecord,
  SimulatedBlockscout,
  type SimulatedRequest,
  type SimulatedResponse,
  type SimulatorOptions
} from "./SimulatedBlockscout.ts"
export {
  type AddressInfo,
  type AddressKind,
  type BlockTemplate,
  type ChainOptions,
  type Holding,
  type InternalTemplate,
  type LogTemplate,
  PERIOD,
  SimulatedChain,
  type SmartContractInfo,
  type TokenInfo,
  type TokenType,
  type TransactionKind,
  type TransferTemplate,
  type TxTemplate
} from "./SimulatedChain.ts"
export { layerHttpClient, makeHttpClient } from "./SimulatedHttpClient.ts"
export { layerTest, Simulator, type TestClientOptions, type TestLayerOptions } from "./Simulator.ts"
export { checksumAddress } from "./internal/keccak.ts"
export type { Family } from "./internal/render.ts"
