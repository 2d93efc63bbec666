/**
 * The next cursor, read from the parsed body before it is decoded (`rawNext`), so the next request can start
 * while this page decodes: a guess the decoded page confirms or overrules (`walk.ts`).
 *
 * @internal
 */
import { cursorNeedsText, isCursorValue } from "@blockscout-effect/schema"
import type { Cursor } from "../arguments.ts"
import { type Secrets, stripCredentials } from "../redact.ts"

/**
 * The cursor a raw body points to, read before the body is decoded so the next request can start while
 * this page decodes. `undefined` when there is none, it is malformed (decoding then reports it), or it holds
 * a number `JSON.parse` did not keep as the server wrote it (beyond 2^53, `1.000000000000000000001`, `-0`,
 * `1E-7`: `text`, the body, says so): only the decoded cursor, read from the text, goes back exactly.
 */
export const rawNext = (secrets: Secrets, json: unknown, text: string): Cursor | undefined => {
  if (typeof json !== "object" || json === null) return undefined
  const next = (json as { readonly next_page_params?: unknown }).next_page_params
  if (typeof next !== "object" || next === null || Array.isArray(next)) return undefined
  for (const value of Object.values(next)) if (!isCursorValue(value)) return undefined
  // A number `JSON.parse` did not keep as written (the schema's one rule for cursor numbers): wait for the decode.
  if (cursorNeedsText(text)) return undefined
  return stripCredentials(secrets, next as Cursor)
}
