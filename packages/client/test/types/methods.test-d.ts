/**
 * The public method types, pinned by hand: every method name, its parameters, its result and its error
 * type, as users have them. Checked by `tsc -b` (a failing expectation is a compile error), so a mistake in
 * the mapped types of `Methods.ts`, the generated `BlockscoutMethods.ts` and `methods/` or the error narrowing cannot pass
 * unseen. Nothing here runs.
 */
import type {
  AddressDetails,
  Block,
  BlockDetails,
  CoinBalance,
  CoinBalanceHistoryByDay,
  IndexingStatus,
  InternalTransaction,
  Log,
  NextPageParams,
  NftCollection,
  SmartContract,
  TokenBalance,
  TokenDetails,
  TokenHolder,
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
  type BlockscoutMethods,
  type BlockscoutShape,
  type CallReason,
  type Decode,
  type endpoints,
  type InvalidArgument,
  type InvalidRequest,
  type ListTransactionsParameters,
  type MethodsOf,
  type NotFound,
  type OutOfCredits,
  type Page,
  type PageWithCursor,
  type PaginationStalled,
  type BudgetExhausted,
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
  type Unauthorized
} from "../../src/index.ts"

declare const bs: BlockscoutShape

// ---------------------------------------------------------------------------------------------------------
// The generated interface is the table's derived methods, member for member.

expectTypeOf<MethodsOf<typeof endpoints>>().toEqualTypeOf<BlockscoutMethods>()

// ---------------------------------------------------------------------------------------------------------
// Every method name.

expectTypeOf<keyof BlockscoutMethods>().toEqualTypeOf<
  | "listTokenTransfers"
  | "streamTokenTransfers"
  | "streamTokenTransfersPages"
  | "listTokenInstanceTransfers"
  | "streamTokenInstanceTransfers"
  | "streamTokenInstanceTransfersPages"
  | "listMainPageTransactions"
  | "mainPageTransactions"
  | "listTransactions"
  | "streamTransactions"
  | "streamTransactionsPages"
  | "listTransactionLogs"
  | "streamTransactionLogs"
  | "streamTransactionLogsPages"
  | "listBlocksValidated"
  | "streamBlocksValidated"
  | "streamBlocksValidatedPages"
  | "listSmartContracts"
  | "streamSmartContracts"
  | "streamSmartContractsPages"
  | "listWithdrawals"
  | "streamWithdrawals"
  | "streamWithdrawalsPages"
  | "listNftCollections"
  | "streamNftCollections"
  | "streamNftCollectionsPages"
  | "listInternalTransactions"
  | "streamInternalTransactions"
  | "streamInternalTransactionsPages"
  | "listAddressWithdrawals"
  | "streamAddressWithdrawals"
  | "streamAddressWithdrawalsPages"
  | "listAddressTokenBalances"
  | "listAddressTransactions"
  | "streamAddressTransactions"
  | "streamAddressTransactionsPages"
  | "listAddressTokenTransfers"
  | "streamAddressTokenTransfers"
  | "streamAddressTokenTransfersPages"
  | "listAddressLogs"
  | "streamAddressLogs"
  | "streamAddressLogsPages"
  | "listAddressCoinBalanceHistory"
  | "streamAddressCoinBalanceHistory"
  | "streamAddressCoinBalanceHistoryPages"
  | "listAddressTokens"
  | "streamAddressTokens"
  | "streamAddressTokensPages"
  | "listBlocks"
  | "streamBlocks"
  | "streamBlocksPages"
  | "listBlockTransactions"
  | "streamBlockTransactions"
  | "streamBlockTransactionsPages"
  | "listBlockWithdrawals"
  | "streamBlockWithdrawals"
  | "streamBlockWithdrawalsPages"
  | "listTransactionTokenTransfers"
  | "streamTransactionTokenTransfers"
  | "streamTransactionTokenTransfersPages"
  | "listTransactionInternalTransactions"
  | "streamTransactionInternalTransactions"
  | "streamTransactionInternalTransactionsPages"
  | "listTokenTransfersByToken"
  | "streamTokenTransfersByToken"
  | "streamTokenTransfersByTokenPages"
  | "listTokenHolders"
  | "streamTokenHolders"
  | "streamTokenHoldersPages"
  | "listTokenInstances"
  | "streamTokenInstances"
  | "streamTokenInstancesPages"
  | "getAddress"
  | "getAddressCounters"
  | "getAddressCoinBalanceHistoryByDay"
  | "getBlock"
  | "getTransaction"
  | "getToken"
  | "getTokenCounters"
  | "getTokenInstance"
  | "getIndexingStatus"
  | "listTransactionStateChanges"
  | "streamTransactionStateChanges"
  | "streamTransactionStateChangesPages"
  | "listChainInternalTransactions"
  | "streamChainInternalTransactions"
  | "streamChainInternalTransactionsPages"
  | "listBlockInternalTransactions"
  | "streamBlockInternalTransactions"
  | "streamBlockInternalTransactionsPages"
  | "listTokens"
  | "streamTokens"
  | "streamTokensPages"
  | "listTokenInstanceHolders"
  | "streamTokenInstanceHolders"
  | "streamTokenInstanceHoldersPages"
  | "listTopAddresses"
  | "streamTopAddresses"
  | "streamTopAddressesPages"
  | "listSmartContractAuditReports"
  | "streamSmartContractAuditReports"
  | "streamSmartContractAuditReportsPages"
  | "listTransactionRawTrace"
  | "getTransactionSummary"
  | "getAddressTabsCounters"
  | "getSmartContract"
>()

// ---------------------------------------------------------------------------------------------------------
// Parameters, results and errors, one row at a time.

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
type IndexAt<O> = [at: string, options?: (O & IndexPartitionParameters) | undefined]
type PlainAt<O> = [at: string, options?: (O & StreamParameters) | undefined]

type TokenTransfersOptions = Flat<
  Paging & { readonly type?: ReadonlyArray<"ERC-20" | "ERC-721" | "ERC-1155" | "ERC-404"> | undefined }
>
expectTypeOf(bs.listTokenTransfers).toEqualTypeOf<List<[options?: TokenTransfersOptions | undefined], TokenTransfer>>()
expectTypeOf(bs.streamTokenTransfers).toEqualTypeOf<Items<Blocks<TokenTransfersOptions>, TokenTransfer>>()
expectTypeOf(bs.streamTokenTransfersPages).toEqualTypeOf<Pages<Blocks<TokenTransfersOptions>, TokenTransfer>>()

type InstanceArgs = [token: string, tokenId: string | bigint, options?: Paging | undefined]
expectTypeOf(bs.listTokenInstanceTransfers).toEqualTypeOf<List<InstanceArgs, TokenTransfer>>()
type InstanceStreamArgs = [
  token: string,
  tokenId: string | bigint,
  options?: (Paging & BlockPartitionParameters) | undefined
]
expectTypeOf(bs.streamTokenInstanceTransfers).toEqualTypeOf<Items<InstanceStreamArgs, TokenTransfer>>()
expectTypeOf(bs.streamTokenInstanceTransfersPages).toEqualTypeOf<Pages<InstanceStreamArgs, TokenTransfer>>()

// A call without arguments cannot be an InvalidArgument.
type MainPage = () => Effect.Effect<ReadonlyArray<Transaction>, BlockscoutError<RequestReason>>
expectTypeOf(bs.listMainPageTransactions).toEqualTypeOf<MainPage>()
expectTypeOf(bs.mainPageTransactions).toEqualTypeOf<MainPage>()

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
expectTypeOf(bs.streamTransactions).toEqualTypeOf<Items<Blocks<TransactionsOptions>, Transaction>>()
expectTypeOf(bs.streamTransactionsPages).toEqualTypeOf<Pages<Blocks<TransactionsOptions>, Transaction>>()

type At = [at: string, options?: Paging | undefined]
expectTypeOf(bs.listTransactionLogs).toEqualTypeOf<List<At, Log>>()
expectTypeOf(bs.streamTransactionLogs).toEqualTypeOf<Items<PlainAt<Paging>, Log>>()
expectTypeOf(bs.streamTransactionLogsPages).toEqualTypeOf<Pages<PlainAt<Paging>, Log>>()
expectTypeOf(bs.listBlocksValidated).toEqualTypeOf<List<At, Block>>()
expectTypeOf(bs.streamBlocksValidated).toEqualTypeOf<Items<BlockAt<Paging>, Block>>()
expectTypeOf(bs.streamBlocksValidatedPages).toEqualTypeOf<Pages<BlockAt<Paging>, Block>>()

type SmartContractsOptions = Flat<
  Paging & {
    readonly q?: string | undefined
    readonly filter?: "solidity" | "vyper" | "yul" | undefined
    readonly sort?: "balance" | "transactions_count" | undefined
    readonly order?: "asc" | "desc" | undefined
  }
>
expectTypeOf(bs.listSmartContracts).toEqualTypeOf<List<[options?: SmartContractsOptions | undefined], SmartContract>>()
expectTypeOf(bs.streamSmartContracts).toEqualTypeOf<Items<Plain<SmartContractsOptions>, SmartContract>>()
expectTypeOf(bs.streamSmartContractsPages).toEqualTypeOf<Pages<Plain<SmartContractsOptions>, SmartContract>>()

expectTypeOf(bs.listWithdrawals).toEqualTypeOf<List<[options?: Paging | undefined], Withdrawal>>()
expectTypeOf(bs.streamWithdrawals).toEqualTypeOf<Items<Index<Paging>, Withdrawal>>()
expectTypeOf(bs.streamWithdrawalsPages).toEqualTypeOf<Pages<Index<Paging>, Withdrawal>>()

type NftArgs = [
  address: string,
  options?: Flat<Paging & { readonly type?: ReadonlyArray<"ERC-721" | "ERC-404" | "ERC-1155"> | undefined }> | undefined
]
expectTypeOf(bs.listNftCollections).toEqualTypeOf<List<NftArgs, NftCollection>>()
type NftOptions = Flat<Paging & { readonly type?: ReadonlyArray<"ERC-721" | "ERC-404" | "ERC-1155"> | undefined }>
expectTypeOf(bs.streamNftCollections).toEqualTypeOf<Items<PlainAt<NftOptions>, NftCollection>>()
expectTypeOf(bs.streamNftCollectionsPages).toEqualTypeOf<Pages<PlainAt<NftOptions>, NftCollection>>()

type InternalArgs = [
  address: string,
  options?: Flat<Paging & { readonly filter?: "to" | "from" | undefined }> | undefined
]
expectTypeOf(bs.listInternalTransactions).toEqualTypeOf<List<InternalArgs, InternalTransaction>>()
type InternalOptions = Flat<Paging & { readonly filter?: "to" | "from" | undefined }>
expectTypeOf(bs.streamInternalTransactions).toEqualTypeOf<Items<BlockAt<InternalOptions>, InternalTransaction>>()
expectTypeOf(bs.streamInternalTransactionsPages).toEqualTypeOf<Pages<BlockAt<InternalOptions>, InternalTransaction>>()

expectTypeOf(bs.listAddressWithdrawals).toEqualTypeOf<List<At, Withdrawal>>()
expectTypeOf(bs.streamAddressWithdrawals).toEqualTypeOf<Items<IndexAt<Paging>, Withdrawal>>()
expectTypeOf(bs.streamAddressWithdrawalsPages).toEqualTypeOf<Pages<IndexAt<Paging>, Withdrawal>>()

// The scoped rows: a block by number (a number, a bigint or a string, or a hash); address and hash filters are
// strings; lookups give the detail shapes and their errors.
type BlockArgs = [numberOrHash: string | number | bigint]
expectTypeOf(bs.getBlock).toEqualTypeOf<(...args: BlockArgs) => Effect.Effect<BlockDetails, ListError>>()
expectTypeOf(bs.listBlockTransactions).parameter(0).toEqualTypeOf<string | number | bigint>()
expectTypeOf(bs.getTransaction).toEqualTypeOf<(hash: string) => Effect.Effect<TransactionDetails, ListError>>()
expectTypeOf(bs.getAddress).toEqualTypeOf<(address: string) => Effect.Effect<AddressDetails, ListError>>()
expectTypeOf(bs.getToken).toEqualTypeOf<(token: string) => Effect.Effect<TokenDetails, ListError>>()
expectTypeOf(bs.getTokenInstance).toEqualTypeOf<
  (token: string, tokenId: string | bigint) => Effect.Effect<TokenInstanceDetails, ListError>
>()
// No arguments, nothing to check: no InvalidArgument.
expectTypeOf(bs.getIndexingStatus).toEqualTypeOf<() => Effect.Effect<IndexingStatus, BlockscoutError<RequestReason>>>()
expectTypeOf(bs.getAddressCoinBalanceHistoryByDay).returns.toEqualTypeOf<
  Effect.Effect<CoinBalanceHistoryByDay, ListError>
>()
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
expectTypeOf(bs.listAddressTokenBalances).toEqualTypeOf<
  (address: string) => Effect.Effect<ReadonlyArray<TokenBalance>, ListError>
>()
expectTypeOf(bs.streamTokenHolders).toEqualTypeOf<Items<PlainAt<Paging>, TokenHolder>>()
expectTypeOf(bs.streamAddressCoinBalanceHistory).toEqualTypeOf<Items<BlockAt<Paging>, CoinBalance>>()
expectTypeOf(bs.get("block", { numberOrHash: "1" })).toEqualTypeOf<Effect.Effect<BlockDetails, ListError>>()

// The by-name calls.
expectTypeOf(bs.page("withdrawals")).toEqualTypeOf<Effect.Effect<Page<Withdrawal>, ListError>>()
expectTypeOf(bs.stream("transactionLogs")).toEqualTypeOf<Stream.Stream<Log, StreamError>>()
expectTypeOf(bs.pages("tokenTransfers")).toEqualTypeOf<Stream.Stream<PageWithCursor<TokenTransfer>, StreamError>>()

// ---------------------------------------------------------------------------------------------------------
// The reason sets: a one-call method cannot stall a pagination; only streams can.

expectTypeOf<RequestReason>().toEqualTypeOf<
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
