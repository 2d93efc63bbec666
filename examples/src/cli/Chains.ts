/**
 * `--chains 1,10,8453`: one subcommand's pages on several chains of one Pro key (the client's `streamChains`:
 * every chain paced by the key's one limit), as one page stream whose items carry their `chain_id`, with one
 * cursor holding each chain's, so a file run resumes every chain where it stood.
 *
 * When to use: `chainPages(...)` in place of the one-chain page stream, inside the Pro client's layer.
 *
 * A chain's failure does not stop the others: it is reported (`onFailure`), the run goes on, and the combined
 * cursor keeps that chain's last position, so the same command with `--resume` retries only it. The stream
 * ends with an empty page whose `next_page_params` is null only when every chain finished, so a checkpoint
 * says "complete" only then.
 *
 * Gotcha: pages of different chains interleave as they arrive; within a chain they keep its order.
 */
import type { Blockscout, BlockscoutError } from "@blockscout-effect/client"
import { streamChains } from "@blockscout-effect/client"
import type { Columns, HistoryFile } from "@blockscout-effect/export"
import { Effect, Option, type Redacted, Stream } from "effect"
import { CliExit, fromBlockscoutError } from "./Exit.ts"

type Cursor = HistoryFile.Cursor
type PageLike = HistoryFile.PageLike<unknown>

/** Where each chain stands: the cursor of its next page (null: its first), or done. */
type Positions = Record<string, { readonly cursor: Cursor | null; readonly done: boolean }>

/** The column a chain-tagged item starts with. */
export const chainIdColumn: Columns.Column = { name: "chain_id", path: ["chain_id"], kind: "integer" }

/** The combined cursor: every chain's position, as one cursor value. */
const encode = (positions: Positions): Cursor => ({ chains: JSON.stringify(positions) })

const decode = (cursor: Cursor | undefined, chainIds: ReadonlyArray<number>): Positions => {
  const text = cursor?.chains
  const saved = typeof text === "string" ? (JSON.parse(text) as Positions) : {}
  const out: Positions = {}
  for (const id of chainIds) out[id] = saved[id] ?? { cursor: null, done: false }
  return out
}

/** An item tagged with its chain: `{ chain_id, ...item }` (any value that is not an object is kept as `item`). */
export const tag = (chainId: number, item: unknown): unknown =>
  typeof item === "object" && item !== null && !Array.isArray(item)
    ? { chain_id: chainId, ...item }
    : { chain_id: chainId, item }

/**
 * Every chain's pages from the combined `cursor`, items tagged, each page with the combined cursor after it.
 * Failures go to `onFailure` and are collected in `failures`; once every chain has ended, the stream ends with
 * an empty last page (all done) or fails with `failed()` (some failed: a file run's checkpoint is then not
 * complete, and keeps their places).
 */
export const chainPages = (
  chainIds: ReadonlyArray<number>,
  pagesOf: (
    client: import("@blockscout-effect/client").BlockscoutShape,
    cursor: Cursor | undefined
  ) => Stream.Stream<PageLike, BlockscoutError>,
  cursor: Cursor | undefined,
  failures: Array<{ readonly chainId: number; readonly error: BlockscoutError }>,
  onFailure: (chainId: number, error: BlockscoutError) => Effect.Effect<void>,
  failed: () => Effect.Effect<void, CliExit>
): Stream.Stream<PageLike, BlockscoutError | CliExit, Blockscout> => {
  const positions = decode(cursor, chainIds)
  const open = chainIds.filter((id) => !(positions[id] as Positions[string]).done)
  const pages = streamChains(open, (client, chainId) =>
    pagesOf(client, (positions[chainId] as Positions[string]).cursor ?? undefined)
  ).pipe(
    Stream.mapEffect((element): Effect.Effect<ReadonlyArray<PageLike>> => {
      switch (element._tag) {
        case "Item": {
          const page = element.item
          const before = encode(positions)
          positions[element.chainId] = { cursor: page.next_page_params, done: page.next_page_params === null }
          return Effect.succeed([
            {
              items: page.items.map((item) => tag(element.chainId, item)),
              next_page_params: encode(positions),
              cursor: before
            }
          ])
        }
        case "Failed":
          failures.push({ chainId: element.chainId, error: element.error })
          return Effect.as(onFailure(element.chainId, element.error), [])
        case "Done":
          positions[element.chainId] = { cursor: null, done: true }
          return Effect.succeed([])
      }
    }),
    Stream.flattenIterable
  )
  // Every chain done: one empty last page, so the checkpoint says complete; else the chains' failure.
  const end = Stream.suspend(() =>
    failures.length === 0
      ? Stream.succeed<PageLike>({ items: [], next_page_params: null })
      : Stream.drain(Stream.fromEffect(failed()))
  )
  return Stream.concat(pages, end)
}

/** `--chains 1,10,8453` as chain ids; a message when it is not a list of distinct positive integers. */
export const parseChains = (text: string): ReadonlyArray<number> | string => {
  const parts = text.split(",").map((s) => s.trim())
  const ids: Array<number> = []
  for (const part of parts) {
    if (!/^[1-9][0-9]*$/.test(part) || !Number.isSafeInteger(Number(part))) {
      return `--chains ${text}: ${JSON.stringify(part)} is not a chain id (comma-separated positive integers)`
    }
    if (ids.includes(Number(part))) return `--chains ${text}: chain ${part} is listed twice`
    ids.push(Number(part))
  }
  return ids
}

/** The flags as the client layer reads them: `--chains` builds the Pro client of its first chain. */
export const chainInput = <I extends { readonly chain: Option.Option<number> }>(
  input: I,
  settings: { readonly chains: ReadonlyArray<number> | undefined }
): I => (settings.chains === undefined ? input : { ...input, chain: Option.some(settings.chains[0] as number) })

/**
 * After a `--chains` run: the failure of the first chain that failed (its exit code), naming every failed
 * chain; nothing when all finished. The others' items are written either way.
 */
export const chainFailures = (
  failures: ReadonlyArray<{ readonly chainId: number; readonly error: BlockscoutError }>,
  secrets: ReadonlyArray<Redacted.Redacted<string>>,
  resume: string | undefined
): Effect.Effect<void, CliExit> => {
  const first = failures[0]
  if (first === undefined) return Effect.void
  const exit = fromBlockscoutError(first.error, secrets)
  const hint = resume === undefined ? "" : ` (${resume} keeps every chain's place: run the same command to retry them)`
  return Effect.fail(
    new CliExit({
      code: exit.code,
      text: `blockscout: chains ${failures.map((f) => f.chainId).join(", ")} failed; the others completed${hint}`
    })
  )
}
