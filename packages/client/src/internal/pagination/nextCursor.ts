/**
 * The next cursor, read from a page before it is decoded, so the next request can start while this page
 * decodes: from the parsed body (`rawNext`), or from the end of the body text before it is parsed
 * (`tailCursor`). Both are guesses the decoded page confirms or overrules (`walk.ts`).
 *
 * @internal
 */
import { cursorNeedsText, isCursorValue } from "@blockscout-effect/schema"
import { Result } from "effect"
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

const cursorMarker = '"next_page_params":'

/**
 * The cursor at the end of a body's text, read before the body is parsed: Blockscout (Elixir's Jason) writes
 * keys sorted, so `next_page_params` is the last key, `{"items":[...],"next_page_params":{...}}`. Only the
 * text after the last `"next_page_params":` is parsed, then checked like a parsed body's cursor (`rawNext`).
 * Anything else (another key order, spaces, a cut body, a trailing key) gives `undefined`: no early request.
 * It is a guess, never trusted: the parsed and decoded page decides, and a request started from a wrong
 * guess is interrupted.
 */
export const tailCursor = (secrets: Secrets, body: string): Cursor | undefined => {
  const at = body.lastIndexOf(cursorMarker)
  if (at < 0) return undefined
  const end = body.lastIndexOf("}")
  if (end < at || body.slice(end + 1).trim() !== "") return undefined
  const value = Result.try(() => JSON.parse(body.slice(at + cursorMarker.length, end)) as unknown)
  return Result.isSuccess(value) ? rawNext(secrets, { next_page_params: value.success }, body) : undefined
}
