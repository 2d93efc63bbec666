/**
 * `@blockscout-effect/simulator`: the test kit. A simulated Blockscout (a seeded, deterministic chain served
 * with the real servers' paging, cursors, errors, rate limits and faults), reachable in-process
 * (`layerHttpClient`: an `HttpClient` layer) or, from `@blockscout-effect/simulator/node`, on a loopback
 * port (`serve`); a scripted `HttpClient` that answers what you say (`layerScripted`; on a port:
 * `scriptedServer` in `./node`); and record and replay of a real server's answers (`layerRecord`,
 * `layerReplay`). The client's `layerTest` (`@blockscout-effect/client/testing`) wires the `Blockscout`
 * service over the simulator in one layer, and re-exports all of this.
 *
 * Runs wherever Effect runs: nothing here imports `node:` modules.
 *
 * @since 0.1.0
 */
export * from "./Arbitraries.ts"
export type { Fault, FaultContext, FaultPlan } from "./Faults.ts"
export { SimulatedBlockscout } from "./SimulatedBlockscout.ts"
export type { BlockItems, CanonicalBlock, ReplacedBlock } from "./LiveChain.ts"
export type { AddressInfo, AddressKind } from "./chain/addresses.ts"
export { PERIOD } from "./chain/constants.ts"
export { tokenEventsAbi } from "./render/log.ts"
export type { SmartContractInfo } from "./chain/contracts.ts"
export type { TransactionPlace } from "./chain/hashes.ts"
export type { Holding } from "./chain/nft.ts"
export type {
  BlockTemplate,
  InternalTemplate,
  LogTemplate,
  TransactionKind,
  TransferTemplate,
  TxTemplate
} from "./chain/templates.ts"
export type { TokenInfo, TokenType } from "./chain/tokens.ts"
export { type ChainFork, SimulatedChain } from "./SimulatedChain.ts"
export { layerRecord } from "./Record.ts"
export { parseRecording, type RecordedExchange, Recording, RecordingError } from "./Recording.ts"
export { layerReplay, type ReplayOptions } from "./Replay.ts"
export {
  layerScripted,
  pageBody,
  type Script,
  Scripted,
  type ScriptedChunks,
  type ScriptedOptions,
  type ScriptedReply,
  type ScriptedRequest
} from "./Scripted.ts"
export { layerHttpClient, makeHttpClient } from "./SimulatedHttpClient.ts"
export type {
  ChainDensity,
  ChainOptions,
  LiveOptions,
  RateLimitKind,
  RequestRecord,
  SimulatedRequest,
  SimulatedResponse,
  OtherChainOptions,
  SimulatorOptions,
  StalledClockWarning
} from "./SimulatorOptions.ts"
export { type OnMiss, UnexpectedRequest } from "./UnexpectedRequest.ts"
/** EIP-55 checksums live in `@blockscout-effect/schema` (with the other address helpers); re-exported here. */
export { checksumAddress, type Family } from "@blockscout-effect/schema"
