/**
 * What `GET /search` and `/search/quick` find, one item per kind (`type`), and what `/search/check-redirect`
 * answers. Shapes from the backend's `search_view.ex`, checked against the generated OpenAPI specs (12.0 declares
 * each kind; 11.2.7 declares the items as bare objects) and the hand-written docs spec (older names).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { AddressMetadataTag } from "./Address.ts"
import { invalid, isRecord, registerFast } from "./internal/compile.ts"
import { fastJsonObject } from "./internal/fastPrimitives.ts"
import { absent, nullable, optional, withRenames } from "./internal/fields.ts"
import { Page } from "./Page.ts"
import { AddressHash, Hash, JsonValue, Timestamp } from "./Primitives.ts"
import { Count, Decimal, IntegerQuantity } from "./Quantities.ts"

/**
 * The kinds of search result servers send today (`type`): a token, an address, a verified contract, a name tag
 * (`label`), an ENS domain, a metadata tag (`metadata_tag`), a block, a transaction, an ERC-4337 user operation, a
 * blob, and a TAC operation. A kind not listed here decodes as a {@link SearchResultOther}.
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultTypeValues = [
  "token",
  "address",
  "contract",
  "label",
  "ens_domain",
  "metadata_tag",
  "block",
  "transaction",
  "user_operation",
  "blob",
  "tac_operation"
] as const

/**
 * The ENS name an address-like result resolves to (`ens_info`, from the BENS microservice).
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultEnsInfo = Schema.Struct({
  address_hash: absent(AddressHash),
  name: absent(Schema.String),
  names_count: absent(Count),
  expiry_date: optional(Schema.String),
  protocol: optional(JsonValue),
  protocol_dapp_logo: optional(Schema.String),
  protocol_dapp_url: optional(Schema.String)
}).annotate({ identifier: "SearchResultEnsInfo" })
/**
 * A decoded search result's ENS info.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultEnsInfo extends Schema.Schema.Type<typeof SearchResultEnsInfo> {}

// What every result found at an address carries, a token's included: its name, its contract facts, ranking
// (`priority`, `certified`; 8.1.0+), `reputation` (9.1.0+: `ok` or `scam`, an open string). Keys the docs spec
// does not declare are optional.
const atAddress = {
  name: optional(Schema.String),
  is_smart_contract_verified: optional(Schema.Boolean),
  is_smart_contract_address: optional(Schema.Boolean),
  certified: absent(Schema.Boolean),
  priority: absent(Count),
  reputation: absent(Schema.String),
  // Filecoin: the address's robust form.
  filecoin_robust_address: optional(Schema.String)
}

// What every address-like result (not a token) carries besides: its page and its ENS info.
const addressLike = {
  ...atAddress,
  url: optional(Schema.String),
  ens_info: optional(SearchResultEnsInfo)
}

// What every result found by a number or hash (a block, a transaction, a user operation, a blob) carries.
const byHash = {
  timestamp: optional(Timestamp),
  priority: absent(Count)
}

// Servers before 9.0 also (and the hand-written docs spec only) named `address_hash` `address`.
const addressRename = { address: "address_hash" }

/**
 * A token (`type: "token"`): its name, symbol, contract, type, supply and market data.
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultToken = withRenames(
  Schema.Struct({
    type: Schema.Literal("token"),
    symbol: optional(Schema.String),
    address_hash: AddressHash,
    token_url: absent(Schema.String),
    address_url: absent(Schema.String),
    icon_url: optional(Schema.String),
    token_type: optional(Schema.String),
    exchange_rate: optional(Decimal),
    total_supply: optional(IntegerQuantity),
    circulating_market_cap: optional(Decimal),
    is_verified_via_admin_panel: optional(Schema.Boolean),
    ...atAddress
  }),
  addressRename,
  "SearchResultToken"
)
/**
 * A decoded token result.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultToken extends Schema.Schema.Type<typeof SearchResultToken> {}

/**
 * An address (`address`), a verified contract (`contract`) or a public name tag (`label`): the address, its name
 * and contract facts.
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultAddress = withRenames(
  Schema.Struct({
    type: Schema.Literals(["address", "contract", "label"]),
    address_hash: AddressHash,
    ...addressLike
  }),
  addressRename,
  "SearchResultAddress"
)
/**
 * A decoded address, contract or label result.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultAddress extends Schema.Schema.Type<typeof SearchResultAddress> {}

/**
 * An ENS domain (`ens_domain`): `ens_info` names it; `address_hash` is what it resolves to, null for a name that
 * resolves to nothing.
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultEnsDomain = withRenames(
  Schema.Struct({
    type: Schema.Literal("ens_domain"),
    address_hash: nullable(AddressHash),
    ...addressLike
  }),
  addressRename,
  "SearchResultEnsDomain"
)
/**
 * A decoded ENS domain result.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultEnsDomain extends Schema.Schema.Type<typeof SearchResultEnsDomain> {}

/**
 * An address found by one of its metadata tags (`metadata_tag`, from the metadata microservice): the address and
 * the tag that matched.
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultMetadataTag = withRenames(
  Schema.Struct({
    type: Schema.Literal("metadata_tag"),
    address_hash: AddressHash,
    metadata: AddressMetadataTag,
    ...addressLike
  }),
  addressRename,
  "SearchResultMetadataTag"
)
/**
 * A decoded metadata tag result.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultMetadataTag extends Schema.Schema.Type<typeof SearchResultMetadataTag> {}

/**
 * A block (`block`), found by its number or hash; `block_type` is `block`, `uncle` or `reorg` (8.x on).
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultBlock = Schema.Struct({
  type: Schema.Literal("block"),
  block_number: Count,
  block_hash: Hash,
  url: absent(Schema.String),
  block_type: absent(Schema.String),
  ...byHash
}).annotate({ identifier: "SearchResultBlock" })
/**
 * A decoded block result.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultBlock extends Schema.Schema.Type<typeof SearchResultBlock> {}

/**
 * A transaction (`transaction`), found by its hash (`tx_hash` before 6.10).
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultTransaction = withRenames(
  Schema.Struct({
    type: Schema.Literal("transaction"),
    transaction_hash: Hash,
    url: absent(Schema.String),
    ...byHash
  }),
  { tx_hash: "transaction_hash" },
  "SearchResultTransaction"
)
/**
 * A decoded transaction result.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultTransaction extends Schema.Schema.Type<typeof SearchResultTransaction> {}

/**
 * An ERC-4337 user operation (`user_operation`), found by its hash where the server has the user-ops indexer.
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultUserOperation = Schema.Struct({
  type: Schema.Literal("user_operation"),
  user_operation_hash: Hash,
  ...byHash
}).annotate({ identifier: "SearchResultUserOperation" })
/**
 * A decoded user operation result.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultUserOperation extends Schema.Schema.Type<typeof SearchResultUserOperation> {}

/**
 * An EIP-4844 blob (`blob`), found by its versioned hash (Ethereum chains).
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultBlob = Schema.Struct({
  type: Schema.Literal("blob"),
  blob_hash: Hash,
  ...byHash
}).annotate({ identifier: "SearchResultBlob" })
/**
 * A decoded blob result.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultBlob extends Schema.Schema.Type<typeof SearchResultBlob> {}

/**
 * A TAC cross-chain operation (`tac_operation`, 8.1.0+ on TAC chains): the operation as the TAC microservice
 * describes it, kept as JSON.
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultTacOperation = Schema.Struct({
  type: Schema.Literal("tac_operation"),
  tac_operation: Schema.JsonObject,
  priority: absent(Count)
}).annotate({ identifier: "SearchResultTacOperation" })
/**
 * A decoded TAC operation result.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultTacOperation extends Schema.Schema.Type<typeof SearchResultTacOperation> {}

const knownTypes: ReadonlySet<unknown> = new Set(SearchResultTypeValues)
const isOther = (o: { readonly [key: string]: unknown }): boolean => !knownTypes.has(o.type)

/**
 * A result of a kind this package does not know (a newer server's, a chain type's), or one a spec declares without
 * a `type` (11.2.7's bare objects): kept whole, as JSON, so a page with one still decodes. Check `type` against
 * {@link SearchResultTypeValues} before reading other keys.
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultOther = Schema.JsonObject.check(
  Schema.makeFilter(isOther, { expected: "a search result of a kind not listed in SearchResultTypeValues" })
).annotate({ identifier: "SearchResultOther" })
registerFast(SearchResultOther, (compile) => {
  const json = fastJsonObject(compile)
  return json === undefined ? undefined : (u) => (isRecord(u) && isOther(u) ? json(u) : invalid)
})
/**
 * A decoded result of an unknown kind.
 *
 * @since 0.1.0
 * @category resources
 */
export type SearchResultOther = typeof SearchResultOther.Type

/**
 * One search result, told apart by `type` ({@link SearchResultTypeValues}); a kind this package does not know is
 * a {@link SearchResultOther}, not a failed page.
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchResultItem = Schema.Union([
  SearchResultToken,
  SearchResultAddress,
  SearchResultEnsDomain,
  SearchResultMetadataTag,
  SearchResultBlock,
  SearchResultTransaction,
  SearchResultUserOperation,
  SearchResultBlob,
  SearchResultTacOperation,
  SearchResultOther
]).annotate({ identifier: "SearchResultItem" })
/**
 * A decoded search result.
 *
 * @since 0.1.0
 * @category resources
 */
export type SearchResultItem = typeof SearchResultItem.Type

/**
 * The decoded result of each known kind, by its `type`.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchResultByType {
  readonly token: SearchResultToken
  readonly address: SearchResultAddress
  readonly contract: SearchResultAddress
  readonly label: SearchResultAddress
  readonly ens_domain: SearchResultEnsDomain
  readonly metadata_tag: SearchResultMetadataTag
  readonly block: SearchResultBlock
  readonly transaction: SearchResultTransaction
  readonly user_operation: SearchResultUserOperation
  readonly blob: SearchResultBlob
  readonly tac_operation: SearchResultTacOperation
}

/**
 * Whether a search result is of a known kind, narrowing it to that kind's type: `isSearchResult(item, "token")`
 * gives a `SearchResultToken`. Use it rather than comparing `item.type`, which TypeScript cannot narrow on since a
 * {@link SearchResultOther} may hold any `type`.
 *
 * @since 0.1.0
 * @category guards
 */
export const isSearchResult = <T extends keyof SearchResultByType>(
  item: SearchResultItem,
  type: T
): item is SearchResultItem & SearchResultByType[T] => item.type === type

/**
 * `GET /search?q=`: results of every kind, paged. Its cursor holds, from 6.10 on, `next_page_params_type`, `q`,
 * and one group of keys per kind that pages (`token[name]`, `contract[inserted_at]`, ...: the backend writes nested
 * keys in bracket form), some null: sent back as they are, the null ones empty; before 6.10, `q` and a
 * `page_number`.
 *
 * @since 0.1.0
 * @category responses
 */
export const SearchResponse = Page(SearchResultItem).annotate({ identifier: "SearchResponse" })

/**
 * `GET /search/quick?q=`: up to 50 results of every kind in one bare array (none for a query under 3 characters).
 *
 * @since 0.1.0
 * @category responses
 */
export const QuickSearchResponse = Schema.Array(SearchResultItem).annotate({ identifier: "QuickSearchResponse" })

/**
 * `GET /search/check-redirect?q=`: whether a query names one thing the explorer would open directly, and which:
 * `type` (`address`, `ens_domain`, `block`, `transaction`, `user_operation`, `blob`) and `parameter` (the address,
 * name or hash to open). `{ redirect: false, type: null, parameter: null }` when it does not.
 *
 * @since 0.1.0
 * @category resources
 */
export const SearchRedirect = Schema.Struct({
  redirect: optional(Schema.Boolean),
  type: optional(Schema.String),
  parameter: optional(Schema.String)
}).annotate({ identifier: "SearchRedirect" })
/**
 * A decoded redirect check.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SearchRedirect extends Schema.Schema.Type<typeof SearchRedirect> {}

/**
 * `GET /search/check-redirect?q=`: the redirect check.
 *
 * @since 0.1.0
 * @category responses
 */
export const SearchRedirectResponse = SearchRedirect
