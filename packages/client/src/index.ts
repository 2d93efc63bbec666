/**
 * @blockscout-effect/client: the `Blockscout` service for Effect apps: every endpoint of Blockscout's
 * explorer API v2 in the endpoints table, typed errors, retries, rate limits and Stream pagination. The app
 * provides the `HttpClient`.
 *
 * This root holds what an app uses: the service and its options, the error and its reasons, the types of
 * pages, histories, partitions and dry runs, log decoding, and a few modules as namespaces (`BaseUrl`,
 * `CountSources`, `Follow`, `Metrics`, `RateLimits`, the generated method parameters as `Methods`). Whoever builds an
 * endpoints table of their own finds its builders in `@blockscout-effect/schema`; the test layers are in
 * `@blockscout-effect/client/testing`.
 *
 * @since 0.1.0
 */
export * as BaseUrl from "./BaseUrl.ts"
export { Blockscout, type BlockscoutShape } from "./Blockscout.ts"
export type { BlockscoutConfig } from "./BlockscoutConfig.ts"
export {
  BlockscoutError,
  type BlockscoutErrorReason,
  BudgetExhausted,
  type CallReason,
  Decode,
  InvalidArgument,
  InvalidRequest,
  isBlockscoutError,
  isBlockscoutErrorReason,
  isRetryable,
  NotFound,
  OutOfCredits,
  PaginationStalled,
  RateLimited,
  Redirected,
  ReorgBeyondFinality,
  ResponseTooLarge,
  type RequestReason,
  ServerError,
  ServerLagging,
  type StreamReason,
  type FollowReason,
  Timeout,
  Transport,
  Unauthorized,
  Unsupported
} from "./BlockscoutError.ts"
export type * as Methods from "./BlockscoutMethods.ts"
export { type ChainElement, type StreamChainsOptions, streamChains } from "./Chains.ts"
export { contractCreation } from "./ContractCreation.ts"
export * as CountSources from "./CountSources.ts"
export type { Endpoint, EndpointItem, EndpointName, Family } from "./endpoints.ts"
export { endpoints } from "./endpoints.ts"
export * as Follow from "./Follow.ts"
export {
  addTallies,
  type HistoryCheckpoint,
  HistoryCheckpointSchema,
  type HistoryEntry,
  historyEntryKey,
  type HistoryKind,
  type HistoryOptions,
  type HistoryPage,
  type HistoryReport,
  type HistoryTally
} from "./History.ts"
export type { AddressHistoryEstimate, HistoryEstimateOptions } from "./HistoryEstimate.ts"
export { abiOf, decodeLogStream, decodeLogs, logDecoder } from "./LogDecoding.ts"
export type { ItemName, ListName } from "./Methods.ts"
export * as Metrics from "./Metrics.ts"
export type {
  ApiKeyPlacement,
  BlockscoutEvent,
  BlockscoutOptions,
  ClientOptions,
  InstanceOptions,
  ProOptions
} from "./Options.ts"
export type { EndpointArgs, Page, PageWithCursor } from "./Parameters.ts"
export type { GetPathOptions, StreamPathOptions } from "./Path.ts"
export {
  type EstimateRange,
  type HistoryEstimate,
  type PartitionOptions,
  type PartitionProgress,
  PartitionProgressSchema,
  type ServerBudget
} from "./Partition.ts"
export * as RateLimits from "./RateLimits.ts"
