/**
 * The `blockscout` tool's `--format table`: an aligned, fixed-width text table for reading in a terminal.
 *
 * When to use: `makeTable(columns)` once per run, then `encodePage(items)` per page. Files get NDJSON, CSV or
 * Parquet (`@blockscout-effect/export`); a table is for eyes only, so its cells are shortened.
 *
 * Gotchas: widths are fixed by the first non-empty page (later rows are cut to them, hashes shown as
 * `0x1234…abcd`). By default it shows a handful of scalar columns (`defaultColumns`): `--columns` picks others.
 */
import { Columns } from "@blockscout-effect/export"

/** Encodes pages of items as table rows (the header with the first non-empty page). */
export interface Table {
  readonly encodePage: (items: ReadonlyArray<unknown>) => string
}

/**
 * The columns a table shows unless told: the item's own scalar fields and the hash, symbol or value of nested
 * ones (`from.hash`, `token.symbol`), at most eight: a transaction has ninety columns, a terminal fits few.
 */
export const defaultColumns = (all: ReadonlyArray<Columns.Column>): ReadonlyArray<Columns.Column> =>
  all
    .filter((c) => c.kind !== "json" && (c.path.length === 1 || /^[a-z_]+\.(hash|symbol|value)$/.test(c.name)))
    .slice(0, 8)

// Hashes are 66 characters; the start and end identify one well enough on screen.
const shorten = (text: string, width: number): string => {
  if (text.length <= width) return text
  if (/^0x[0-9a-fA-F]+$/.test(text) && width >= 13) return `${text.slice(0, 6)}…${text.slice(-(width - 7))}`
  return `${text.slice(0, width - 1)}…`
}

/** Makes a table encoder for `columns`; `maxWidth` is the widest a column may be (default 24). */
export const makeTable = (columns: ReadonlyArray<Columns.Column>, maxWidth = 24): Table => {
  let widths: ReadonlyArray<number> | undefined
  return {
    encodePage: (items) => {
      if (items.length === 0) return ""
      const rows = items.map((item) => columns.map((c) => Columns.text(c, item).replace(/\s+/g, " ")))
      let out = ""
      if (widths === undefined) {
        widths = columns.map((c, i) => {
          const cells = rows.map((r) => r[i] ?? "")
          // A column of long hex (hashes, addresses) is shown as 0x1234…abcd.
          const hex = cells.every((cell) => cell === "" || /^0x[0-9a-fA-F]{20,}$/.test(cell))
          return Math.max(c.name.length, Math.min(hex ? 13 : maxWidth, Math.max(...cells.map((cell) => cell.length))))
        })
        out += `${line(
          columns.map((c) => c.name),
          widths
        )}\n${line(
          widths.map((n) => "-".repeat(n)),
          widths
        )}\n`
      }
      for (const row of rows) out += `${line(row, widths)}\n`
      return out
    }
  }
}

const line = (cells: ReadonlyArray<string>, widths: ReadonlyArray<number>): string =>
  cells
    .map((cell, i) => shorten(cell, widths[i] ?? 24).padEnd(widths[i] ?? 0))
    .join("  ")
    .trimEnd()
