/**
 * The public method types, sampled: the generated `BlockscoutMethods.ts` is the only description of the
 * method surface, so this pins a few rows of each shape (paged, bare array, single item), path parameters
 * (address, hash, token and token id, block), each kind of filter, each kind of stream option and the error
 * types, as users have them; `test/generated.test.ts` checks that the service has exactly the generated
 * members. Checked by `tsc -b` (a failing expectation is a compile error). Nothing here runs.
 */
import type {
  Block,
  BlockDetails,
  IndexingStatus,
  Log,
  NextPageParams,
  SmartContract,
  TokenBalance,
  TokenInstanceDetails,
  TokenTransfer,
  Transaction,
  TransactionDetails,
  Withdrawal
} from "@blockscout-effect/schema"
import { type Config, Effect, type Layer, type Stream } from "effect"
import type { HttpClient } from "effect/http"
import { expectTypeOf } from "vitest"
import {
  Blockscout,
  BlockscoutError,
  type BlockscoutShape,
  type CallReason,
  type Decode,
  type InvalidArgument,
  type InvalidRequest,
  type ListTransactionsParameters,
  type NotFound,
  type OutOfCredits,
  type Page,
  type PageWithCursor,
  type PaginationStalled,
  type BudgetExhausted,
  type FollowEvent,
  type FollowOptions,
  type FollowReason,
  type HistoryEntry,
  type ReorgBeyondFinality,
  type ServerLagging,
  type BlockPartitionParameters,
  type IndexPartitionParameters,
  type StreamParameters,
  type RateLimited,
  type Redirected,
  type RequestReason,
  type ResponseTooLarge,
  type ServerError,
  type StreamReason,
  type Timeout,
  type Transport,
  type Unauthorized,
  type Unsupported
} from "../../src/index.ts"

declare const bs: BlockscoutShape

// ---------------------------------------------------------------------------------------------------------
// The rule, sampled: parameters, results and errors.

/** What a paged method takes besides its filters. */
interface Paging {
  readonly cursor?: NextPageParams | undefined
  readonly pageSize?: number | undefined
}
/** An intersection as one object type, as the generated interfaces are. */
type Flat<T> = { [K in keyof T]: T[K] }
type ListError = BlockscoutError<CallReason>
type StreamError = BlockscoutError<StreamReason>
type List<Args extends Array<unknown>, A> = (...args: Args) => Effect.Effect<Page<A>, ListError>
type Items<Args extends Array<unknown>, A> = (...args: Args) => Stream.Stream<A, StreamError>
type Pages<Args extends Array<unknown>, A> = (...args: Args) => Stream.Stream<PageWithCursor<A>, StreamError>
/** A stream's options: its list's, a credit budget, and `partition` by what the row's keys count (if any). */
type Blocks<O> = [options?: (O & BlockPartitionParameters) | undefined]
type Index<O> = [options?: (O & IndexPartitionParameters) | undefined]
type Plain<O> = [options?: (O & StreamParameters) | undefined]
type BlockAt<O> = [at: string, options?: (O & BlockPartitionParameters) | undefined]
type PlainAt<O> = [at: string, options?: (O & StreamParameters) | undefined]

// A paged row with a `literals` filter and block partitions: list, stream, streamPages.
type TokenTransfersOptions = Flat<
  Paging & { readonly type?: ReadonlyArray<"ERC-20" | "ERC-721" | "ERC-1155" | "ERC-404"> | undefined }
>
expectTypeOf(bs.listTokenTransfers).toEqualTypeOf<List<[options?: TokenTransfersOptions | undefined], TokenTransfer>>()
expectTypeOf(bs.streamTokenTransfers).toEqualTypeOf<Items<Blocks<TokenTransfersOptions>, TokenTransfer>>()
expectTypeOf(bs.streamTokenTransfersPages).toEqualTypeOf<Pages<Blocks<TokenTransfersOptions>, TokenTransfer>>()

// Two path parameters, a token id a string or a bigint.
type InstanceArgs = [token: string, tokenId: string | bigint, options?: Paging | undefined]
expectTypeOf(bs.listTokenInstanceTransfers).toEqualTypeOf<List<InstanceArgs, TokenTransfer>>()
type InstanceStreamArgs = [
  token: string,
  tokenId: string | bigint,
  options?: (Paging & BlockPartitionParameters) | undefined
]
expectTypeOf(bs.streamTokenInstanceTransfers).toEqualTypeOf<Items<InstanceStreamArgs, TokenTransfer>>()
expectTypeOf(bs.streamTokenInstanceTransfersPages).toEqualTypeOf<Pages<InstanceStreamArgs, TokenTransfer>>()

// A bare-array row without arguments: nothing to check, so no InvalidArgument.
type MainPage = () => Effect.Effect<ReadonlyArray<Transaction>, BlockscoutError<RequestReason>>
expectTypeOf(bs.listMainPageTransactions).toEqualTypeOf<MainPage>()
// A bare-array row with a path parameter.
expectTypeOf(bs.listAddressTokenBalances).toEqualTypeOf<
  (address: string) => Effect.Effect<ReadonlyArray<TokenBalance>, ListError>
>()

// `literal`, `literals` and `names` filters; the options type is named after the row.
type TransactionsOptions = Flat<
  Paging & {
    readonly filter?: "validated" | "pending" | undefined
    readonly type?:
      | ReadonlyArray<"token_transfer" | "contract_creation" | "contract_call" | "token_creation" | "coin_transfer">
      | undefined
    readonly method?: ReadonlyArray<string> | undefined
  }
>
expectTypeOf<ListTransactionsParameters>().toEqualTypeOf<TransactionsOptions>()
expectTypeOf(bs.listTransactions).toEqualTypeOf<List<[options?: TransactionsOptions | undefined], Transaction>>()

// A hash path parameter and a row without partitions: a stream takes only the plain stream options.
type At = [at: string, options?: Paging | undefined]
expectTypeOf(bs.listTransactionLogs).toEqualTypeOf<List<At, Log>>()
expectTypeOf(bs.streamTransactionLogs).toEqualTypeOf<Items<PlainAt<Paging>, Log>>()

// `text` filters beside literal ones.
type SmartContractsOptions = Flat<
  Paging & {
    readonly q?: string | undefined
    readonly filter?: "solidity" | "vyper" | "yul" | undefined
    readonly sort?: "balance" | "transactions_count" | undefined
    readonly order?: "asc" | "desc" | undefined
  }
>
expectTypeOf(bs.streamSmartContractsPages).toEqualTypeOf<Pages<Plain<SmartContractsOptions>, SmartContract>>()

// Index partitions.
expectTypeOf(bs.streamWithdrawals).toEqualTypeOf<Items<Index<Paging>, Withdrawal>>()

// `address` filters are strings; an address path parameter with block partitions.
type AddressTransfersArgs = [
  address: string,
  options?:
    | (Flat<
        Paging & {
          readonly type?: ReadonlyArray<"ERC-20" | "ERC-721" | "ERC-1155" | "ERC-404"> | undefined
          readonly filter?: "to" | "from" | undefined
          readonly token?: string | undefined
        }
      > &
        BlockPartitionParameters)
    | undefined
]
expectTypeOf(bs.streamAddressTokenTransfers).toEqualTypeOf<Items<AddressTransfersArgs, TokenTransfer>>()
expectTypeOf(bs.streamBlocksValidated).toEqualTypeOf<Items<BlockAt<Paging>, Block>>()

// Single-item rows: a block by number (a number, a bigint or a string, or a hash), detail shapes, NotFound.
expectTypeOf(bs.getBlock).toEqualTypeOf<
  (numberOrHash: string | number | bigint) => Effect.Effect<BlockDetails, ListError>
>()
expectTypeOf(bs.getTransaction).toEqualTypeOf<(hash: string) => Effect.Effect<TransactionDetails, ListError>>()
expectTypeOf(bs.getTokenInstance).toEqualTypeOf<
  (token: string, tokenId: string | bigint) => Effect.Effect<TokenInstanceDetails, ListError>
>()
// No arguments, nothing to check: no InvalidArgument.
expectTypeOf(bs.getIndexingStatus).toEqualTypeOf<() => Effect.Effect<IndexingStatus, BlockscoutError<RequestReason>>>()
expectTypeOf(bs.get("block", { numberOrHash: "1" })).toEqualTypeOf<Effect.Effect<BlockDetails, ListError>>()

// The by-name calls.
expectTypeOf(bs.page("withdrawals")).toEqualTypeOf<Effect.Effect<Page<Withdrawal>, ListError>>()
expectTypeOf(bs.stream("transactionLogs")).toEqualTypeOf<Stream.Stream<Log, StreamError>>()
expectTypeOf(bs.pages("tokenTransfers")).toEqualTypeOf<Stream.Stream<PageWithCursor<TokenTransfer>, StreamError>>()

// ---------------------------------------------------------------------------------------------------------
// The reason sets: a one-call method cannot stall a pagination; only streams can.

expectTypeOf<RequestReason>().toEqualTypeOf<
  | Unsupported
  | NotFound
  | InvalidRequest
  | Unauthorized
  | OutOfCredits
  | RateLimited
  | ServerError
  | Redirected
  | ResponseTooLarge
  | Transport
  | Timeout
  | Decode
>()
expectTypeOf<CallReason>().toEqualTypeOf<InvalidArgument | RequestReason>()
expectTypeOf<StreamReason>().toEqualTypeOf<CallReason | PaginationStalled | BudgetExhausted>()

// ---------------------------------------------------------------------------------------------------------
// Narrowing the error channel.

const logs = bs.listTransactionLogs("0x")
// BlockscoutError.catchReason removes the handled reason.
expectTypeOf(
  logs.pipe(BlockscoutError.catchReason("NotFound", (reason) => Effect.succeed(reason.message)))
).toEqualTypeOf<Effect.Effect<Page<Log> | string, BlockscoutError<Exclude<CallReason, NotFound>>>>()
// Data-first too.
expectTypeOf(BlockscoutError.catchReason(logs, "NotFound", () => Effect.succeed(0))).toEqualTypeOf<
  Effect.Effect<Page<Log> | number, BlockscoutError<Exclude<CallReason, NotFound>>>
>()
// Its handler gets the reason's own class.
logs.pipe(
  BlockscoutError.catchReason("RateLimited", (reason, error) => {
    expectTypeOf(reason).toEqualTypeOf<RateLimited>()
    expectTypeOf(error).toEqualTypeOf<BlockscoutError<RateLimited>>()
    return Effect.void
  })
)
// Every reason handled: no BlockscoutError left.
const handled =
  <A>(a: A) =>
  () =>
    Effect.succeed(a)
expectTypeOf(
  bs.listMainPageTransactions().pipe(
    BlockscoutError.catchReasons({
      Unsupported: handled(1),
      NotFound: handled(1),
      InvalidRequest: handled(1),
      Unauthorized: handled(1),
      OutOfCredits: handled(1),
      RateLimited: handled(1),
      ServerError: handled(1),
      Redirected: handled(1),
      ResponseTooLarge: handled(1),
      Transport: handled(1),
      Timeout: handled(1),
      Decode: handled(1)
    })
  )
).toEqualTypeOf<Effect.Effect<ReadonlyArray<Transaction> | number, never>>()
// Effect's own catchReason keeps the whole error unless its orElse fails with the error again.
expectTypeOf(logs.pipe(Effect.catchReason("BlockscoutError", "NotFound", () => Effect.succeed(0)))).toEqualTypeOf<
  Effect.Effect<Page<Log> | number, BlockscoutError<CallReason>>
>()
expectTypeOf(
  logs.pipe(
    Effect.catchReason(
      "BlockscoutError",
      "NotFound",
      () => Effect.succeed(0),
      (_, error) => Effect.fail(error)
    )
  )
).toExtend<Effect.Effect<Page<Log> | number, BlockscoutError<Exclude<CallReason, NotFound>>>>()

// ---------------------------------------------------------------------------------------------------------
// Layers: the option layers fail only with InvalidArgument; layerConfig with a ConfigError.

expectTypeOf(Blockscout.layerPro).returns.toEqualTypeOf<
  Layer.Layer<Blockscout, BlockscoutError<InvalidArgument>, HttpClient.HttpClient>
>()
expectTypeOf(Blockscout.layerInstance).returns.toEqualTypeOf<
  Layer.Layer<Blockscout, BlockscoutError<InvalidArgument>, HttpClient.HttpClient>
>()
expectTypeOf(Blockscout.layerConfig).returns.toEqualTypeOf<
  Layer.Layer<Blockscout, Config.ConfigError, HttpClient.HttpClient>
>()
expectTypeOf(bs.forChain(10)).toEqualTypeOf<Effect.Effect<BlockscoutShape, BlockscoutError<InvalidArgument>>>()

// ---------------------------------------------------------------------------------------------------------
// Follow methods: a row with a block range gets one (path parameters, the list's filters without `cursor`,
// the follow's options); a row without one does not.
type Follow<Args extends Array<unknown>, A> = (
  ...args: Args
) => Stream.Stream<FollowEvent<A>, BlockscoutError<FollowReason>>
type FollowTransfersArgs = [
  args?: Omit<TokenTransfersOptions, "cursor"> | undefined,
  options?: FollowOptions | undefined
]
expectTypeOf(bs.followTokenTransfers).toEqualTypeOf<Follow<FollowTransfersArgs, TokenTransfer>>()
expectTypeOf(bs.followAddressHistory).toEqualTypeOf<
  (
    address: string,
    options?: import("../../src/index.ts").FollowHistoryOptions
  ) => Stream.Stream<FollowEvent<HistoryEntry>, BlockscoutError<FollowReason>>
>()
expectTypeOf<"followSmartContracts">().not.toMatchTypeOf<keyof BlockscoutShape>()
expectTypeOf<"followWithdrawals">().not.toMatchTypeOf<keyof BlockscoutShape>()
expectTypeOf<ReorgBeyondFinality | ServerLagging>().toMatchTypeOf<FollowReason>()
