/**
 * `--abi FILE` on the log subcommands (`address-logs`, `transaction-logs`): each log line gets an
 * `abi_decoded` field, the log decoded with the ABI in the file by the client's `logDecoder`, for the logs
 * Blockscout leaves undecoded (a contract not verified there).
 *
 * When to use: `logRow(row)` says whether a row's items are logs (the subcommand then offers `--abi`);
 * `readAbi(file)` reads the file once, before anything is sent; `withAbi(decoder)` adds the field to a page's
 * items.
 *
 * The file is a JSON ABI (an array), or any JSON object with one under `abi` (a Hardhat or Foundry artifact,
 * Blockscout's own `/smart-contracts/{address}` answer). The field is one of
 * `{ "result": "decoded", "event", "signature", "args" }` (integers as decimal strings),
 * `{ "result": "no-matching-event", "selector" }` or `{ "result": "decode-failed", "event", "message" }`.
 */
import { type Endpoint, logDecoder } from "@blockscout-effect/client"

/** What a log decoder reads of a log line: its topics and data (any log item of the log rows has them). */
type RawLog = Parameters<ReturnType<typeof logDecoder>>[0]
import { Log } from "@blockscout-effect/schema"
import { Effect, FileSystem, Result } from "effect"
import { Flag } from "effect/cli"
import { usage } from "./Flags.ts"

/** The `--abi` flag. */
export const abiFlag = Flag.String("abi").pipe(
  Flag.withDescription(
    "A JSON ABI file (or an artifact with an `abi` field): every log gets an abi_decoded field, decoded with it"
  ),
  Flag.optional
)

/** Whether a row lists logs: its pages' items are the schema package's `Log`. */
export const logRow = (row: Endpoint): boolean =>
  row.shape === "page" &&
  (row.response as { readonly fields?: { readonly items?: { readonly value?: unknown } } }).fields?.items?.value === Log

/** The most bytes an ABI file may have: far above any contract's, well below what would strain memory. */
const maxAbiBytes = 16 * 1024 * 1024

/** Reads and checks an ABI file: a usage error (exit 2) naming `--abi` when it is missing, too big or not an ABI. */
export const readAbi = (file: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const info = yield* Effect.orElseSucceed(fs.stat(file), () => undefined)
    if (info === undefined || info.type !== "File") return yield* usage(`--abi ${file}: no such file`)
    if (Number(info.size) > maxAbiBytes) return yield* usage(`--abi ${file}: over ${maxAbiBytes} bytes`)
    const text = yield* Effect.catch(fs.readFileString(file), () => usage(`--abi ${file}: cannot be read`))
    const json = Result.try(() => JSON.parse(text) as unknown)
    if (Result.isFailure(json)) return yield* usage(`--abi ${file}: not JSON`)
    const abi = Array.isArray(json.success)
      ? json.success
      : typeof json.success === "object" &&
          json.success !== null &&
          Array.isArray((json.success as { abi?: unknown }).abi)
        ? ((json.success as { abi: ReadonlyArray<unknown> }).abi as ReadonlyArray<unknown>)
        : undefined
    if (abi === undefined)
      return yield* usage(`--abi ${file}: not an ABI (a JSON array, or an object with an abi array)`)
    if (
      !abi.some((item) => typeof item === "object" && item !== null && (item as { type?: unknown }).type === "event")
    ) {
      return yield* usage(`--abi ${file}: the ABI has no events`)
    }
    return abi
  })

/** A page's items with `abi_decoded` added (an item that is not a log is left as it is). */
export const withAbi = (abi: ReadonlyArray<unknown>) => {
  const decode = logDecoder(abi)
  const field = (log: RawLog) => {
    const result = decode(log)
    switch (result._tag) {
      case "Decoded":
        return { result: "decoded", event: result.eventName, signature: result.signature, args: result.args }
      case "NoMatchingEvent":
        return { result: "no-matching-event", selector: result.selector ?? null }
      case "DecodeFailed":
        return { result: "decode-failed", event: result.eventName, message: result.message }
    }
  }
  return <P extends { readonly items: ReadonlyArray<unknown> }>(page: P): P => ({
    ...page,
    items: page.items.map((item) =>
      typeof item === "object" && item !== null && "topics" in item && "data" in item
        ? { ...item, abi_decoded: field(item as RawLog) }
        : item
    )
  })
}
