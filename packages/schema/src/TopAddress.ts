/**
 * The chain's top accounts (`GET /addresses`): addresses by coin balance, largest first, with the coin's
 * exchange rate and total supply on the page.
 *
 * Modelled on the backend's `AddressView.prepare_address_for_list` and `render("addresses.json")`
 * (views/api/v2/address_view.ex) and the OpenAPI specs' `TopAddress`.
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import { Address } from "./Address.ts"
import { renamesWith, structOf } from "./internal/extend.ts"
import { invalid, registerFast } from "./internal/compile.ts"
import { optional, withRenames } from "./internal/fields.ts"
import { Page } from "./Page.ts"
import { Decimal, IntegerQuantity } from "./Quantities.ts"

// `to_string(nil)` is "": the server's way of saying it has no count yet. Decoded to null.
const BlankAsNull = Schema.Literal("").pipe(
  Schema.decodeTo(Schema.Null, {
    decode: SchemaGetter.transform((): null => null),
    encode: SchemaGetter.transform((): "" => "")
  })
)
registerFast(BlankAsNull, () => (u) => (u === "" ? null : invalid))

const TopAddressSchema = withRenames(
  Schema.Struct({
    ...structOf(Address).fields,
    // Always sent by servers; the hand-written per-instance spec declares these items as its address details,
    // which require only `hash`.
    name: optional(Schema.String),
    is_contract: optional(Schema.Boolean),
    is_verified: optional(Schema.Boolean),
    coin_balance: optional(IntegerQuantity),
    transactions_count: optional(Schema.Union([IntegerQuantity, BlankAsNull]))
  }),
  // `tx_count` until 6.9.x (6.9.0 added `transaction_count`), `transaction_count` until 7.x, `transactions_count`
  // since 8.0.0 (backend address_view.ex history). Newest first.
  renamesWith(Address, { transaction_count: "transactions_count", tx_count: "transactions_count" }),
  "TopAddress"
)
/**
 * A decoded top account.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TopAddress extends Schema.Schema.Type<typeof TopAddressSchema> {}
/**
 * One of the chain's top accounts: the Address object plus its `coin_balance` (wei, `bigint`) and
 * `transactions_count` (`bigint`; null when the server has not counted it: it sends `""`).
 *
 * Servers before 8.0.0 wrote `tx_count` or `transaction_count` (a string): both decode to `transactions_count`.
 *
 * @since 0.1.0
 * @category resources
 */
export const TopAddress = TopAddressSchema

/**
 * The response of `GET /addresses`: a page of top accounts plus the coin's `exchange_rate` and `total_supply`
 * (decimal strings, null when unknown; absent from the hand-written specs' examples).
 *
 * @since 0.1.0
 * @category responses
 */
export const TopAddressesResponse = Schema.Struct({
  ...Page(TopAddress).fields,
  exchange_rate: optional(Decimal),
  total_supply: optional(Decimal)
}).annotate({ identifier: "TopAddressesResponse" })
