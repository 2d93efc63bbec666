/**
 * Keeping secrets out: everything the client shows (errors, logs, spans, events, cursors it hands back) goes
 * through here, so a credential has one place to be recognised and replaced.
 *
 * - `stripCredentials`: a cursor without credential keys (servers before 12.0 echoed `apikey`/`key` into
 *   `next_page_params`);
 * - `isCredentialName`: the query names that carry a credential, never taken from a cursor;
 * - `publicUrl`: a URL without its userinfo (`user:pass@`), query or fragment;
 * - `scrub`: any text (a server message, a decode error, an HTTP client's own error) with every known secret
 *   and any URL's userinfo replaced by `redactedMark`.
 *
 * @internal
 */
import { Redacted, Result } from "effect"

/** What a secret is replaced by, wherever it would show. */
export const redactedMark = "<redacted>"

const credentialNames = new Set(["apikey", "key"])

/** Whether a query parameter name carries a credential (`apikey`, `key`, in any case). */
export const isCredentialName = (name: string): boolean => credentialNames.has(name.toLowerCase())

/** A cursor without credentials: servers before 12.0 echoed `apikey`/`key` into `next_page_params`. */
export const stripCredentials = <C extends Readonly<Record<string, unknown>>>(cursor: C): C => {
  let clean: Record<string, unknown> | undefined
  for (const name of Object.keys(cursor)) {
    if (isCredentialName(name)) {
      clean ??= { ...cursor }
      delete clean[name]
    }
  }
  return (clean as C | undefined) ?? cursor
}

/** Trailing slashes off a URL. */
export const trimSlash = (url: string): string => url.replace(/\/+$/, "")

/**
 * A URL without userinfo, query or fragment: what the service shows as its address (a base URL may carry
 * `user:pass@` for a proxy). A URL that does not parse is kept, trimmed; requests then fail on it.
 */
export const publicUrl = (url: string): string => {
  const parsed = Result.try(() => new URL(url))
  if (Result.isFailure(parsed)) return trimSlash(url)
  const u = parsed.success
  return trimSlash(`${u.protocol}//${u.host}${u.pathname}`)
}

/** The secrets a client holds: what `scrub` looks for. */
export interface Secrets {
  readonly apiKey: Redacted.Redacted<string> | undefined
  readonly secretKey: Redacted.Redacted<string> | undefined
}

/** A URL's `user:pass@` part, wherever a URL appears in a text. */
const userinfo = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]+@/gi

/**
 * Replaces any credential that found its way into a text (a server message, a decode error, an HTTP
 * client's own error, which may quote the URL with a base URL's `user:pass@`) by `<redacted>`.
 */
export const scrub = (secrets: Secrets, text: string): string => {
  let out = text.replace(userinfo, `$1${redactedMark}@`)
  for (const secret of [secrets.apiKey, secrets.secretKey]) {
    if (secret === undefined) continue
    const value = Redacted.value(secret)
    if (value.length === 0) continue
    // As sent, and as a server may echo it back URL-encoded.
    for (const form of new Set([value, encodeURIComponent(value)])) out = out.split(form).join(redactedMark)
  }
  return out
}
