/**
 * Text encodings of streamed items: NDJSON (one JSON object a line) and CSV (RFC 4180, columns from the
 * resource's schema).
 *
 * When to use: `makeEncoder(format, { columns })` once per output, then `encodePage(items)` for each page in
 * order; the text it returns is appended to the output as is. `HistoryFile.run` and the sinks do this.
 *
 * Gotchas: CSV columns are fixed when the encoder is made (from `Columns.fromSchema` or a chosen subset), never
 * from the data, so a field that is null on the first page and set later is never dropped. In a CSV cell a
 * missing value (null or absent) is empty and an empty string is `""`, so the two stay apart; `bigint` is a
 * decimal string, a timestamp ISO 8601, and a `json` column JSON text.
 *
 * @since 0.1.0
 */
import type { Column } from "./Columns.ts"
import * as Columns from "./Columns.ts"
import { stringify } from "./Json.ts"

/**
 * The formats a file export writes.
 *
 * @since 0.1.0
 * @category models
 */
export const formats = ["ndjson", "csv", "parquet"] as const

/**
 * One of `formats`.
 *
 * @since 0.1.0
 * @category models
 */
export type Format = (typeof formats)[number]

/**
 * Encodes pages of items into text for one output.
 *
 * @since 0.1.0
 * @category models
 */
export interface Encoder {
  /** Text for these items, with the CSV header first on the first call (unless it was written already). */
  readonly encodePage: (items: ReadonlyArray<unknown>) => string
}

/**
 * Options of `makeEncoder`.
 *
 * @since 0.1.0
 * @category models
 */
export interface EncoderOptions {
  /** CSV: the columns, in order (required for CSV). */
  readonly columns?: ReadonlyArray<Column> | undefined
  /** CSV: the header is already in the output (resuming): do not write it again. */
  readonly headerWritten?: boolean | undefined
}

/**
 * Quotes one CSV cell when it holds a comma, quote or line break, or is empty (RFC 4180); `null` is the bare
 * empty cell.
 *
 * @since 0.1.0
 * @category encoding
 */
export const csvCell = (text: string | null): string =>
  text === null ? "" : text === "" || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text

/**
 * One CSV line (with its newline) for an item.
 *
 * @since 0.1.0
 * @category encoding
 */
export const csvRow = (columns: ReadonlyArray<Column>, item: unknown): string => {
  let line = ""
  for (let i = 0; i < columns.length; i++) {
    const v = Columns.value(columns[i]!, item)
    line += (i === 0 ? "" : ",") + csvCell(v === null ? null : String(v))
  }
  return `${line}\n`
}

/**
 * The CSV header line (with its newline).
 *
 * @since 0.1.0
 * @category encoding
 */
export const csvHeader = (columns: ReadonlyArray<Column>): string =>
  `${columns.map((c) => csvCell(c.name)).join(",")}\n`

/**
 * Makes an encoder for one NDJSON or CSV output.
 *
 * Gotcha: Parquet is not a text format; its sinks stage NDJSON and convert (see `Parquet`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeEncoder = (format: "ndjson" | "csv", options: EncoderOptions = {}): Encoder => {
  if (format === "ndjson") {
    return {
      encodePage: (items) => {
        let out = ""
        for (const item of items) out += `${stringify(item)}\n`
        return out
      }
    }
  }
  const columns = options.columns
  if (columns === undefined || columns.length === 0) throw new Error("makeEncoder: CSV needs columns")
  let headerWritten = options.headerWritten ?? false
  return {
    encodePage: (items) => {
      let out = headerWritten ? "" : csvHeader(columns)
      headerWritten = true
      for (const item of items) out += csvRow(columns, item)
      return out
    }
  }
}
