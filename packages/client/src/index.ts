/**
 * @blockscout-effect/client: the `Blockscout` service for Effect apps: every explorer API v2 list endpoint,
 * typed errors, retries, rate limits and Stream pagination. The app provides the `HttpClient`.
 *
 * @since 0.1.0
 */
export { Blockscout, type BlockscoutShape, type BlockscoutTarget } from "./Blockscout.ts"
export {
  BlockscoutError,
  type BlockscoutErrorConstructor,
  type BlockscoutErrorReason,
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
  type RequestReason,
  ServerError,
  type StreamReason,
  Timeout,
  Transport,
  Unauthorized
} from "./BlockscoutError.ts"
export {
  type Endpoint,
  type EndpointItem,
  type EndpointName,
  endpoints,
  type Family,
  type Filter,
  type FilterKind,
  type PathParam,
  type PathParamKind
} from "./endpoints.ts"
export { requestsCounter, retriesCounter } from "./Metrics.ts"
export type { BlockscoutEvent, ClientOptions, InstanceOptions, ProOptions } from "./Options.ts"
export type * from "./Parameters.ts"
export * as BaseUrl from "./BaseUrl.ts"
