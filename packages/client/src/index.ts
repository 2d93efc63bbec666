/**
 * @blockscout-effect/client: the `Blockscout` service for Effect apps: every endpoint of Blockscout's
 * explorer API v2 in the endpoints table, typed errors, retries, rate limits and Stream pagination. The app
 * provides the `HttpClient`.
 *
 * @since 0.1.0
 */
export * as BaseUrl from "./BaseUrl.ts"
export { Blockscout, type BlockscoutShape, type BlockscoutTarget } from "./Blockscout.ts"
export type { BlockscoutConfig } from "./BlockscoutConfig.ts"
export {
  type ChainDone,
  type ChainElement,
  type ChainFailed,
  type ChainItem,
  isChainItem,
  type StreamChainsOptions,
  streamChains
} from "./Chains.ts"
export { type ContractCreation, contractCreation } from "./ContractCreation.ts"
export * as CountSources from "./CountSources.ts"
export {
  BlockscoutError,
  type BlockscoutErrorConstructor,
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
export type * from "./BlockscoutMethods.ts"
export {
  type Added,
  defaultFinality,
  defaultPollInterval,
  type Finalized,
  type FinalizedPage,
  finalizedPages,
  type FollowBlock,
  type FollowCheckpoint,
  FollowCheckpointSchema,
  followDefaults,
  type FollowEvent,
  type FollowFrom,
  type FollowHistoryOptions,
  followIdentity,
  type FollowLag,
  type FollowMethods,
  type FollowName,
  type FollowOptions,
  type Retracted
} from "./Follow.ts"
export { type HistoryCheckpoint, HistoryCheckpointSchema, type SourceProgress } from "./HistoryCheckpoint.ts"
export type { AddressHistoryEstimate, HistoryEstimateOptions, HistoryListEstimate } from "./HistoryEstimate.ts"
export {
  type HistoryEntry,
  historyEntryKey,
  type HistoryKind,
  historyKinds,
  type HistoryMethods,
  type HistoryOptions,
  type HistoryPage,
  type InternalTransactionEntry,
  isSameTransferLog,
  type TokenTransferEntry,
  type TransactionEntry
} from "./History.ts"
export {
  addTallies,
  emptyTally,
  type HistoryGap,
  type HistoryReport,
  type HistoryTally,
  HistoryTallySchema,
  type IncompleteRange,
  type TokenTransfersReport,
  type Unverified
} from "./HistoryReport.ts"
export * from "./endpoints.ts"
export {
  type ItemName,
  type ListName,
  type MethodEntry,
  methodEntries,
  methodKindsOf,
  methodName
} from "./Methods.ts"
export {
  rateLimitWaitHistogram,
  requestDurationHistogram,
  requestsCounter,
  responsesCounter,
  retriesCounter
} from "./Metrics.ts"
export type {
  ApiKeyPlacement,
  BlockscoutEvent,
  BlockscoutOptions,
  ClientOptions,
  IncompleteListEvent,
  InstanceOptions,
  ProOptions
} from "./Options.ts"
export type * from "./Parameters.ts"
export {
  abiOf,
  type Decoded,
  type DecodeFailed,
  decodeLogs,
  decodeLogStream,
  type LogDecoding,
  logDecoder,
  type NoMatchingEvent,
  type RawLog
} from "./LogDecoding.ts"
export { type GetPathOptions, type PathQuery, type PathQueryValue, pathLimits, type StreamPathOptions } from "./Path.ts"
export {
  type BlockPartition,
  type CountSource,
  type EstimateBounds,
  type EstimateOptions,
  type EstimateRange,
  estimatePages,
  type HistoryEstimate,
  type IndexPartition,
  type PartitionCommon,
  type PartitionOptions,
  type PartitionProgress,
  PartitionProgressSchema,
  type RangeProgress,
  type ServerBudget
} from "./Partition.ts"
export * as RateLimits from "./RateLimits.ts"
