/**
 * `@blockscout-effect/client/testing`: `layerTest` (the `Blockscout` service over an in-process simulated
 * Blockscout, in one layer) and its `Simulator` service; the simulator's test layers (an `HttpClient` over the
 * simulated Blockscout, scripted answers, recording and replay) and the options users give them. The
 * simulator's internals (its chain model, arbitraries, templates) stay in `@blockscout-effect/simulator`.
 *
 * The simulator itself lives in `@blockscout-effect/simulator` (an optional peer dependency of the
 * client: install it beside the client to use this entry point); the client's tarball does not carry it.
 *
 * @since 0.1.0
 */
export {
  type ChainOptions,
  type Fault,
  type FaultContext,
  type FaultPlan,
  type LiveOptions,
  layerHttpClient,
  layerRecord,
  layerReplay,
  layerScripted,
  makeHttpClient,
  type OnMiss,
  type OtherChainOptions,
  type RateLimitKind,
  pageBody,
  type RecordedExchange,
  Recording,
  RecordingError,
  type ReplayOptions,
  type RequestRecord,
  type Script,
  Scripted,
  type ScriptedChunks,
  type ScriptedOptions,
  type ScriptedReply,
  type ScriptedRequest,
  SimulatedBlockscout,
  type SimulatedRequest,
  type SimulatedResponse,
  type SimulatorOptions,
  tokenEventsAbi,
  UnexpectedRequest
} from "@blockscout-effect/simulator"
export { layerTest, Simulator, type TestClientOptions, type TestLayerOptions } from "./Simulator.ts"
