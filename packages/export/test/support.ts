/**
 * Test helpers: decoded items of every resource (the schema package's fixtures, full and all-null variants of
 * every spec family), an RFC 4180 CSV reader, and the rebuilding of an item's JSON from its flattened cells.
 */
import { Schema } from "effect"
import { fixtureResources, loadFixtures } from "../../schema/test/support.ts"
import type { Column } from "../src/Columns.ts"
import type { Json } from "../src/Json.ts"

/** The resource schemas, by fixture file name (the schema package's fixtures). */
export const resources = fixtureResources

/** Every fixture object of a resource that decodes, decoded. */
export const decodedFixtures = (name: keyof typeof resources): ReadonlyArray<unknown> => {
  const objects = Object.values(loadFixtures(name))
  const decode = Schema.decodeUnknownExit(resources[name] as unknown as Schema.Decoder<unknown>)
  return objects.flatMap((o) => {
    const exit = decode(o)
    return exit._tag === "Success" ? [exit.value] : []
  })
}

/** Parses RFC 4180 CSV into rows of cells; a bare empty cell is `null`, a quoted one `""`. */
export const parseCsv = (text: string): Array<Array<string | null>> => {
  const rows: Array<Array<string | null>> = []
  let row: Array<string | null> = []
  let i = 0
  while (i < text.length) {
    let cell: string | null
    if (text[i] === '"') {
      let j = i + 1
      cell = ""
      for (;;) {
        const q = text.indexOf('"', j)
        if (q < 0) throw new Error("unterminated quote")
        cell += text.slice(j, q)
        if (text[q + 1] === '"') {
          cell += '"'
          j = q + 2
        } else {
          i = q + 1
          break
        }
      }
    } else {
      let j = i
      while (j < text.length && text[j] !== "," && text[j] !== "\n") j++
      cell = j === i ? null : text.slice(i, j)
      i = j
    }
    row.push(cell)
    if (text[i] === ",") i++
    else {
      rows.push(row)
      row = []
      i++
    }
  }
  return rows
}

/** An item's JSON view (as NDJSON writes it) without nulls and without objects left empty by that. */
export const pruned = (json: Json): Json | undefined => {
  if (json === null) return undefined
  if (Array.isArray(json) || typeof json !== "object") return json
  const out: Record<string, Json> = {}
  for (const [k, v] of Object.entries(json)) {
    const p = pruned(v)
    if (p !== undefined) out[k] = p
  }
  return Object.keys(out).length === 0 ? undefined : out
}

/** Rebuilds an item's (pruned) JSON view from one CSV row: the inverse of the flattening. */
export const unflatten = (columns: ReadonlyArray<Column>, cells: ReadonlyArray<string | null>): Json | undefined => {
  const out: Record<string, Json> = {}
  columns.forEach((column, i) => {
    const cell = cells[i] ?? null
    if (cell === null) return
    const value: Json =
      column.kind === "json"
        ? (JSON.parse(cell) as Json)
        : column.kind === "integer" || column.kind === "number"
          ? Number(cell)
          : column.kind === "boolean"
            ? cell === "true"
            : cell
    let at = out
    column.path.slice(0, -1).forEach((key) => {
      at[key] ??= {}
      at = at[key] as Record<string, Json>
    })
    at[column.path.at(-1)!] = value
  })
  return pruned(out)
}
