/**
 * Keeping secrets out: everything the client shows (errors, logs, spans, events, the cursors it hands back)
 * goes through here, so a credential has one place to be recognised and replaced.
 *
 * Redaction is by value: the client knows its secrets (the API key, the secret key, a base URL's
 * `user:pass`), and looks for each in every form it takes on the wire and in a server's echo: as sent,
 * percent-encoded in either hex case, form-encoded (`+` for a space, `%7E %21 %27 %28 %29`), JSON-escaped
 * (`\/`, `\u0026`), as HTML character references (`&amp;`), and encoded again, up to four layers. The text is decoded first
 * (`unescape.ts`, keeping a map to the source), and each match's source span is replaced by `<redacted>`.
 * A secret of 8 characters or more is found anywhere; a shorter one only as a whole token (not inside a longer
 * word), so a one-letter key never strips `block_number` from a cursor (`minSubstringSecret`).
 * A URL's userinfo (`scheme://user:pass@`) is replaced wherever a URL appears, whoever's it is.
 *
 * - `secretsOf`: the secrets of a layer's target;
 * - `redact`: any text (a server message, a decode error, an HTTP client's own error) made safe to show;
 * - `carriesSecret`: whether a text holds a secret in any of those forms;
 * - `stripCredentials`: a cursor without the entries that carry a credential, by name (`apikey`, `key`)
 *   or by value (any name: `token`, `x-api-key`, `a=1&apikey=...` inside a value);
 * - `publicUrl`: a URL without its userinfo, query or fragment.
 *
 * The marker and the credential parameters' names are the schema package's (`Credentials.ts`), shared with
 * the test kit, as is `withRedactedMark` (Effect's own HTTP spans showing `<redacted>` too).
 *
 * Every function here is linear in the length of its input: callers bound what they pass (an error body is
 * summarised before it is redacted, `summary.ts`).
 *
 * @internal
 */
import { isCredentialParam, redactedMark } from "@blockscout-effect/schema"
import { Redacted, Result } from "effect"
import { compose, decode, hasEscapes, identity, sourceSpan, type View } from "./unescape.ts"

/** What a secret is replaced by, wherever it would show: the one marker of every package. */
export { redactedMark }

/** The secrets a client holds: what `redact` looks for (each non-empty). */
export interface Secrets {
  readonly secrets: ReadonlyArray<Redacted.Redacted<string>>
}

/** Whether a query parameter name is one the client sends a credential under (`apikey`, `key`, any case). */
export const isCredentialName = isCredentialParam

/** A URL-decoded text, or the text itself when it is not valid percent-encoding. */
const decodedOrSelf = (text: string): string => {
  const decoded = Result.try(() => decodeURIComponent(text))
  return Result.isSuccess(decoded) ? decoded.success : text
}

/**
 * The secrets of a target: the API key, the secret key, and a base URL's userinfo (user and password, as
 * written and decoded), so a proxy's `user:pass@` is redacted like a key.
 */
export const secretsOf = (
  apiKey: Redacted.Redacted<string> | undefined,
  secretKey: Redacted.Redacted<string> | undefined,
  baseUrl: string
): Secrets => {
  const values = new Set<string>()
  for (const secret of [apiKey, secretKey]) if (secret !== undefined) values.add(Redacted.value(secret))
  const parsed = Result.try(() => new URL(baseUrl))
  if (Result.isSuccess(parsed)) {
    for (const part of [parsed.success.username, parsed.success.password]) {
      values.add(part)
      values.add(decodedOrSelf(part))
    }
  }
  values.delete("")
  return { secrets: [...values].map((value) => Redacted.make(value)) }
}

// ---------------------------------------------------------------------------------------------------------
// Finding secrets

/** How many layers of encoding are peeled (a URL quoted in JSON inside an HTML page is three). */
const maxLayers = 4

/**
 * The views of a text a secret is looked for in: as it is; decoded with `+` as a space (form encoding) and
 * without (a literal `+`); each decoded again while escapes remain, up to `maxLayers` (a URL quoted inside a
 * JSON or HTML text, an encoded URL encoded again).
 */
const viewsOf = (text: string): ReadonlyArray<View> => {
  const source = identity(text)
  if (!hasEscapes(text)) return [source]
  const views = [source]
  for (const plus of [true, false]) {
    let view = decode(text, plus)
    views.push(view)
    for (let layer = 1; layer < maxLayers && hasEscapes(view.text); layer++) {
      const next = decode(view.text, plus)
      if (next.text === view.text) break
      view = compose(next, view)
      views.push(view)
    }
  }
  return views
}

const isSchemeChar = (code: number): boolean =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 48 && code <= 57) ||
  code === 43 ||
  code === 45 ||
  code === 46

const endsUserinfo = (code: number): boolean => code === 47 || code === 63 || code === 35 || code === 64 || code <= 32

/** The userinfo spans (`user:pass` of `scheme://user:pass@host`) of a text, in one pass. */
const userinfoSpans = (text: string, found: (from: number, to: number) => void): void => {
  let at = text.indexOf("://")
  while (at >= 0) {
    const from = at + 3
    let end = from
    if (at > 0 && isSchemeChar(text.charCodeAt(at - 1))) {
      while (end < text.length && !endsUserinfo(text.charCodeAt(end))) end++
      if (end > from && text.charCodeAt(end) === 64) found(from, end)
    }
    at = text.indexOf("://", Math.max(end, at + 1))
  }
}

/**
 * The shortest secret looked for anywhere in a text. A shorter one (a one-letter test key, a proxy user
 * `u`) is looked for only as a whole token: found inside a longer word it is not that secret, and matching it
 * there would redact half of every message and drop cursor entries such as `block_number` (key `k`). Eight
 * characters are past any word a server writes by chance, and every real key is longer (Pro keys, UUIDs).
 */
export const minSubstringSecret = 8

/** A character that continues a word (`[A-Za-z0-9_]`): a short secret must not touch one on either side. */
const isWordChar = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95

/**
 * Whether the occurrence of `value` at `at` in `text` is the secret: always for a secret of
 * `minSubstringSecret` characters or more; for a shorter one, only where it is not part of a longer word (the
 * characters around it, where the secret's own edge is a word character, are not word characters), as
 * `apikey=k&`, `"k"` or `key k.` hold it and `block_number` does not.
 */
const isSecretAt = (text: string, value: string, at: number): boolean => {
  if (value.length >= minSubstringSecret) return true
  const end = at + value.length
  const joinsBefore = at > 0 && isWordChar(text.charCodeAt(at - 1)) && isWordChar(value.charCodeAt(0))
  const joinsAfter =
    end < text.length && isWordChar(text.charCodeAt(end)) && isWordChar(value.charCodeAt(value.length - 1))
  return !joinsBefore && !joinsAfter
}

/** Every span of `text` that holds a secret or a URL's userinfo, unsorted. */
const spansOf = (secrets: Secrets, text: string, first: boolean): Array<readonly [number, number]> => {
  const spans: Array<readonly [number, number]> = []
  const values = secrets.secrets.map(Redacted.value)
  for (const view of viewsOf(text)) {
    const found = (i: number, j: number) => spans.push(sourceSpan(view, i, j))
    userinfoSpans(view.text, found)
    for (const value of values) {
      for (let at = view.text.indexOf(value); at >= 0; at = view.text.indexOf(value, at + 1)) {
        if (!isSecretAt(view.text, value, at)) continue
        found(at, at + value.length)
        if (first) return spans
      }
    }
    if (first && spans.length > 0) return spans
  }
  return spans
}

/** The most source characters one decoded character can take (`%F0%9F%98%80` is 12 for two UTF-16 units). */
export const widestEscape = 12

/** The length of the longest secret. */
export const longestSecret = (secrets: Secrets): number => {
  let longest = 0
  for (const secret of secrets.secrets) longest = Math.max(longest, Redacted.value(secret).length)
  return longest
}

/**
 * A text safe to show: every known secret, in any of its encoded forms, and every URL's userinfo replaced by
 * `<redacted>`. Linear in the text's length (times the number of secrets).
 *
 * `cut`: the text is the start of something longer, so it may end inside a secret; its last characters (as
 * many as the longest secret can take, encoded) are dropped after the secrets are found, so no part of a
 * secret is left at the end (a secret found across the drop point is replaced whole).
 */
export const redact = (secrets: Secrets, text: string, cut = false): string => {
  const end = cut ? Math.max(0, text.length - longestSecret(secrets) * widestEscape) : text.length
  const spans = spansOf(secrets, text, false)
  if (spans.length === 0) return text.slice(0, end)
  spans.sort((a, b) => a[0] - b[0])
  // Spans that overlap or touch become one mark; spans that start past `end` are dropped with the tail.
  let out = ""
  let copied = 0
  let from = -1
  let to = -1
  for (const [start, stop] of spans) {
    if (start >= end) break
    if (from >= 0 && start <= to) {
      to = Math.max(to, stop)
      continue
    }
    if (from >= 0) {
      out += `${text.slice(copied, from)}${redactedMark}`
      copied = to
    }
    from = start
    to = stop
  }
  if (from >= 0) {
    out += `${text.slice(copied, from)}${redactedMark}`
    copied = to
  }
  return copied >= end ? out : out + text.slice(copied, end)
}

/** Whether a text holds a known secret (in any of its encoded forms) or a URL with userinfo. */
export const carriesSecret = (secrets: Secrets, text: string): boolean => spansOf(secrets, text, true).length > 0

/**
 * A cursor without the entries that carry a credential: a credential name (`apikey`, `key`: servers before
 * 12.0 echoed them into `next_page_params`), or a name or value holding a known secret in any form (`token`,
 * `x-api-key`, `apikey[]`, a value like `a=1&apikey=...`). Such an entry is never re-sent, handed out, shown
 * or stored.
 */
export const stripCredentials = <C extends Readonly<Record<string, unknown>>>(secrets: Secrets, cursor: C): C => {
  let clean: Record<string, unknown> | undefined
  for (const name of Object.keys(cursor)) {
    const value = cursor[name]
    if (
      isCredentialName(name) ||
      carriesSecret(secrets, name) ||
      (typeof value === "string" && carriesSecret(secrets, value))
    ) {
      clean ??= { ...cursor }
      delete clean[name]
    }
  }
  return (clean as C | undefined) ?? cursor
}

// ---------------------------------------------------------------------------------------------------------
// URLs

/** Trailing slashes off a URL. */
export const trimSlash = (url: string): string => {
  let end = url.length
  while (end > 0 && url.charCodeAt(end - 1) === 47) end--
  return url.slice(0, end)
}

/**
 * A URL without userinfo, query or fragment: what the service shows as its address (a base URL may carry
 * `user:pass@` for a proxy). A URL that does not parse is shown with any userinfo replaced; requests then
 * fail on it.
 */
export const publicUrl = (url: string): string => {
  const parsed = Result.try(() => new URL(url))
  if (Result.isFailure(parsed)) return trimSlash(redact({ secrets: [] }, url))
  const u = parsed.success
  return trimSlash(`${u.protocol}//${u.host}${u.pathname}`)
}
