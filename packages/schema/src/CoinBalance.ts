/**
 * An address's coin balance over time: the change points of `GET /addresses/{a}/coin-balance-history` and the
 * daily balances of `GET /addresses/{a}/coin-balance-history-by-day`.
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import { invalid, isRecord, registerFast } from "./internal/compile.ts"
import { absent, optional } from "./internal/fields.ts"
import { Hash, Timestamp } from "./Primitives.ts"
import { Count, IntegerQuantity } from "./Quantities.ts"

/**
 * A change of an address's coin balance: the balance `value` after block `block_number` (wei), the `delta` from
 * the previous point (negative when it fell), and the transaction that caused it when there is one (null for
 * block rewards, withdrawals, genesis allocations and changes found only by reading the balance).
 *
 * @since 0.1.0
 * @category resources
 */
export const CoinBalance = Schema.Struct({
  transaction_hash: optional(Hash),
  block_number: Count,
  delta: IntegerQuantity,
  value: IntegerQuantity,
  block_timestamp: Timestamp
}).annotate({ identifier: "CoinBalance" })
/**
 * A decoded coin balance point.
 *
 * @since 0.1.0
 * @category resources
 */
export interface CoinBalance extends Schema.Schema.Type<typeof CoinBalance> {}

/**
 * Pattern of a calendar date as the API writes one: `YYYY-MM-DD`.
 *
 * @since 0.1.0
 * @category primitives
 */
export const calendarDatePattern: RegExp = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

// The pattern drives test-data generation; this check adds the month lengths (no February 30th).
const isRealDay = (s: string): boolean => {
  const year = Number(s.slice(0, 4))
  const month = Number(s.slice(5, 7))
  const day = Number(s.slice(8, 10))
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
  return day <= days
}
const isCalendarDate = (s: string): boolean => calendarDatePattern.test(s) && isRealDay(s)

/**
 * A calendar date, `YYYY-MM-DD` (a real date: no February 30th), kept as the string, branded.
 *
 * @since 0.1.0
 * @category primitives
 */
export const CalendarDate = Schema.String.check(
  Schema.isPattern(calendarDatePattern, { expected: "a calendar date such as 2024-05-31" }),
  Schema.makeFilter(isRealDay, { expected: "a calendar date such as 2024-05-31" })
).pipe(Schema.brand("CalendarDate"))
/**
 * The decoded type of {@link CalendarDate}.
 *
 * @since 0.1.0
 * @category primitives
 */
export type CalendarDate = typeof CalendarDate.Type
registerFast(CalendarDate, () => (u) => (typeof u === "string" && isCalendarDate(u) ? u : invalid))

/**
 * An address's balance at the end of a day (wei; the last day is today, carrying the latest balance).
 *
 * The hand-written per-instance spec gives `value` as a number: integer numbers decode too.
 *
 * @since 0.1.0
 * @category resources
 */
export const CoinBalanceByDay = Schema.Struct({
  date: CalendarDate,
  value: IntegerQuantity
}).annotate({ identifier: "CoinBalanceByDay" })
/**
 * A decoded daily balance.
 *
 * @since 0.1.0
 * @category resources
 */
export interface CoinBalanceByDay extends Schema.Schema.Type<typeof CoinBalanceByDay> {}

/** The decoded form of every shape of the by-day response: the days, and the window the server covers. */
const ByDay = Schema.Struct({
  items: Schema.Array(CoinBalanceByDay),
  days: Schema.NullOr(Count)
})
type ByDay = CoinBalanceHistoryByDay

// Servers since 6.5.0: `{items, days}` (the generated specs require neither key).
const ByDayObject = Schema.Struct({ items: absent(Schema.Array(CoinBalanceByDay)), days: absent(Count) })
const fromObject = (o: typeof ByDayObject.Type): ByDay => ({ items: o.items ?? [], days: o.days ?? null })
const ByDayFromObject = ByDayObject.pipe(
  Schema.decodeTo(Schema.toType(ByDay), {
    decode: SchemaGetter.transform(fromObject),
    encode: SchemaGetter.transform((b: ByDay): typeof ByDayObject.Type =>
      b.days === null ? { items: b.items } : { items: b.items, days: b.days }
    )
  })
)
registerFast(ByDayFromObject, (compile) => {
  const object = compile(ByDayObject.ast)
  return object === undefined
    ? undefined
    : (u) => {
        const o = isRecord(u) ? object(u) : invalid
        return o === invalid ? invalid : fromObject(o as typeof ByDayObject.Type)
      }
})

// Servers before 6.5.0 and the hand-written per-instance spec: a bare array of days.
const ByDayArray = Schema.Array(CoinBalanceByDay)
const ByDayFromArray = ByDayArray.pipe(
  Schema.decodeTo(Schema.toType(ByDay), {
    decode: SchemaGetter.transform((items: ReadonlyArray<CoinBalanceByDay>): ByDay => ({ items, days: null })),
    encode: SchemaGetter.transform((b: ByDay) => b.items)
  })
)
registerFast(ByDayFromArray, (compile) => {
  const array = compile(ByDayArray.ast)
  return array === undefined
    ? undefined
    : (u) => {
        const items = array(u)
        return items === invalid ? invalid : { items, days: null }
      }
})

const ByDayResponse = Schema.Union([ByDayFromObject, ByDayFromArray]).annotate({
  identifier: "CoinBalanceHistoryByDayResponse"
})

/**
 * The body of `GET /addresses/{a}/coin-balance-history-by-day`, in one shape whatever the server version:
 * `{ items, days }`, the daily balances oldest first and the number of days the server covers (its
 * `COIN_BALANCE_HISTORY_DAYS`, 10 by default).
 *
 * Servers since 6.5.0 send `{items, days}`; older ones (and the hand-written per-instance spec) a bare array of
 * days, which decodes with `days: null`. Encodes to the `{items, days}` form (`days` left out when null).
 *
 * Gotcha: only days with a recorded balance are listed (a day without one carries the previous balance over).
 *
 * @since 0.1.0
 * @category responses
 */
export const CoinBalanceHistoryByDayResponse: Schema.Codec<CoinBalanceHistoryByDay, typeof ByDayResponse.Encoded> =
  ByDayResponse
/**
 * A decoded by-day coin balance history: `items` oldest first, `days` null from servers before 6.5.0.
 *
 * @since 0.1.0
 * @category responses
 */
export interface CoinBalanceHistoryByDay extends Schema.Schema.Type<typeof ByDay> {}
