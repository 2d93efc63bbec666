/**
 * The `Blockscout` service: every list endpoint of Blockscout's explorer API v2, as one page
 * (`list*`), every item (`stream*`) or every page with its cursor (`stream*Pages`).
 *
 * Provide one of its layers (`layerPro`, `layerInstance`, `layerConfig`) and an `HttpClient` layer
 * (e.g. `FetchHttpClient.layer`). Every method is derived from the `endpoints` table.
 *
 * @since 0.1.0
 */
import type {
  Block,
  InternalTransaction,
  Log,
  NftCollection,
  SmartContract,
  TokenTransfer,
  Transaction,
  Withdrawal
} from "@blockscout-effect/schema"
import { Config, Context, Effect, Layer, Option, Stream } from "effect"
import { HttpClient } from "effect/http"
import type { BlockscoutError } from "./BlockscoutError.ts"
import type { EndpointItem, EndpointName, Family } from "./endpoints.ts"
import { endpoints } from "./endpoints.ts"
import { prepare } from "./internal/arguments.ts"
import { type ClientContext, defaultProBaseUrl, type Target, toContext } from "./internal/context.ts"
import * as Fetch from "./internal/pagination/fetch.ts"
import * as Walk from "./internal/pagination/walk.ts"
import * as RateLimit from "./internal/rateLimit.ts"
import { publicUrl } from "./internal/redact.ts"
import type { ClientOptions, InstanceOptions, ProOptions } from "./Options.ts"
import type {
  EndpointArgs,
  ListAddressWithdrawalsParameters,
  ListBlocksValidatedParameters,
  ListInternalTransactionsParameters,
  ListNftCollectionsParameters,
  ListSmartContractsParameters,
  ListTokenInstanceTransfersParameters,
  ListTokenTransfersParameters,
  ListTransactionLogsParameters,
  ListTransactionsParameters,
  ListWithdrawalsParameters,
  Page,
  PageWithCursor
} from "./Parameters.ts"

type List<P, A> = (options?: P) => Effect.Effect<Page<A>, BlockscoutError>
type Items<P, A> = (options?: P) => Stream.Stream<A, BlockscoutError>
type Pages<P, A> = (options?: P) => Stream.Stream<PageWithCursor<A>, BlockscoutError>
type ListAt<P, A> = (at: string, options?: P) => Effect.Effect<Page<A>, BlockscoutError>
type ItemsAt<P, A> = (at: string, options?: P) => Stream.Stream<A, BlockscoutError>
type PagesAt<P, A> = (at: string, options?: P) => Stream.Stream<PageWithCursor<A>, BlockscoutError>

/**
 * What the service offers. Path parameters come first (checked against the API doc's patterns before any
 * request), then an options object; every failure is a `BlockscoutError`.
 *
 * Which reasons each kind of method can fail with: every method `InvalidArgument` (nothing was sent), then
 * `NotFound`, `InvalidRequest`, `Unauthorized`, `OutOfCredits`, `Decode`, and, once the retry budget is
 * spent, `RateLimited`, `ServerError`, `Transport`, `Timeout`. Only streams (`stream*`, `pages`, `stream`)
 * can fail with `PaginationStalled`, after emitting every page before the repeated cursor.
 */
export interface BlockscoutShape {
  /** Which API family this client talks to (also `target.family`). */
  readonly family: Family
  /** The Pro API chain id; `undefined` for an instance (also `target.chainId`). */
  readonly chainId: number | undefined
  /** Where this client sends its requests, without credentials: safe to print or log. */
  readonly target: BlockscoutTarget

  /** One page of any endpoint row, by name (for tools that derive commands from `endpoints`). */
  readonly page: <N extends EndpointName>(
    name: N,
    args?: EndpointArgs
  ) => Effect.Effect<Page<EndpointItem<N>>, BlockscoutError>
  /** Every page of any paged endpoint row, by name, each with the cursor it was fetched with. */
  readonly pages: <N extends EndpointName>(
    name: N,
    args?: EndpointArgs
  ) => Stream.Stream<PageWithCursor<EndpointItem<N>>, BlockscoutError>
  /** Every item of any endpoint row, by name. */
  readonly stream: <N extends EndpointName>(
    name: N,
    args?: EndpointArgs
  ) => Stream.Stream<EndpointItem<N>, BlockscoutError>

  /** E1 (Pro) / E5 (instance) `GET /token-transfers`. */
  readonly listTokenTransfers: List<ListTokenTransfersParameters, TokenTransfer>
  /** Every token transfer from `cursor` (or the newest) to the last page. */
  readonly streamTokenTransfers: Items<ListTokenTransfersParameters, TokenTransfer>
  /** Every page of token transfers, each with the cursor it was fetched with (checkpoint / resume). */
  readonly streamTokenTransfersPages: Pages<ListTokenTransfersParameters, TokenTransfer>

  /** E2 `GET /tokens/{token}/instances/{tokenId}/transfers`. */
  readonly listTokenInstanceTransfers: (
    token: string,
    tokenId: string | bigint,
    options?: ListTokenInstanceTransfersParameters
  ) => Effect.Effect<Page<TokenTransfer>, BlockscoutError>
  /** Every transfer of one NFT instance. */
  readonly streamTokenInstanceTransfers: (
    token: string,
    tokenId: string | bigint,
    options?: ListTokenInstanceTransfersParameters
  ) => Stream.Stream<TokenTransfer, BlockscoutError>
  /** Every page of one NFT instance's transfers, with cursors. */
  readonly streamTokenInstanceTransfersPages: (
    token: string,
    tokenId: string | bigint,
    options?: ListTokenInstanceTransfersParameters
  ) => Stream.Stream<PageWithCursor<TokenTransfer>, BlockscoutError>

  /** E3 `GET /main-page/transactions`: the latest few transactions, a bare array (no paging). */
  readonly mainPageTransactions: () => Effect.Effect<ReadonlyArray<Transaction>, BlockscoutError>

  /** E4 `GET /transactions`. */
  readonly listTransactions: List<ListTransactionsParameters, Transaction>
  /** Every transaction matching the filters. */
  readonly streamTransactions: Items<ListTransactionsParameters, Transaction>
  /** Every page of transactions, with cursors. */
  readonly streamTransactionsPages: Pages<ListTransactionsParameters, Transaction>

  /** E6 `GET /transactions/{hash}/logs`. */
  readonly listTransactionLogs: ListAt<ListTransactionLogsParameters, Log>
  /** Every log of one transaction. */
  readonly streamTransactionLogs: ItemsAt<ListTransactionLogsParameters, Log>
  /** Every page of one transaction's logs, with cursors. */
  readonly streamTransactionLogsPages: PagesAt<ListTransactionLogsParameters, Log>

  /** E7 `GET /addresses/{address}/blocks-validated`. */
  readonly listBlocksValidated: ListAt<ListBlocksValidatedParameters, Block>
  /** Every block an address validated. */
  readonly streamBlocksValidated: ItemsAt<ListBlocksValidatedParameters, Block>
  /** Every page of an address's validated blocks, with cursors. */
  readonly streamBlocksValidatedPages: PagesAt<ListBlocksValidatedParameters, Block>

  /** E8 `GET /smart-contracts`. */
  readonly listSmartContracts: List<ListSmartContractsParameters, SmartContract>
  /** Every verified contract matching the search and filters. */
  readonly streamSmartContracts: Items<ListSmartContractsParameters, SmartContract>
  /** Every page of verified contracts, with cursors. */
  readonly streamSmartContractsPages: Pages<ListSmartContractsParameters, SmartContract>

  /** E9 `GET /withdrawals`. */
  readonly listWithdrawals: List<ListWithdrawalsParameters, Withdrawal>
  /** Every beacon withdrawal. */
  readonly streamWithdrawals: Items<ListWithdrawalsParameters, Withdrawal>
  /** Every page of beacon withdrawals, with cursors. */
  readonly streamWithdrawalsPages: Pages<ListWithdrawalsParameters, Withdrawal>

  /** E10 `GET /addresses/{address}/nft/collections`. */
  readonly listNftCollections: ListAt<ListNftCollectionsParameters, NftCollection>
  /** Every NFT collection an address holds. */
  readonly streamNftCollections: ItemsAt<ListNftCollectionsParameters, NftCollection>
  /** Every page of an address's NFT collections, with cursors. */
  readonly streamNftCollectionsPages: PagesAt<ListNftCollectionsParameters, NftCollection>

  /** E11 `GET /addresses/{address}/internal-transactions`. */
  readonly listInternalTransactions: ListAt<ListInternalTransactionsParameters, InternalTransaction>
  /** Every internal transaction of an address. */
  readonly streamInternalTransactions: ItemsAt<ListInternalTransactionsParameters, InternalTransaction>
  /** Every page of an address's internal transactions, with cursors. */
  readonly streamInternalTransactionsPages: PagesAt<ListInternalTransactionsParameters, InternalTransaction>

  /** E12 `GET /addresses/{address}/withdrawals` (withdrawals without `receiver`). */
  readonly listAddressWithdrawals: ListAt<ListAddressWithdrawalsParameters, Withdrawal>
  /** Every withdrawal an address received. */
  readonly streamAddressWithdrawals: ItemsAt<ListAddressWithdrawalsParameters, Withdrawal>
  /** Every page of an address's withdrawals, with cursors. */
  readonly streamAddressWithdrawalsPages: PagesAt<ListAddressWithdrawalsParameters, Withdrawal>
}

/**
 * Where a `Blockscout` service sends its requests, credential-free (no key, no userinfo): for tools that
 * print what they talk to, key caches by server, or build links.
 */
export interface BlockscoutTarget {
  readonly family: Family
  /** The base URL the layer was given (Pro default `https://api.blockscout.com`), no trailing slash. */
  readonly baseUrl: string
  /** The Pro API chain id; `undefined` for an instance. */
  readonly chainId: number | undefined
  /** The API root every path is appended to: `{baseUrl}/{chainId}/api/v2` (Pro) or `{baseUrl}/api/v2`. */
  readonly apiUrl: string
}

/** Builds the service over a client context: every method is one line over the table. */
const makeShape = (ctx: ClientContext, target: BlockscoutTarget): BlockscoutShape => {
  const pageOf = <N extends EndpointName>(name: N, args: EndpointArgs, span: string) => {
    const endpoint = endpoints[name]
    return Effect.flatMap(prepare(endpoint, args, ctx.pageSize), (prepared) =>
      endpoint.shape === "array"
        ? Effect.map(
            Fetch.fetchArray<EndpointItem<N>>(ctx, prepared, span),
            (items): Page<EndpointItem<N>> => ({ items, next_page_params: null })
          )
        : Fetch.fetchPage<EndpointItem<N>>(ctx, prepared, span)
    )
  }
  const pagesOf = <N extends EndpointName>(name: N, args: EndpointArgs, span: string) => {
    const endpoint = endpoints[name]
    return Stream.unwrap(
      Effect.map(prepare(endpoint, args, ctx.pageSize), (prepared) =>
        endpoint.shape === "array"
          ? Stream.fromEffect(
              Effect.map(
                Fetch.fetchArray<EndpointItem<N>>(ctx, prepared, span),
                (items): PageWithCursor<EndpointItem<N>> => ({ items, next_page_params: null, cursor: undefined })
              )
            )
          : Walk.pages<EndpointItem<N>>(ctx, prepared, span)
      )
    )
  }
  const itemsOf = <N extends EndpointName>(name: N, args: EndpointArgs, span: string) => {
    const endpoint = endpoints[name]
    return Stream.unwrap(
      Effect.map(prepare(endpoint, args, ctx.pageSize), (prepared) =>
        endpoint.shape === "array"
          ? Stream.fromIterableEffect(Fetch.fetchArray<EndpointItem<N>>(ctx, prepared, span))
          : Walk.items<EndpointItem<N>>(ctx, prepared, span)
      )
    )
  }

  // The three methods of a row without path parameters, and of a row keyed by one path parameter.
  const plain = <N extends EndpointName, P extends object>(name: N, method: string) => ({
    list: (options?: P) => pageOf(name, { ...options } as EndpointArgs, `Blockscout.list${method}`),
    items: (options?: P) => itemsOf(name, { ...options } as EndpointArgs, `Blockscout.stream${method}`),
    pages: (options?: P) => pagesOf(name, { ...options } as EndpointArgs, `Blockscout.stream${method}Pages`)
  })
  const at = <N extends EndpointName, P extends object>(name: N, param: string, method: string) => ({
    list: (value: string, options?: P) =>
      pageOf(name, { ...options, [param]: value } as EndpointArgs, `Blockscout.list${method}`),
    items: (value: string, options?: P) =>
      itemsOf(name, { ...options, [param]: value } as EndpointArgs, `Blockscout.stream${method}`),
    pages: (value: string, options?: P) =>
      pagesOf(name, { ...options, [param]: value } as EndpointArgs, `Blockscout.stream${method}Pages`)
  })

  const tokenTransfers = plain<"tokenTransfers", ListTokenTransfersParameters>("tokenTransfers", "TokenTransfers")
  const transactions = plain<"transactions", ListTransactionsParameters>("transactions", "Transactions")
  const smartContracts = plain<"smartContracts", ListSmartContractsParameters>("smartContracts", "SmartContracts")
  const withdrawals = plain<"withdrawals", ListWithdrawalsParameters>("withdrawals", "Withdrawals")
  const logs = at<"transactionLogs", ListTransactionLogsParameters>("transactionLogs", "hash", "TransactionLogs")
  const blocks = at<"blocksValidated", ListBlocksValidatedParameters>("blocksValidated", "address", "BlocksValidated")
  const nfts = at<"nftCollections", ListNftCollectionsParameters>("nftCollections", "address", "NftCollections")
  const internals = at<"internalTransactions", ListInternalTransactionsParameters>(
    "internalTransactions",
    "address",
    "InternalTransactions"
  )
  const addressWithdrawals = at<"addressWithdrawals", ListAddressWithdrawalsParameters>(
    "addressWithdrawals",
    "address",
    "AddressWithdrawals"
  )
  const instanceArgs = (token: string, tokenId: string | bigint, options?: ListTokenInstanceTransfersParameters) =>
    ({ ...options, token, tokenId: typeof tokenId === "bigint" ? tokenId.toString() : tokenId }) as EndpointArgs

  return {
    family: ctx.family,
    chainId: ctx.chainId,
    target,
    page: (name, args = {}) => pageOf(name, args, `Blockscout.page.${name}`),
    pages: (name, args = {}) => pagesOf(name, args, `Blockscout.pages.${name}`),
    stream: (name, args = {}) => itemsOf(name, args, `Blockscout.stream.${name}`),

    listTokenTransfers: tokenTransfers.list,
    streamTokenTransfers: tokenTransfers.items,
    streamTokenTransfersPages: tokenTransfers.pages,

    listTokenInstanceTransfers: (token, tokenId, options) =>
      pageOf("tokenInstanceTransfers", instanceArgs(token, tokenId, options), "Blockscout.listTokenInstanceTransfers"),
    streamTokenInstanceTransfers: (token, tokenId, options) =>
      itemsOf(
        "tokenInstanceTransfers",
        instanceArgs(token, tokenId, options),
        "Blockscout.streamTokenInstanceTransfers"
      ),
    streamTokenInstanceTransfersPages: (token, tokenId, options) =>
      pagesOf(
        "tokenInstanceTransfers",
        instanceArgs(token, tokenId, options),
        "Blockscout.streamTokenInstanceTransfersPages"
      ),

    mainPageTransactions: () =>
      Effect.map(pageOf("mainPageTransactions", {}, "Blockscout.mainPageTransactions"), (page) => page.items),

    listTransactions: transactions.list,
    streamTransactions: transactions.items,
    streamTransactionsPages: transactions.pages,
    listTransactionLogs: logs.list,
    streamTransactionLogs: logs.items,
    streamTransactionLogsPages: logs.pages,
    listBlocksValidated: blocks.list,
    streamBlocksValidated: blocks.items,
    streamBlocksValidatedPages: blocks.pages,
    listSmartContracts: smartContracts.list,
    streamSmartContracts: smartContracts.items,
    streamSmartContractsPages: smartContracts.pages,
    listWithdrawals: withdrawals.list,
    streamWithdrawals: withdrawals.items,
    streamWithdrawalsPages: withdrawals.pages,
    listNftCollections: nfts.list,
    streamNftCollections: nfts.items,
    streamNftCollectionsPages: nfts.pages,
    listInternalTransactions: internals.list,
    streamInternalTransactions: internals.items,
    streamInternalTransactionsPages: internals.pages,
    listAddressWithdrawals: addressWithdrawals.list,
    streamAddressWithdrawals: addressWithdrawals.items,
    streamAddressWithdrawalsPages: addressWithdrawals.pages
  }
}

const make = (target: Target, options: ClientOptions): Effect.Effect<BlockscoutShape, never, HttpClient.HttpClient> =>
  Effect.gen(function* () {
    const http = yield* HttpClient.HttpClient
    const registry = yield* RateLimit.RateLimits
    const ctx = toContext(http, registry, target, options)
    return makeShape(ctx, {
      family: target.family,
      baseUrl: publicUrl(target.baseUrl),
      chainId: target.chainId,
      apiUrl: ctx.publicBase
    })
  })

/** Reads `BLOCKSCOUT_*` configuration into a Pro or instance target. */
const targetFromConfig = Effect.gen(function* () {
  const baseUrl = yield* Config.option(Config.String("BLOCKSCOUT_BASE_URL"))
  if (Option.isSome(baseUrl)) {
    const apiKey = yield* Config.option(Config.Redacted("BLOCKSCOUT_API_KEY"))
    const secretKey = yield* Config.option(Config.Redacted("BLOCKSCOUT_SECRET_KEY"))
    return {
      family: "instance",
      chainId: undefined,
      baseUrl: baseUrl.value,
      apiKey: Option.getOrUndefined(apiKey),
      secretKey: Option.getOrUndefined(secretKey)
    } satisfies Target
  }
  const chainId = yield* Config.Int("BLOCKSCOUT_CHAIN_ID")
  const key = yield* Config.Redacted("BLOCKSCOUT_API_KEY")
  const proBaseUrl = yield* Config.String("BLOCKSCOUT_PRO_BASE_URL").pipe(Config.withDefault(defaultProBaseUrl))
  // No secret key on Pro, as with `layerPro`: `key` unlocks what one instance restricts.
  return { family: "pro", chainId, baseUrl: proBaseUrl, apiKey: key, secretKey: undefined } satisfies Target
})

/**
 * The Blockscout explorer API v2 client.
 *
 * @example
 * ```ts
 * const page = yield* (yield* Blockscout).listTransactions({ filter: "validated" })
 * ```
 */
export class Blockscout extends Context.Service<Blockscout, BlockscoutShape>()("@blockscout-effect/client/Blockscout") {
  /**
   * The Pro API: `{baseUrl}/{chainId}/api/v2` (`baseUrl` defaults to `https://api.blockscout.com`), the key
   * sent as `apikey` (or `Authorization: Bearer` with `apiKeyIn: "header"`).
   */
  static readonly layerPro = (options: ProOptions): Layer.Layer<Blockscout, never, HttpClient.HttpClient> =>
    Layer.effect(
      Blockscout,
      make(
        {
          family: "pro",
          chainId: options.chainId,
          baseUrl: options.baseUrl ?? defaultProBaseUrl,
          apiKey: options.apiKey,
          secretKey: undefined
        },
        options
      )
    )

  /**
   * One explorer instance: `{baseUrl}/api/v2`; `apiKey` optional (`apikey`, or `x-api-key` with
   * `apiKeyIn: "header"`), `secretKey` sent as `key`.
   */
  static readonly layerInstance = (options: InstanceOptions): Layer.Layer<Blockscout, never, HttpClient.HttpClient> =>
    Layer.effect(
      Blockscout,
      make(
        {
          family: "instance",
          chainId: undefined,
          baseUrl: options.baseUrl,
          apiKey: options.apiKey,
          secretKey: options.secretKey
        },
        options
      )
    )

  /**
   * From configuration: `BLOCKSCOUT_BASE_URL` picks an instance (with optional `BLOCKSCOUT_API_KEY`,
   * `BLOCKSCOUT_SECRET_KEY`); otherwise `BLOCKSCOUT_CHAIN_ID` and `BLOCKSCOUT_API_KEY` pick the Pro API
   * (base `BLOCKSCOUT_PRO_BASE_URL`, default `https://api.blockscout.com`). Fails with a `ConfigError` when
   * neither is complete.
   */
  static readonly layerConfig = (
    options: ClientOptions = {}
  ): Layer.Layer<Blockscout, Config.ConfigError, HttpClient.HttpClient> =>
    Layer.unwrap(Effect.map(targetFromConfig, (target) => Layer.effect(Blockscout, make(target, options))))
}
