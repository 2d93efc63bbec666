/**
 * What a simulated Blockscout is made of and how it is spoken to: the chain's options, the server's
 * options (release line, keys, credits, rate limit, latency, faults, endpoints table), and the request and
 * answer the shared handler exchanges with both ways in.
 *
 * @since 0.1.0
 */
import type { Endpoint, Family } from "@blockscout-effect/schema"
import type { Duration } from "effect"
import type { Fault, FaultContext, FaultPlan } from "./Faults.ts"

/**
 * Options of a simulated chain. Every field has a default; the same options always give the same chain.
 *
 * @since 0.1.0
 * @category options
 */
export interface ChainOptions {
  /** The seed every value derives from (default 1). */
  readonly seed?: number | undefined
  /** The chain id served under the Pro family's `/{chainId}/api/v2` (default 1). */
  readonly chainId?: number | undefined
  /**
   * Number of blocks (default 20,000). The simulator's README gives the counts a chain of a given length
   * holds (a test checks them); histories of a million token transfers and more are produced lazily.
   */
  readonly blocks?: number | undefined
  /** Number of pending transactions (default 25). */
  readonly pendingTransactions?: number | undefined
  /** Beacon withdrawals per block (default 2). */
  readonly withdrawalsPerBlock?: number | undefined
  /** Number of extra verified contracts besides tokens and routers (default 120). */
  readonly smartContracts?: number | undefined
  /**
   * How the transactions (and so the token transfers, logs and internal transactions) spread over the blocks
   * (default `"even"`): see {@link ChainDensity}. Use an uneven chain to test what a density read from a few
   * pages misses (a dry run's sampling, a partitioned stream's cuts); the simulator README's counts are the
   * even chain's.
   */
  readonly density?: ChainDensity | undefined
}

/**
 * How a simulated chain's activity spreads over its blocks. `"even"`: 3 to 13 transactions a block, the pattern
 * repeating every 32 blocks (at any scale above that, every stretch of blocks looks alike). `"bursts"`: long
 * quiet stretches of a transaction or two a block, and bursts of 3 to 8 blocks of 40 to 119 transactions that hold
 * most of the transfers (in two stretches of 64 blocks out of five, no burst at all). `"growing"`: from one
 * transaction a block at genesis to about 25 at block 2,047, as a chain whose use grows. The uneven ones repeat
 * every 2,048 blocks; all are seeded and deterministic.
 *
 * @since 0.1.0
 * @category options
 */
export type ChainDensity = "even" | "bursts" | "growing"

/**
 * Live mode (`SimulatorOptions.live`): the chain grows by one block every `blockMillis` of Effect's `Clock`
 * (so a `TestClock` drives it), reorganises where and when it is told (or at seeded random heads), and its
 * lists may come from a lagging replica. Every route answers from the canonical chain at the request's time.
 * Deterministic: the same options, seed and clock times give the same answers.
 *
 * Gotcha: `startMillis` defaults to the clock time of the first request the simulator answers (or the first
 * `chainAt` call); give it (0 under a fresh `TestClock`) to know every block's time in advance.
 *
 * @since 0.1.0
 * @category options
 */
export interface LiveOptions {
  /** The clock time (epoch ms) at which the chain has its `blocks` initial blocks (default: the first request's time). */
  readonly startMillis?: number | undefined
  /**
   * Clock milliseconds between blocks (default 12,000). Live blocks' timestamps are this far apart too, after
   * the last initial block's (the chain's own time, 2024 onwards, whatever the clock says).
   */
  readonly blockMillis?: number | undefined
  /**
   * Chosen reorganisations. `{ head: H, depth: d }`: as block `H` is produced, heights `H - d .. H - 1` are
   * replaced (new hashes, new contents; their transactions go back to pending) and `H` extends the new branch.
   * `{ atMillis, depth }`: the same at the first block produced at or after that clock time. Genesis is never
   * replaced (a depth reaching it is cut), and no reorganisation is deeper than 1,024 blocks.
   */
  readonly reorgs?:
    | ReadonlyArray<
        { readonly head: number; readonly depth: number } | { readonly atMillis: number; readonly depth: number }
      >
    | undefined
  /**
   * The share in [0, 1] of a replaced block's transactions the new block includes again (default 0: every one goes
   * back to pending). Drawn per transaction from the seed; an included one keeps its hash, position and what it
   * was sent with (sender, recipient, value, nonce, input, its logs and token transfers), in the new block.
   */
  readonly reincluded?: number | undefined
  /**
   * Seeded reorganisations: each live block's production reorganises with `probability`, replacing 1 to
   * `maxDepth` heights (drawn from the seed and the height).
   */
  readonly randomReorgs?: { readonly probability: number; readonly maxDepth: number } | undefined
  /**
   * A lagging replica: while the clock is in `[fromMillis, toMillis)`, list routes answer as if the head were
   * `blocks` blocks lower (the current canonical chain cut short: never another hash for a height). Lookups
   * answer from the head.
   */
  readonly lag?:
    | ReadonlyArray<{ readonly fromMillis: number; readonly toMillis: number; readonly blocks: number }>
    | undefined
  /** Seeded lag: each block interval lags with `probability`, by 1 to `maxBlocks` blocks. */
  readonly randomLag?: { readonly probability: number; readonly maxBlocks: number } | undefined
  /**
   * For this many clock milliseconds after a reorganisation (default 0), its replaced heights have no consensus
   * block yet as far as lookups go: `/blocks/{number}` answers 404 `{ "message": "Block lost consensus", "hash":
   * <the replaced block's hash> }`, as Blockscout does until it has fetched the new branch. Lists show the new
   * blocks at once.
   */
  readonly lostConsensusMillis?: number | undefined
}

/**
 * When the in-process test kit warns about a wait on a `TestClock` that nothing advances: after this much
 * real time (default 1 second, as Effect's own `TestClock` warning), or `false` for never.
 *
 * @since 0.1.0
 * @category options
 */
export type StalledClockWarning = Duration.Input | false

/**
 * The rate limiter a simulated server runs, as the servers a client meets do:
 * - `"fixed"`: Blockscout's (`API_RATE_LIMIT` per `API_RATE_LIMIT_TIME_INTERVAL`): `limit` per window aligned
 *   on the clock; `x-ratelimit-reset` is the time until the window ends.
 * - `"token-bucket"`: a gateway's: `limit` tokens, one back every `windowMillis / limit`; `x-ratelimit-remaining`
 *   the whole tokens left, `x-ratelimit-reset` the time until the bucket is full (until the next token when
 *   it is empty), so resets come tens of milliseconds apart.
 * - `"sliding-log"`: at most `limit` accepted requests in any `windowMillis`; `x-ratelimit-reset` is the time
 *   until the oldest of them leaves the log.
 *
 * A refused request (429) uses up nothing in any of them. All are deterministic under a `TestClock`.
 *
 * @since 0.1.0
 * @category options
 */
export type RateLimitKind = "fixed" | "token-bucket" | "sliding-log"

/**
 * Options of the simulated server: the chain's options plus the server's behaviour.
 *
 * @since 0.1.0
 * @category options
 */
export interface SimulatorOptions extends ChainOptions {
  /**
   * The per-instance server's release line; its answers validate against that release's OpenAPI spec.
   * `"12"` (default): `items_count` is the page size (default 50, capped at 100) and never echoed;
   * internal-transaction pages carry `meta`. `"11"` (11.2.7): pages are always 50; `items_count` is refused
   * (422) on the token transfer lists and NFT instances, which do not declare it, and above 50 elsewhere; the
   * page's count is echoed into cursors as `items_count`, and so are the caller's `apikey` and `key`; token
   * transfers also take `limit`. The Pro family is always the current Pro API, whatever this says.
   */
  readonly version?: "11" | "12" | undefined
  /** Accepted API keys. Unset: any non-empty key is accepted. The Pro family always needs a key. */
  readonly apiKeys?: ReadonlyArray<string> | undefined
  /** Whether the per-instance family also refuses keyless calls with 401 (default false). */
  readonly requireInstanceApiKey?: boolean | undefined
  /**
   * Pro credits; each answered call costs its row's `credits` (20; 30 for logs and token transfers, 40 for
   * internal transactions), a 429 nothing; 402 once a call costs more than is left. Default unlimited: never
   * 402, and `x-credits-remaining` counts down from 1,000,000,000 (a real plan's header always moves).
   */
  readonly credits?: number | undefined
  /** Addresses an instance restricts: `/addresses/{address}/...` rows answer 403 unless `key` equals `secretKey`. */
  readonly restrictedAddresses?: ReadonlyArray<string> | undefined
  readonly secretKey?: string | undefined
  /**
   * Requests allowed per window (`windowMillis`, default 1,000) and per (family, key); above it the server
   * answers 429. `kind` is the limiter the server runs (`RateLimitKind`, default `"fixed"`: Blockscout's own).
   * Default unlimited (headers `-1`).
   */
  readonly rateLimit?:
    | {
        readonly limit: number
        readonly windowMillis?: number | undefined
        readonly kind?: RateLimitKind | undefined
      }
    | undefined
  /**
   * Added latency in milliseconds: fixed, a deterministic value in [min, max), or decided per request (e.g.
   * slow token transfers and internal transactions, as real servers under load). Default 0.
   */
  readonly latency?:
    | number
    | { readonly min: number; readonly max: number }
    | ((context: FaultContext) => number)
    | undefined
  readonly faults?: FaultPlan | undefined
  /**
   * In-process only (`layerHttpClient`, `layerTest`): under a `TestClock`, warn when a wait has not ended
   * after this much real time and nothing has advanced the clock (default 1 second; `false`: never). Waits
   * watched: `latency`, a `Hang`, and those an answer asks the client for (a 429, `Retry-After`, a spent
   * rate-limit window, pacing at the rate `rateLimit` announces, a 5xx or a dropped connection the client
   * retries after a backoff). The warning names the request and says what to do (`TestClock.adjust`, or
   * `it.live`).
   */
  readonly warnOnStalledClock?: StalledClockWarning | undefined
  /**
   * The endpoints table to serve (default: `@blockscout-effect/schema`'s `endpoints`). A row without a
   * handler in the simulator is routed and checked, then answered 501.
   */
  readonly endpoints?: Readonly<Record<string, Endpoint>> | undefined
  /**
   * More chains the Pro family serves, as the Pro API does: each its own chain (built from these options:
   * give each a distinct `chainId`, and a `seed` for a different history) and its own faults, all behind this
   * server's keys, rate-limit window and credits, since a Pro key's limit covers every chain. The per-instance
   * family serves the main chain only. Default: none (another chain id answers 404).
   */
  readonly otherChains?: ReadonlyArray<OtherChainOptions> | undefined
  /**
   * Blocks (both inclusive) whose internal transactions the server has not fetched yet, as a Blockscout still
   * tracing a backlog: their internal transactions are missing from the lists, a 12.x (or Pro) internal-transaction
   * page says so (`meta: { status: 2, message }`) when the blocks it checked include one of them, and the indexing
   * status reports internal transactions unfinished. An 11.x server only leaves them out. Default: none.
   */
  readonly unindexedInternalTransactions?: { readonly fromBlock: number; readonly toBlock: number } | undefined
  /**
   * Live mode: the chain grows with the clock, reorganises and may lag ({@link LiveOptions}). Default: none,
   * a fixed chain of `blocks` blocks whatever the time.
   */
  readonly live?: LiveOptions | undefined
  /**
   * What `/config/backend-version` answers: one release for both families, or one per release line (`"11"`,
   * `"12"`, `"pro"`), as a build's `BLOCKSCOUT_VERSION` reads (`"v6.8.0"`, `"v9.1.0.commit.1a2b3c4d"`). Default:
   * `"v11.2.7"` for the 11 line, `"v12.0.0"` for the 12 line and the Pro API. Give an old release to see how a
   * version-aware client treats a server that predates a row's `since`.
   */
  readonly backendVersion?: string | Partial<Record<"11" | "12" | "pro", string>> | undefined
  /**
   * Whether the server has its user-ops indexer (Blockscout's account-abstraction microservice) enabled: the
   * `/proxy/account-abstraction/*` rows then serve the simulated chain's user operations, bundles and accounts.
   * Default false, as on most instances: those rows answer 501 `{"message":"Service is disabled"}`.
   */
  readonly accountAbstraction?: boolean | undefined
}

/**
 * One more chain of a simulated Pro API (`SimulatorOptions.otherChains`): its chain options (a `chainId` is
 * required) and the faults its requests meet.
 *
 * @since 0.1.0
 * @category options
 */
export interface OtherChainOptions extends ChainOptions {
  readonly chainId: number
  readonly faults?: FaultPlan | undefined
}

/**
 * A request as the simulator sees it. `url` may be absolute or a path with a query string.
 *
 * @since 0.1.0
 * @category models
 */
export interface SimulatedRequest {
  readonly method: string
  readonly url: string
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>
}

/**
 * The simulator's answer. `transport` says how to deliver it when it is not a plain response.
 *
 * @since 0.1.0
 * @category models
 */
export interface SimulatedResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  /** Milliseconds to wait before answering (latency). */
  readonly delayMillis: number
  /**
   * `drop`: close the connection without answering; `truncate`: send the headers and the first half of
   * `body`, then close; `hang`: never answer.
   */
  readonly transport?: "drop" | "truncate" | "hang" | undefined
}

/**
 * One answered request, kept in {@link SimulatedBlockscout.requests} for tests.
 *
 * @since 0.1.0
 * @category models
 */
export interface RequestRecord {
  readonly requestNumber: number
  /** When the server counted it (its clock, epoch milliseconds: the `TestClock` in process). */
  readonly at: number
  readonly family: Family | undefined
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly status: number
  readonly fault: Fault["_tag"] | undefined
}
