/**
 * The wire formats of the API's primitives, as patterns and a parser: hashes, addresses, token ids, hex data,
 * integer and decimal strings, timestamps.
 *
 * Use them to check an argument before a request is sent (the client does); the schemas of `Primitives.ts`
 * apply the same patterns when they decode.
 *
 * @since 0.1.0
 */

/**
 * Pattern of an address hash: `0x` and 40 hex digits (docs/blockscout-api.md §2 conventions).
 *
 * Use for argument checks before a request is sent; {@link AddressHash} applies the same pattern.
 *
 * @since 0.1.0
 * @category primitives
 */
export const addressPattern: RegExp = /^0x[A-Fa-f0-9]{40}$/

/**
 * Pattern of a block or transaction hash: `0x` and 64 hex digits.
 *
 * Use for argument checks before a request is sent; {@link Hash} applies the same pattern.
 *
 * @since 0.1.0
 * @category primitives
 */
export const hashPattern: RegExp = /^0x[A-Fa-f0-9]{64}$/

/**
 * Pattern of a token id: a base-10 integer without leading zeros, possibly negative (the API doc, E2).
 *
 * @since 0.1.0
 * @category primitives
 */
export const tokenIdPattern: RegExp = /^-?([1-9][0-9]*|0)$/

/**
 * Pattern of hex data: `0x` followed by any number of hex digits (raw input, log data, topics, nonces).
 *
 * @since 0.1.0
 * @category primitives
 */
export const hexDataPattern: RegExp = /^0x[A-Fa-f0-9]*$/

/**
 * Pattern of a decimal number as the API writes decimal quantities (exchange rates, market caps).
 *
 * Accepts an optional sign, digits, an optional fraction and an optional exponent (`1.5e-7`, which is how a
 * JSON number such as a market cap prints when converted to a string).
 *
 * @since 0.1.0
 * @category primitives
 */
export const decimalPattern: RegExp = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/

/**
 * Pattern of an integer quantity string: optional sign and decimal digits (leading zeros tolerated on input).
 *
 * @since 0.1.0
 * @category primitives
 */
export const integerPattern: RegExp = /^-?\d+$/

/**
 * Pattern of an RFC 3339 / ISO 8601 date-time with a time-zone designator, as Blockscout writes timestamps
 * (`2023-07-03T20:09:59.000000Z`) and as the specs' `format: date-time` allows: a fraction of any length, `Z`
 * or an offset (`+05:30`, `+0530`, `+05`), `T`, `t` or a space between date and time, `z` for `Z`.
 *
 * @since 0.1.0
 * @category primitives
 */
export const timestampPattern: RegExp =
  /^(\d{4}|[+-]\d{6})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2})(?::?(\d{2}))?)$/

const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31

// Date.UTC's range: ±8.64e15 ms around the epoch.
const maxMillis = 8.64e15

/**
 * Milliseconds since the epoch of a timestamp matching {@link timestampPattern}, or `undefined` when it is not
 * one. Calendar and clock fields are range-checked (`Date.parse` silently rolls `2023-02-30` over to March 2nd);
 * a leap second (`:60`) counts as the next second. Fractions are truncated to milliseconds.
 *
 * @since 0.1.0
 * @category primitives
 */
export const parseTimestamp = (s: string): number | undefined => {
  const m = timestampPattern.exec(s)
  if (m === null) return undefined
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  const hour = Number(m[4])
  const minute = Number(m[5])
  const second = Number(m[6])
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  if (hour > 23 || minute > 59 || second > 60) return undefined
  const fraction = m[7]
  const millis =
    fraction === undefined ? 0 : Number(fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, "0"))
  let offset = 0
  if (m[8] !== undefined) {
    const offsetHours = Number(m[9])
    const offsetMinutes = m[10] === undefined ? 0 : Number(m[10])
    if (offsetHours > 23 || offsetMinutes > 59) return undefined
    offset = (m[8] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60000
  }
  let t = Date.UTC(year, month - 1, day, hour, minute, second, millis)
  // Date.UTC maps years 0-99 to 1900-1999.
  if (year >= 0 && year < 100) t = new Date(t).setUTCFullYear(year)
  t -= offset
  return Number.isFinite(t) && t <= maxMillis && t >= -maxMillis ? t : undefined
}

/**
 * Pattern of a block number alone, as `/blocks/{number}/countdown` takes it (`param_to_block_number`, no hash): a
 * non-negative base-10 integer without leading zeros.
 *
 * @since 0.1.0
 * @category primitives
 */
export const blockNumberPattern: RegExp = /^(?:0|[1-9][0-9]*)$/

/**
 * Pattern of a block number or block hash as `/blocks/{numberOrHash}` takes it: a non-negative base-10
 * integer without leading zeros, or `0x` and 64 hex digits.
 *
 * @since 0.1.0
 * @category primitives
 */
export const blockNumberOrHashPattern: RegExp = /^(?:0|[1-9][0-9]*|0x[A-Fa-f0-9]{64})$/
