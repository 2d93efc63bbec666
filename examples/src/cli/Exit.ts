/**
 * Exit codes and one-line messages of the `blockscout` command-line tool.
 *
 * Each `BlockscoutError` reason has its own exit code, so scripts can tell "wrong key" (13) from "try
 * again later" (15, 16, 17, 18) without parsing text. Messages are one line, name the endpoint, and never
 * contain the API key: the client already redacts URLs, and `oneLine` also scrubs any secret it is given.
 */
import type { BlockscoutError } from "@blockscout-effect/client"
import { Data, Duration, Redacted, Runtime } from "effect"

/** Exit codes, by cause. 130 (interrupted by Ctrl-C) is set by the Node runtime. */
export const exitCodes = {
  ok: 0,
  /** A bug: an unexpected defect. */
  unexpected: 1,
  /** Bad flags or arguments, or flags that do not go together. */
  usage: 2,
  /** The checkpoint cannot be used, or the output file cannot be written. */
  checkpoint: 3,
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
  PaginationStalled: 20
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

const describe = (error: BlockscoutError): string => {
  const reason = error.reason
  switch (reason._tag) {
    case "InvalidArgument":
      return `invalid ${reason.argument}: ${reason.message}`
    case "NotFound":
      return `not found: ${reason.url}`
    case "InvalidRequest":
      return `the server rejected the request (${reason.status}): ${
        reason.messages.length > 0 ? reason.messages.join("; ") : reason.message
      }`
    case "Unauthorized":
      return `unauthorized (${reason.status}): check --api-key or BLOCKSCOUT_API_KEY (${reason.message})`
    case "OutOfCredits":
      return "out of credits: the API key has no credits left today"
    case "RateLimited":
      return "rate limited, and retries are spent: try again later or lower --requests-per-second"
    case "ServerError":
      return `server error ${reason.status}, and retries are spent: ${reason.message}`
    case "Transport":
      return `network failure: ${reason.message}`
    case "Timeout":
      return `timed out: no response within ${Duration.format(reason.timeout)}`
    case "Decode":
      return `unexpected response: ${reason.path}: ${reason.message}`
    case "PaginationStalled":
      return `pagination stalled: the server repeated a cursor after ${reason.pages} page(s)`
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
  error: BlockscoutError,
  secrets: ReadonlyArray<Redacted.Redacted<string>> = []
): CliExit => {
  const line = `blockscout: ${error.reason.endpoint}: ${describe(error)}`.replace(/\s*\n\s*/g, " ")
  return new CliExit({ code: exitCodes[error.reason._tag], text: scrub(line, secrets) })
}
