/**
 * Helpers for the simulator's tests: call the shared handler directly and follow cursors the way a
 * client must (send `next_page_params` back, re-send the filters).
 */
import { SimulatedBlockscout, type SimulatedResponse, type SimulatorOptions } from "@blockscout-effect/simulator"

export type Cursor = Record<string, string | number>
export type Json = Record<string, unknown>

export const small = (options: SimulatorOptions = {}): SimulatedBlockscout =>
  SimulatedBlockscout.make({ seed: 7, blocks: 160, pendingTransactions: 23, smartContracts: 40, ...options })

export const query = (params: Record<string, string | number | undefined>): string => {
  const parts = Object.entries(params)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  return parts.length === 0 ? "" : `?${parts.join("&")}`
}

/** The body as JSON, or undefined when it is empty or not JSON (a scripted HTML page). */
const parseJson = (body: string): unknown => {
  try {
    return body === "" ? undefined : JSON.parse(body)
  } catch {
    return undefined
  }
}

/** GET a path ("/api/v2/..." or "/1/api/v2/...") with query params and optional headers. */
export const get = (
  sim: SimulatedBlockscout,
  path: string,
  params: Record<string, string | number | undefined> = {},
  headers: Record<string, string> = {},
  now = 0
): SimulatedResponse & { readonly json: unknown } => {
  const r = sim.handle({ method: "GET", url: `http://sim.test${path}${query(params)}`, headers }, now)
  return { ...r, json: parseJson(r.body) }
}

/** Follows every page of a list endpoint, re-sending `filters` on each; returns items and cursors seen. */
export const walk = (
  sim: SimulatedBlockscout,
  path: string,
  filters: Record<string, string | number | undefined> = {},
  maxPages = 10_000
): { readonly items: Array<Json>; readonly cursors: Array<Cursor>; readonly pages: number } => {
  const items: Array<Json> = []
  const cursors: Array<Cursor> = []
  let cursor: Cursor | null = {}
  let pages = 0
  while (cursor !== null && pages < maxPages) {
    const r = get(sim, path, { ...filters, ...cursor })
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.body}`)
    const page = r.json as { items: Array<Json>; next_page_params: Cursor | null }
    items.push(...page.items)
    pages++
    cursor = page.next_page_params
    if (cursor !== null) cursors.push(cursor)
  }
  return { items, cursors, pages }
}
