/**
 * What an error body says, in a few short lines safe to show: the server's messages out of Blockscout's
 * JSON error bodies, the Pro gateway's, an HTML page's title (nginx, Cloudflare and other proxies), or the
 * text itself, shortened.
 *
 * Bounded whatever a server sends: at most `examined` characters are looked at (the body reader already
 * stops there for error bodies), every step is linear in them (no regular expression that can backtrack, no
 * recursion into the server's values beyond a fixed depth), and each line is redacted (`redact.ts`) before it
 * is shortened, so a cut never leaves part of a secret behind.
 *
 * @internal
 */
import { Result } from "effect"
import { longestSecret, redact, type Secrets, widestEscape } from "./redact.ts"

/** How much of a body (in characters) is looked at to summarise it; error bodies are read this far. */
export const examined = 64 * 1024

/** The longest line an error shows from a server's text. */
const lineLength = 300

/**
 * A text as an error shows it: redacted, then shortened to `max` characters. Only the start that can show
 * is looked at (twice `max`, plus room for the longest secret encoded), so a long text costs no more than a
 * short one.
 */
export const shown = (secrets: Secrets, text: string, max = lineLength): string => {
  const window = 2 * max + widestEscape * longestSecret(secrets)
  const cut = text.length > window
  const safe = redact(secrets, cut ? text.slice(0, window) : text, cut)
  return cut || safe.length > max ? `${safe.slice(0, max - 3)}...` : safe
}

/**
 * A server's value as a short text, for an error entry of an unknown shape: JSON-like, at most `budget`
 * characters and four levels deep (`{...}`, `[...]` beyond), so a body nested ten thousand levels deep or
 * holding a million keys costs no more than a short one.
 */
export const preview = (secrets: Secrets, value: unknown, budget = lineLength): string => {
  let out = ""
  // Each string is redacted before `JSON.stringify` escapes it: an escape of ours must not hide a secret.
  const quoted = (text: string) => JSON.stringify(shown(secrets, text, budget))
  const write = (v: unknown, depth: number): void => {
    if (out.length >= budget) return
    if (v === null || typeof v !== "object") {
      out += typeof v === "string" ? quoted(v) : String(v)
      return
    }
    const array = Array.isArray(v)
    if (depth >= 4) {
      out += array ? "[...]" : "{...}"
      return
    }
    out += array ? "[" : "{"
    // Linear in the value (bounded by the text parsed), and stops writing at the budget.
    const keys = array ? undefined : Object.keys(v)
    const length = keys === undefined ? (v as ReadonlyArray<unknown>).length : keys.length
    for (let i = 0; i < length && out.length < budget; i++) {
      if (i > 0) out += ","
      if (keys === undefined) {
        write((v as ReadonlyArray<unknown>)[i], depth + 1)
      } else {
        const key = keys[i]!
        out += `${quoted(key)}:`
        write((v as Record<string, unknown>)[key], depth + 1)
      }
    }
    out += array ? "]" : "}"
  }
  write(value, 0)
  return out.length > budget ? `${out.slice(0, budget - 3)}...` : out
}

/** A text worth showing: a string that is not blank (specs allow `""` for every message field). */
const said = (u: unknown): u is string => typeof u === "string" && u.trim() !== ""

/** An `errors[]` entry as `pointer: detail` (Blockscout's 422 bodies), or a preview of an unknown shape. */
const errorEntry = (secrets: Secrets, entry: unknown): string => {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return preview(secrets, entry)
  const e = entry as Record<string, unknown>
  const source = typeof e.source === "object" && e.source !== null ? (e.source as Record<string, unknown>) : undefined
  const pointer = source?.pointer
  const parameter = source?.parameter
  const where = said(pointer) ? pointer : said(parameter) ? parameter : undefined
  const what = said(e.detail)
    ? e.detail
    : said(e.title)
      ? e.title
      : "detail" in e || "title" in e || "source" in e
        ? undefined
        : preview(secrets, e)
  // Blank fields say nothing: the entry is dropped when neither part is left.
  return where === undefined ? (what ?? "") : what === undefined ? where : `${where}: ${what}`
}

/** The keys of the error bodies above: an object of only these, all blank, says nothing (the status speaks). */
const messageKeys = new Set(["message", "error", "source", "errors"])

/** At most this many `errors[]` entries are shown. */
const maxEntries = 10

/** Tags out of a text, in one pass: an unclosed `<` ends the text. */
const stripTags = (html: string): string => {
  let out = ""
  let at = 0
  for (let open = html.indexOf("<"); open >= 0; open = html.indexOf("<", at)) {
    out += `${html.slice(at, open)} `
    const close = html.indexOf(">", open)
    if (close < 0) return out
    at = close + 1
  }
  return out + html.slice(at)
}

/** The text between `<tag ...>` and `</tag>`, found with `indexOf` (linear), or undefined. */
const element = (html: string, lower: string, tag: string): string | undefined => {
  const open = lower.indexOf(`<${tag}`)
  if (open < 0) return undefined
  const start = lower.indexOf(">", open)
  if (start < 0) return undefined
  const end = lower.indexOf(`</${tag}`, start)
  return end < 0 ? undefined : html.slice(start + 1, end)
}

const entities: ReadonlyArray<readonly [string, string]> = [
  ["&lt;", "<"],
  ["&gt;", ">"],
  ["&quot;", '"'],
  ["&#39;", "'"],
  ["&amp;", "&"]
]

/** The title (or first heading) of an HTML error page, as nginx, Cloudflare and other proxies send. */
const htmlSummary = (body: string): string | undefined => {
  if (!body.trimStart().startsWith("<")) return undefined
  const lower = body.toLowerCase()
  let text = stripTags(element(body, lower, "title") ?? element(body, lower, "h1") ?? body)
  for (const [entity, char] of entities) text = text.split(entity).join(char)
  text = text.replace(/\s+/g, " ").trim()
  return text === "" ? "an HTML page" : `${text} (HTML page)`
}

/**
 * The server's messages from an error body: `message`; the Pro gateway's `error` (with its `source`); each
 * `errors[]` entry as `pointer: detail`; an HTML page's title; else the text itself. Blank fields are skipped,
 * and a body that says nothing else (`{}`, `{"message": ""}`) gives none (the caller shows `HTTP <status>`).
 * Each line is redacted and shortened; `cut` says the body was cut short (its end may hold part of a secret).
 */
export const messagesOf = (secrets: Secrets, body: string, cut = false): ReadonlyArray<string> => {
  const text = body.length > examined ? body.slice(0, examined) : body
  const show = (line: string) => shown(secrets, line)
  const parsed = Result.try(() => JSON.parse(text) as unknown)
  const value = Result.isSuccess(parsed) ? parsed.success : undefined
  if (said(value)) return [show(value)]
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>
    if (said(record.message)) return [show(record.message)]
    if (said(record.error)) {
      return [show(said(record.source) ? `${record.error} (source: ${record.source})` : record.error)]
    }
    if (Array.isArray(record.errors)) {
      return record.errors
        .slice(0, maxEntries)
        .map((entry) => errorEntry(secrets, entry))
        .filter(said)
        .map(show)
    }
    if (Object.keys(record).every((key) => messageKeys.has(key))) return []
  }
  // Not a JSON message: the secrets are looked for in the text as received, then in the summary.
  const safe = redact(secrets, text, cut || body.length > text.length)
  const html = htmlSummary(safe)
  if (html !== undefined) return [show(html)]
  const trimmed = safe.trim()
  return trimmed === "" ? [] : [show(trimmed)]
}
