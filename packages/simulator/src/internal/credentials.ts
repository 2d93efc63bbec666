/**
 * Credentials in what the test kit records: which query parameters and headers carry one on Blockscout,
 * the request as it may be shown (each credential replaced by `<redacted>`), the secrets a request carried,
 * and any text with those secrets scrubbed out. The scripted client, the scripted server, the recorder and
 * the simulator's own spans all go through here, so a credential has one place to be recognised.
 *
 * @internal
 */
import { credentialParams, isCredentialParam, redactedMark, withRedactedMark } from "@blockscout-effect/schema"
import { Effect } from "effect"
import { HttpClient, UrlParams } from "effect/http"

// The marker and the credential parameters are the schema package's: the client uses the same ones.
export { credentialParams, isCredentialParam, redactedMark }

/** Headers that carry a credential: the key as `Authorization: Bearer` (Pro) or `x-api-key` (instance), cookies. */
const headerNames = new Set(["authorization", "proxy-authorization", "x-api-key", "cookie"])

/** Whether a header name carries a credential (in any case). */
export const isCredentialHeader = (name: string): boolean => headerNames.has(name.toLowerCase())

/**
 * A URL's `user:pass@` part, wherever a URL appears in a text: up to the authority's last `@`, never past a
 * quote or bracket (a URL inside JSON ends at its closing quote).
 */
const userinfo = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#\s"'<>\\]*@/gi

/** A credential parameter's value in a query string or URL. */
const paramValue = /([?&](?:apikey|key)=)[^&#]*/gi

/**
 * A request target or URL as it may be shown: userinfo and credential parameters' values replaced by
 * `<redacted>` (the parameter stays, so a test still sees that a key was sent, and where).
 */
export const redactTarget = (target: string): string =>
  target.replace(userinfo, `$1${redactedMark}@`).replace(paramValue, `$1${redactedMark}`)

/** A query with credential parameters' values replaced by `<redacted>`. */
export const redactQuery = (query: URLSearchParams): URLSearchParams => {
  const out = new URLSearchParams()
  for (const [name, value] of query) out.append(name, isCredentialParam(name) ? redactedMark : value)
  return out
}

/** Headers with credential values replaced (`Authorization: Bearer <redacted>` keeps its scheme). */
export const redactHeaders = (
  headers: Readonly<Record<string, string | undefined>>
): Readonly<Record<string, string | undefined>> => {
  const out: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !isCredentialHeader(name)) {
      out[name] = value
      continue
    }
    const scheme = /^(\w+)\s+\S/.exec(value)
    out[name] = name.toLowerCase().endsWith("authorization") && scheme ? `${scheme[1]} ${redactedMark}` : redactedMark
  }
  return out
}

/**
 * Every secret a request carried: credential parameters' values, credential headers (whole, and the token
 * after an auth scheme), and a URL's userinfo. What `scrub` removes from what is stored.
 */
export const secretsOf = (url: URL, headers: Readonly<Record<string, string | undefined>>): ReadonlyArray<string> => {
  const secrets = new Set<string>()
  for (const [name, value] of url.searchParams) if (isCredentialParam(name) && value !== "") secrets.add(value)
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === "" || !isCredentialHeader(name)) continue
    secrets.add(value)
    const token = /^\w+\s+(\S+)$/.exec(value)?.[1]
    if (token !== undefined) secrets.add(token)
  }
  if (url.username !== "") secrets.add(decodeURIComponent(url.username))
  if (url.password !== "") secrets.add(decodeURIComponent(url.password))
  return [...secrets].sort((a, b) => b.length - a.length)
}

/**
 * A text (a body, a header value, a URL) with every given secret replaced by `<redacted>`, as sent and
 * URL-encoded (a server may echo a key back either way, in a cursor or a message), and any URL's userinfo.
 * Secrets shorter than 4 characters are left: replacing `"1"` everywhere would destroy the text and hide
 * nothing worth hiding.
 */
export const scrub = (text: string, secrets: ReadonlyArray<string>): string => {
  let out = text.replace(userinfo, `$1${redactedMark}@`)
  for (const secret of secrets) {
    if (secret.length < 4) continue
    for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
      out = out.split(form).join(redactedMark)
    }
  }
  return out
}

/**
 * A URL's path and query as a recording stores and matches it: no credential parameters, the rest sorted by name then
 * value (so the order a client writes its parameters in does not matter), encoded the one way.
 */
export const matchUrl = (url: URL): string => {
  const pairs = [...url.searchParams].filter(([name]) => !isCredentialParam(name))
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
  const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")
  return `${url.pathname}${query === "" ? "" : `?${query}`}`
}

/**
 * Runs `effect` (an HTTP exchange, or a server's handling of one) with Blockscout's credential parameters
 * redacted from its Effect spans' `url.full` and `url.query` (whatever the caller's own list holds), and with
 * the one marker the kit and the client use: `<redacted>` where Effect writes `REDACTED`.
 */
export const withRedactedSpans = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.updateService(withRedactedMark(effect), UrlParams.CurrentRedactedNames, (names) => [
    ...names,
    ...credentialParams
  ])

/**
 * An in-process client whose Effect client spans redact the credential parameters from `url.full` and
 * `url.query` as `<redacted>` (`withRedactedSpans`), as the client's own transports do.
 */
export const redactingSpans = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.transform(client, withRedactedSpans)
