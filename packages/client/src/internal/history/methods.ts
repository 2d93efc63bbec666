/**
 * The history methods of the service, over its by-name calls: the lists an address's history merges (one row
 * per kind), where each starts for a block range, the transaction lookup that places a token transfer, and the
 * server answers a report reads. Arguments are checked here, before anything is sent.
 *
 * @internal
 */
import { isAddress, KeyRanges, type NextPageParams } from "@blockscout-effect/schema"
import { Effect, Result, Stream } from "effect"
import { BlockscoutError, Decode, InvalidArgument } from "../../BlockscoutError.ts"
import type { endpoints } from "../../endpoints.ts"
import { type HistoryKind, type HistoryMethods, type HistoryOptions, historyKinds } from "../../History.ts"
import type { SourceProgress } from "../../History.ts"
import { emptyTally, type HistoryTally } from "../../History.ts"
import { quoted } from "../arguments.ts"
import type { ByName } from "../methods.ts"
import type { Secrets } from "../redact.ts"
import { merge } from "./merge.ts"
import { newest } from "./newest.ts"
import { finished, partitioned } from "./partition.ts"
import { type ReconcileApi, reconcileAddress, reconcileToken } from "./reconcile.ts"
import type { SourceSpec } from "./source.ts"

/** The list each kind comes from. */
export const rows = {
  transaction: "addressTransactions",
  tokenTransfer: "addressTokenTransfers",
  internalTransaction: "internalTransactions"
} as const

/**
 * The keys each list compares, most significant first (docs/blockscout-api.md, "Cursors are keys"): a cursor
 * `{ block_number: B + 1, others: 0 }` asks for everything at or below block B (`KeyRanges.startCursor`). Named
 * here, not read from the rows' `range`: an address's transactions have none (their cursor also holds pending
 * transactions' keys, and `sort` reorders them), yet the history walks them by block like the others.
 */
export const rangeKeys: Record<HistoryKind, ReadonlyArray<string>> = {
  transaction: ["block_number", "index"],
  tokenTransfer: ["block_number", "index"],
  internalTransaction: ["block_number", "transaction_index", "index"]
}

const invalid = (argument: string, message: string) =>
  new BlockscoutError({ reason: new InvalidArgument({ endpoint: "addressHistory", url: "", argument, message }) })

const isBlock = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0

/** A history's options, checked: the address (lower case), kinds in canonical order, the block range. */
export interface Checked {
  readonly address: string
  readonly kinds: ReadonlyArray<HistoryKind>
  readonly fromBlock: number
  readonly toBlock: number | undefined
}

export const check = (
  secrets: Secrets,
  address: string,
  options: Pick<HistoryOptions, "kinds" | "fromBlock" | "toBlock">
): Result.Result<Checked, BlockscoutError<InvalidArgument>> => {
  if (!isAddress(address))
    return Result.fail(invalid("address", `expected 0x and 40 hex digits, got ${quoted(secrets, address)}`))
  const kinds = options.kinds ?? historyKinds
  if (kinds.length === 0) return Result.fail(invalid("kinds", "give at least one kind"))
  for (const [i, kind] of kinds.entries()) {
    if (!historyKinds.includes(kind)) return Result.fail(invalid("kinds", `unknown kind ${quoted(secrets, kind)}`))
    if (kinds.indexOf(kind) !== i) return Result.fail(invalid("kinds", `${quoted(secrets, kind)} is listed twice`))
  }
  const { fromBlock = 0, toBlock } = options
  if (!isBlock(fromBlock))
    return Result.fail(invalid("fromBlock", `expected a block number, got ${quoted(secrets, fromBlock)}`))
  if (toBlock !== undefined && !isBlock(toBlock))
    return Result.fail(invalid("toBlock", `expected a block number, got ${quoted(secrets, toBlock)}`))
  if (toBlock !== undefined && toBlock < fromBlock) {
    return Result.fail(invalid("toBlock", `toBlock ${toBlock} is below fromBlock ${fromBlock}`))
  }
  return Result.succeed({
    address: address.toLowerCase(),
    kinds: historyKinds.filter((kind) => kinds.includes(kind)),
    fromBlock,
    toBlock
  })
}

/**
 * The history methods over a client's by-name calls; `api` names the server (checkpoints name it), `attributes`
 * are the client's span attributes (family, chain): each call runs in its span, `Blockscout.<method>`, the lists'
 * pages and lookups beneath it.
 */
export const makeHistory = (
  byName: ByName<typeof endpoints>,
  secrets: Secrets,
  api: string,
  attributes: Readonly<Record<string, unknown>>
): HistoryMethods => {
  const span = { attributes, captureStackTrace: false } as const
  const reconcileApi: ReconcileApi = {
    counters: (address) => byName.get("addressCounters", { address }),
    details: (address) => byName.get("address", { address }),
    indexing: byName.get("indexingStatus"),
    tokenCounters: (token) => byName.get("tokenCounters", { token })
  }
  const lookup = (hash: string) =>
    Effect.flatMap(byName.get("transaction", { hash }), (tx) =>
      tx.block_number === null || tx.position === null
        ? Effect.fail(
            new BlockscoutError({
              reason: new Decode({
                endpoint: "transaction",
                url: "",
                path: "block_number",
                message: `transaction ${hash} has a token transfer in the address's list, but the server says it is pending`
              })
            })
          )
        : Effect.succeed({ block: tx.block_number, index: tx.position })
    )
  const requestOf = (c: Checked) =>
    JSON.stringify({ api, address: c.address, kinds: c.kinds, fromBlock: c.fromBlock, toBlock: c.toBlock ?? null })
  const sources = (c: Checked, pageSize: number | undefined): Array<SourceSpec> =>
    c.kinds.map((kind) => {
      const start: NextPageParams | undefined =
        c.toBlock === undefined ? undefined : KeyRanges.startCursor({ cursorKeys: rangeKeys[kind] }, c.toBlock)
      // The walk ends on the page going below the range, asking nothing past it: without this bound it asked
      // the page after that one ahead, sent or not as the merge's and the limiter's timing went (a dry run
      // could not say which), and never read.
      const range = { cursorKeys: rangeKeys[kind] }
      const until = c.fromBlock > 0 ? (next: NextPageParams) => KeyRanges.isBelow(range, next, c.fromBlock) : undefined
      return {
        kind,
        endpoint: rows[kind],
        pages: (cursor) =>
          byName.pages(
            rows[kind],
            {
              address: c.address,
              ...((cursor ?? start) ? { cursor: cursor ?? start } : {}),
              ...(pageSize === undefined ? {} : { pageSize })
            },
            until
          )
      }
    })
  const whole = (c: Checked) => c.fromBlock === 0 && c.toBlock === undefined
  const finishOf = (c: Checked, options: HistoryOptions) =>
    options.reconcile === false
      ? undefined
      : (tally: HistoryTally) => reconcileAddress(reconcileApi, c.address, tally, { kinds: c.kinds, whole: whole(c) })
  /**
   * One merge of the address's lists over `c`'s blocks: resumed from `resume` (its lists' cursors and frontier),
   * tallied on from `tally`, reported by `finish`.
   */
  const mergePages = (
    c: Checked,
    pageSize: number | undefined,
    resume: { readonly sources: ReadonlyArray<SourceProgress>; readonly frontier: number | null } | undefined,
    tally: HistoryTally,
    finish: ReturnType<typeof finishOf>
  ) =>
    merge({
      address: c.address,
      fromBlock: c.fromBlock,
      toBlock: c.toBlock,
      frontier: resume?.frontier ?? null,
      lookup,
      request: requestOf(c),
      sources: sources(c, pageSize),
      resume: resume?.sources,
      tally,
      finish
    })
  /** The whole span in one merge, from the options' checkpoint if any. */
  const sequentialPages = (c: Checked, options: HistoryOptions) =>
    mergePages(c, options.pageSize, options.resume, options.resume?.tally ?? emptyTally, finishOf(c, options))
  const partitionedPages = (c: Checked, options: HistoryOptions, request: string) => {
    const partition = options.partition === true ? {} : (options.partition ?? {})
    const parts = partition.parts ?? 4
    const concurrency = partition.concurrency ?? parts
    if (!Number.isSafeInteger(parts) || parts < 1 || parts > 1024) {
      return Stream.fail(invalid("partition", `parts must be an integer from 1 to 1024, got ${quoted(secrets, parts)}`))
    }
    if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > 64) {
      return Stream.fail(
        invalid("partition", `concurrency must be an integer from 1 to 64, got ${quoted(secrets, concurrency)}`)
      )
    }
    const resume = options.resume
    const finish = finishOf(c, options)
    return Stream.unwrap(
      Effect.gen(function* () {
        if (resume?.sources.every((s) => s.done)) {
          return finished(request, resume, c.kinds, resume.tally, finish)
        }
        // A checkpoint with lists to go and no frontier does not say where the span's top is (an older release
        // wrote one for a range with no entries): its lists go on from their cursors, one merge, nothing skipped.
        if (resume !== undefined && resume.frontier === null) return sequentialPages(c, options)
        // Where the span's top is: below a checkpoint's frontier, the given top, or the lists' newest item.
        const top =
          resume !== undefined
            ? { head: (resume.frontier as number) - 1, tally: resume.tally }
            : c.toBlock !== undefined
              ? { head: c.toBlock, tally: emptyTally }
              : yield* newest(byName, c, lookup)
        if (top.head === undefined || top.head < c.fromBlock)
          return finished(request, undefined, c.kinds, top.tally, finish)
        return partitioned({
          request,
          span: { fromBlock: c.fromBlock, toBlock: top.head },
          parts,
          concurrency,
          tally: top.tally,
          resume: resume === undefined ? undefined : { sources: resume.sources, frontier: resume.frontier as number },
          // A range's pages: its own tally from zero and no report (the partitioned stream adds them up).
          run: (range, rangeResume) =>
            mergePages({ ...c, ...range }, options.pageSize, rangeResume, emptyTally, undefined),
          below: (kind, block) => KeyRanges.startCursor({ cursorKeys: rangeKeys[kind] }, block - 1),
          finish
        })
      })
    )
  }

  const streamAddressHistoryPages: HistoryMethods["streamAddressHistoryPages"] = (address, options = {}) => {
    const checked = check(secrets, address, options)
    if (Result.isFailure(checked)) return Stream.fail(checked.failure)
    const c = checked.success
    const request = requestOf(c)
    const resume = options.resume
    if (resume !== undefined && resume.request !== request) {
      return Stream.fail(
        invalid(
          "resume",
          `the checkpoint belongs to another history (${quoted(secrets, resume.request)}), not to ${request}`
        )
      )
    }
    if (options.partition !== undefined) return partitionedPages(c, options, request)
    return sequentialPages(c, options)
  }

  return {
    streamAddressHistoryPages: (address, options) =>
      streamAddressHistoryPages(address, options).pipe(Stream.withSpan("Blockscout.streamAddressHistoryPages", span)),
    streamAddressHistory: (address, options = {}) =>
      Stream.flattenIterable(
        Stream.map(streamAddressHistoryPages(address, { ...options, reconcile: false }), (page) => page.entries)
      ).pipe(Stream.withSpan("Blockscout.streamAddressHistory", span)),
    reconcileAddressHistory: (address, tally, options = {}) => {
      const checked = check(secrets, address, options)
      if (Result.isFailure(checked)) return Effect.fail(checked.failure)
      const c = checked.success
      return reconcileAddress(reconcileApi, c.address, tally, { kinds: c.kinds, whole: whole(c) }).pipe(
        Effect.withSpan("Blockscout.reconcileAddressHistory", span)
      )
    },
    reconcileTokenTransfers: (token, streamedTransfers) => {
      if (!isAddress(token))
        return Effect.fail(invalid("token", `expected 0x and 40 hex digits, got ${JSON.stringify(token)}`))
      if (!Number.isSafeInteger(streamedTransfers) || streamedTransfers < 0) {
        return Effect.fail(invalid("streamedTransfers", `expected a count, got ${streamedTransfers}`))
      }
      return reconcileToken(reconcileApi, token.toLowerCase(), streamedTransfers).pipe(
        Effect.withSpan("Blockscout.reconcileTokenTransfers", span)
      )
    }
  }
}
