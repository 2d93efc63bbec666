/**
 * The next cursor, read from the parsed body before it is decoded (`rawNext`), so the next request can start
 * while this page decodes: a guess the decoded page confirms or overrules (`walk.ts`).
 *
 * @internal
 */
import { isCursorValue } from "@blockscout-effect/schema"
import type { Cursor } from "../arguments.ts"
import { type Secrets, stripCredentials } from "../redact.ts"

/**
 * The cursor a raw body points to, read before the body is decoded so the next request can start while
 * this page decodes. `undefined` when there is none, it is malformed (decoding then reports it), or it holds
 * an integer beyond 2^53, which `JSON.parse` rounded (the decoded cursor, read from the text, is exact).
 */
export const rawNext = (secrets: Secrets, json: unknown): Cursor | undefined => {
  if (typeof json !== "object" || json === null) return undefined
  const next = (json as { readonly next_page_params?: unknown }).next_page_params
  if (typeof next !== "object" || next === null || Array.isArray(next)) return undefined
  for (const value of Object.values(next)) {
    if (!isCursorValue(value)) return undefined
    // `JSON.parse` rounded an integer beyond 2^53: only the decoded cursor (read from the text) is exact.
    if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) return undefined
  }
  return stripCredentials(secrets, next as Cursor)
}
