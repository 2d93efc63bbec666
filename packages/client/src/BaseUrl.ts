/**
 * Base URLs as users paste them: checked and normalised in one place.
 *
 * When to use: before building a layer from a URL a user typed (a flag, an environment variable, a config
 * file). `BaseUrl.parse("https://eth.blockscout.com/api/v2/")` gives `https://eth.blockscout.com`, the form
 * `layerInstance` and `layerPro` take; anything that cannot be a base URL is refused with an
 * `InvalidBaseUrl` whose `problem` names what is wrong.
 *
 * Accepted: `http://` or `https://`, a host (and port), an optional path prefix (an instance served under a
 * path), with or without a trailing `/api/v2` and trailing slashes (Blockscout's docs show base URLs with
 * `/api/v2`; the layers add it). For the Pro API, a pasted `https://api.blockscout.com/1/api/v2` also gives
 * the chain id it names (`chainId: 1`), so a tool can use it or check it against the one it was given.
 *
 * Refused: text that is not an absolute URL (`eth.blockscout.com` without a scheme), another scheme (`ftp:`,
 * `file:`), credentials (`user:pass@`: a key goes in `apiKey`, never in the URL), a query (`?x=1`) or a
 * fragment (`#x`): each would be dropped or mangled on the way to the server.
 *
 * Gotcha: an error's `message` never repeats the credentials or the raw text of an input that does not parse,
 * so it is safe to print.
 *
 * @since 0.1.0
 */
import { Data, Result } from "effect"
import type { Family } from "./endpoints.ts"
import { trimSlash } from "./internal/redact.ts"

/**
 * What is wrong with a base URL.
 *
 * @since 0.1.0
 * @category errors
 */
export type BaseUrlProblem = "NotAUrl" | "Scheme" | "Credentials" | "Query" | "Fragment"

/**
 * A base URL that cannot be used; `message` says what is expected and never holds credentials.
 *
 * @since 0.1.0
 * @category errors
 */
export class InvalidBaseUrl extends Data.TaggedError("InvalidBaseUrl")<{
  readonly problem: BaseUrlProblem
  readonly message: string
}> {}

/**
 * A checked base URL.
 *
 * @since 0.1.0
 * @category models
 */
export interface BaseUrl {
  /** Scheme, host, port and path prefix, without `/api/v2` and without a trailing slash. */
  readonly href: string
  /** Pro API: the chain id a pasted `.../{chainId}/api/v2` named (removed from `href`). */
  readonly chainId?: number | undefined
}

/**
 * Options of `parse`.
 *
 * @since 0.1.0
 * @category models
 */
export interface ParseOptions {
  /** `"pro"`: a `/{chainId}/api/v2` ending is read as a chain id and removed too. Default `"instance"`. */
  readonly family?: Family | undefined
}

const expected = "expected http(s)://host[:port][/path], e.g. https://eth.blockscout.com (with or without /api/v2)"

const invalid = (problem: BaseUrlProblem, what: string) =>
  Result.fail(new InvalidBaseUrl({ problem, message: `${what}: ${expected}` }))

/**
 * Checks and normalises a base URL (see the module doc for what is accepted and refused).
 *
 * @since 0.1.0
 * @category constructors
 */
export const parse = (input: string, options: ParseOptions = {}): Result.Result<BaseUrl, InvalidBaseUrl> => {
  const text = input.trim()
  if (!URL.canParse(text)) return invalid("NotAUrl", "the base URL is not an absolute URL")
  const url = new URL(text)
  // Shown in messages: scheme, host and path only, never what sits before the `@`.
  const shown = `${url.protocol}//${url.host}${url.pathname}`
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return invalid("Scheme", `the base URL ${url.protocol}// is not http or https`)
  }
  if (url.username !== "" || url.password !== "") {
    return invalid(
      "Credentials",
      `the base URL ${shown} carries credentials (user:password@); pass a key as the API key`
    )
  }
  if (url.search !== "" || text.includes("?")) return invalid("Query", `the base URL ${shown} has a query (?...)`)
  if (url.hash !== "" || text.includes("#")) return invalid("Fragment", `the base URL ${shown} has a fragment (#...)`)
  // A loop, not `/\/+$/`: that expression backtracks quadratically on a long run of slashes.
  let path = trimSlash(url.pathname)
  let chainId: number | undefined
  if (/\/api\/v2$/.test(path)) {
    path = path.slice(0, -"/api/v2".length)
    const chain = options.family === "pro" ? /\/(\d{1,15})$/.exec(path) : null
    if (chain !== null) {
      chainId = Number(chain[1])
      path = path.slice(0, -chain[0].length)
    }
  }
  return Result.succeed({
    href: `${url.protocol}//${url.host}${trimSlash(path)}`,
    ...(chainId === undefined ? {} : { chainId })
  })
}
