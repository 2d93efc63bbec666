/**
 * Exit codes and one-line messages of the `blockscout` command-line tool.
 *
 * Each `BlockscoutError` reason has its own exit code, so scripts can tell "wrong key" (13) from "try
 * again later" (15, 16, 17, 18) without parsing text. Messages are one line, name the endpoint, and never
 * contain the API key: the client already redacts URLs, and `oneLine` also scrubs any secret it is given.
 */
import type { BlockscoutError, FollowReason } from "@blockscout-effect/client"
import { Data, Duration, Redacted, Runtime } from "effect"
import { UsageError } from "./Flags.ts"

/** Exit codes, by cause. 130 and 143 (interrupted by SIGINT / SIGTERM) are set by `main.ts`. */
export const exitCodes = {
  ok: 0,
  /** A bug: an unexpected defect. */
  unexpected: 1,
  /** Bad flags or arguments, or flags that do not go together. */
  usage: 2,
  /** The checkpoint cannot be used (unreadable, unwritable, or written for another query, format or file). */
  checkpoint: 3,
  /** The output file (`--output`) cannot be written. */
  output: 4,
  InvalidArgument: 10,
  NotFound: 11,
  InvalidRequest: 12,
  Unauthorized: 13,
  OutOfCredits: 14,
  RateLimited: 15,
  ServerError: 16,
  Transport: 17,
  Timeout: 18,
  Decode: 19,
  PaginationStalled: 20,
  Redirected: 21,
  ResponseTooLarge: 22,
  /** Stopped cleanly at the credit budget (or the key's credits left): run again later to resume. */
  BudgetExhausted: 23,
  /** The server's backend version is older than the endpoint's first (`since`). */
  Unsupported: 24,
  /** `--follow`: a block it had declared final was replaced (raise --finality, or restart below the fork). */
  ReorgBeyondFinality: 25,
  /** `--follow`: the server stayed behind the head it had shown for too long. */
  ServerLagging: 26,
  /** Interrupted by SIGINT (Ctrl-C): 128 + 2. */
  SIGINT: 130,
  /** Interrupted by SIGTERM: 128 + 15. */
  SIGTERM: 143
} as const

/**
 * The failure `run` ends with: the message is already written to stderr, `code` is the exit code.
 *
 * It carries Effect's `Runtime.errorExitCode` marker, so `NodeRuntime.runMain` exits with `code`, and the
 * `errorReported` marker set to false (it is reported already), so the runtime does not print it again.
 */
export class CliExit extends Data.TaggedError("CliExit")<{ readonly code: number; readonly text: string }> {
  override readonly [Runtime.errorExitCode]: number = this.code
  override readonly [Runtime.errorReported]: boolean = false
}

/**
 * A `UsageError` as the tool's exit (code 2, its message on one line); any other failure as it is. Map a
 * command's failures with it: `Effect.mapError(exitOnUsage)`.
 */
export const exitOnUsage = <E>(error: E): Exclude<E, UsageError> | CliExit =>
  error instanceof UsageError
    ? new CliExit({ code: exitCodes.usage, text: `blockscout: ${error.message}` })
    : (error as Exclude<E, UsageError>)

// The host a failure came from, for messages: the reason's URL is redacted, so its host is safe to print.
const hostOf = (url: string): string => (URL.canParse(url) ? new URL(url).host : "the server")

const describe = (error: BlockscoutError<FollowReason>): string => {
  const reason = error.reason
  const host = hostOf(reason.url)
  switch (reason._tag) {
    case "InvalidArgument":
      return `invalid ${reason.argument}: ${reason.message}`
    case "NotFound":
      return `not found: ${reason.url}`
    case "InvalidRequest":
      return `${host} rejected the request (${reason.status}): ${
        reason.messages.length > 0 ? reason.messages.join("; ") : reason.message
      }`
    case "Unauthorized":
      return (
        `unauthorized (${reason.status}) at ${host}: check --api-key or BLOCKSCOUT_API_KEY; an address an instance ` +
        `restricts needs --secret-key or BLOCKSCOUT_SECRET_KEY (${reason.message})`
      )
    case "OutOfCredits":
      return `out of credits at ${host}: the API key has no credits left today`
    case "RateLimited":
      return `rate limited by ${host}, and retries are spent: try again later (or, for a server that announces no limit, set a lower --requests-per-second)`
    case "ServerError":
      return `server error ${reason.status} from ${host}, and retries are spent: ${reason.message}`
    case "Transport":
      return `cannot reach ${host}: ${reason.message}`
    case "Timeout":
      return `timed out: no response from ${host} within ${Duration.format(reason.timeout)} (see --timeout)`
    case "Decode":
      return `unexpected response from ${host}: ${reason.path}: ${reason.message}`
    case "PaginationStalled":
      return reason.emptyPages === undefined
        ? `pagination stalled: ${host} repeated a cursor after ${reason.pages} page(s)`
        : `pagination stalled: ${host} sent ${reason.emptyPages} empty pages in a row after ${reason.pages} page(s)`
    case "Redirected":
      return `${host} redirected (${reason.status}) and redirects are not followed: ${reason.message}`
    case "ResponseTooLarge":
      return `response too large from ${host}: ${reason.message}`
    case "BudgetExhausted":
      return `stopped at the credit budget: ${reason.message}`
    case "Unsupported":
      return `${host} runs Blockscout ${reason.server}; this endpoint needs ${reason.required} or later`
    case "ReorgBeyondFinality":
      return `a reorganisation at ${host} replaced a block the follow had declared final: ${reason.message} (raise --finality)`
    case "ServerLagging":
      return `${host} stayed behind: ${reason.message}`
  }
}

/** Replaces every occurrence of the secrets in `text` (belt and braces: the client redacts already). */
export const scrub = (text: string, secrets: ReadonlyArray<Redacted.Redacted<string>>): string =>
  secrets.reduce((acc, secret) => {
    const value = Redacted.value(secret)
    return value.length >= 4 ? acc.replaceAll(value, "<redacted>") : acc
  }, text)

/** The one line (no newline) and exit code for a client failure. */
export const fromBlockscoutError = (
  error: BlockscoutError<FollowReason>,
  secrets: ReadonlyArray<Redacted.Redacted<string>> = []
): CliExit => {
  const line = `blockscout: ${error.reason.endpoint}: ${describe(error)}`.replace(/\s*\n\s*/g, " ")
  return new CliExit({ code: exitCodes[error.reason._tag], text: scrub(line, secrets) })
}
