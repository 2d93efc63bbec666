/**
 * Output formats for streamed items: NDJSON (one JSON object a line), CSV (RFC 4180, header from the
 * first page) and a fixed-width text table for reading in a terminal.
 *
 * When to use: `makeEncoder(format)` once per output, then `encodePage(items)` for each page in order;
 * the text it returns is appended to the output as is.
 *
 * Gotchas: CSV and table columns are chosen from the first non-empty page (or given), because a stream
 * cannot rewrite its header; later items' extra fields are dropped and missing ones left empty. Keep the
 * chosen columns (`encoder.columns()`) when resuming a CSV file so the rows match its header.
 */
import { flatten, stringify } from "./Json.ts"

/** The formats the tools write. */
export const formats = ["ndjson", "csv", "table"] as const

/** One of `formats`. */
export type Format = (typeof formats)[number]

/** Encodes pages of items into text for one output. */
export interface Encoder {
  /** Text for these items (with the header first, if this is the first non-empty page of csv/table). */
  readonly encodePage: (items: ReadonlyArray<unknown>) => string
  /** The columns in use (csv/table), once chosen; `undefined` for NDJSON or before the first item. */
  readonly columns: () => ReadonlyArray<string> | undefined
}

/** Options of `makeEncoder`. */
export interface EncoderOptions {
  /** Columns to write (csv/table); by default chosen from the first page. */
  readonly columns?: ReadonlyArray<string> | undefined
  /** The header is already in the output (resuming a CSV file): do not write it again. */
  readonly headerWritten?: boolean | undefined
  /** Table only: the widest a column may be, in characters (default 24). */
  readonly maxWidth?: number | undefined
}

/** Quotes one CSV cell when it holds a comma, quote, or line break (RFC 4180). */
export const csvCell = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text)

/** The union of the items' flattened columns, in first-seen order. */
export const columnsOf = (items: ReadonlyArray<unknown>): ReadonlyArray<string> => {
  const seen = new Set<string>()
  for (const item of items) for (const key of flatten(item).keys()) seen.add(key)
  return [...seen]
}

// A table that fits a terminal shows an item's scalar fields and the hashes of its nested addresses,
// not every flattened field (a transaction has dozens): `--columns` picks others.
const tableColumnsOf = (items: ReadonlyArray<unknown>): ReadonlyArray<string> =>
  columnsOf(items)
    .filter((c) => !c.includes(".") || /^[a-z_]+\.(hash|symbol|value)$/.test(c))
    .slice(0, 8)

// Hashes are 66 characters; the start and end identify one well enough on screen.
const shorten = (text: string, width: number): string => {
  if (text.length <= width) return text
  if (/^0x[0-9a-fA-F]+$/.test(text) && width >= 13) return `${text.slice(0, 6)}…${text.slice(-(width - 7))}`
  return `${text.slice(0, width - 1)}…`
}

/** Makes an encoder for one output in the given format. */
export const makeEncoder = (format: Format, options: EncoderOptions = {}): Encoder => {
  if (format === "ndjson") {
    return {
      encodePage: (items) => {
        let out = ""
        for (const item of items) out += `${stringify(item)}\n`
        return out
      },
      columns: () => undefined
    }
  }
  let columns = options.columns
  let headerWritten = options.headerWritten ?? false
  let widths: ReadonlyArray<number> | undefined
  const maxWidth = options.maxWidth ?? 24
  return {
    columns: () => columns,
    encodePage: (items) => {
      if (items.length === 0) return ""
      const rows = items.map((item) => flatten(item))
      const cols = columns ?? (format === "csv" ? columnsOf(items) : tableColumnsOf(items))
      columns = cols
      let out = ""
      if (format === "csv") {
        if (!headerWritten) out += `${cols.map(csvCell).join(",")}\n`
        for (const row of rows) out += `${cols.map((c) => csvCell(row.get(c) ?? "")).join(",")}\n`
      } else {
        const w =
          widths ??
          cols.map((c) => {
            const cells = rows.map((r) => r.get(c) ?? "")
            // A column of long hex (hashes, addresses) is shown as 0x1234…abcd.
            const hex = cells.every((cell) => cell === "" || /^0x[0-9a-fA-F]{20,}$/.test(cell))
            return Math.max(c.length, Math.min(hex ? 13 : maxWidth, Math.max(...cells.map((cell) => cell.length))))
          })
        widths = w
        const line = (cells: ReadonlyArray<string>) =>
          cells
            .map((cell, i) => shorten(cell.replace(/\s+/g, " "), w[i] ?? maxWidth).padEnd(w[i] ?? 0))
            .join("  ")
            .trimEnd()
        if (!headerWritten) out += `${line(cols)}\n${line(w.map((n) => "-".repeat(n)))}\n`
        for (const row of rows) out += `${line(cols.map((c) => row.get(c) ?? ""))}\n`
      }
      headerWritten = true
      return out
    }
  }
}
