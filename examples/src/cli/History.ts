/**
 * `blockscout address-history 0x..`: an address's transactions, token transfers and internal transactions
 * merged in chain order (the client's `streamAddressHistoryPages`), one line per entry, resumable like the
 * list commands, and ending with the completeness report on stderr (the server's counters, its indexing
 * status, and what its lists said about themselves).
 *
 * Each line is `{ kind, block_number, transaction_index, transaction_hash, item }`: `kind` is `transaction`,
 * `token_transfer` or `internal_transaction`, `item` the API's own object. CSV, Parquet and the table flatten
 * it (`item.from.hash`, `item.total.value`, ...).
 *
 * How a file run resumes: the history's checkpoint (every list's cursor, the last block written, the tally)
 * is the checkpoint file's cursor, so `--resume` goes on after the last whole block written.
 */
import {
  Blockscout,
  type BlockscoutError,
  type BlockscoutShape,
  HistoryCheckpointSchema,
  type HistoryEntry,
  type HistoryKind,
  type HistoryReport
} from "@blockscout-effect/client"
import { InternalTransaction, TokenTransfer, Transaction } from "@blockscout-effect/schema"
import { Columns, HistoryFile } from "@blockscout-effect/export"
import { Effect, Option, Schema, Stream } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { clientLayer } from "./Api.ts"
import { chainFailures, chainInput, chainPages } from "./Chains.ts"
import { CliExit, exitCodes, fromBlockscoutError } from "./Exit.ts"
import { type CommonInput, commonFlags, listOf, settingsFor, UsageError } from "./Flags.ts"
import { type CliOptions, clientOptions, retriesOf, runJob, toStdout } from "./Run.ts"
import * as Screen from "./Screen.ts"

const count = (n: number) => n.toLocaleString("en-US")

const kindNames: Record<HistoryKind, string> = {
  transaction: "transaction",
  tokenTransfer: "token-transfer",
  internalTransaction: "internal-transaction"
}

const tags: Record<HistoryEntry["_tag"], string> = {
  Transaction: "transaction",
  TokenTransfer: "token_transfer",
  InternalTransaction: "internal_transaction"
}

/** One output line: the entry with its place, the item as the API gives it. */
const Line = Schema.Struct({
  kind: Schema.String,
  block_number: Schema.Int,
  transaction_index: Schema.NullOr(Schema.Int),
  transaction_hash: Schema.NullOr(Schema.String),
  item: Schema.Union([Transaction, TokenTransfer, InternalTransaction])
})

const lineOf = (entry: HistoryEntry) => ({
  kind: tags[entry._tag],
  block_number: entry.block,
  transaction_index: entry.transactionIndex ?? null,
  transaction_hash: entry.transactionHash,
  item: entry.item
})

const allColumns = Columns.fromSchema(Line)
const tableNames = [
  "kind",
  "block_number",
  "transaction_hash",
  "item.from.hash",
  "item.to.hash",
  "item.value",
  "item.total.value"
]
const tableColumns = (all: ReadonlyArray<Columns.Column>) =>
  all.filter((c) => c.name === "chain_id" || tableNames.includes(c.name))

const flags = {
  kinds: Flag.String("kinds").pipe(
    Flag.withDescription(
      "what to merge, comma-separated: transaction, token-transfer, internal-transaction (default all)"
    ),
    Flag.optional
  )
}

const usage = (message: string) => Effect.fail(new UsageError(message))

const kindsOf = (text: Option.Option<string>) =>
  Effect.gen(function* () {
    if (Option.isNone(text)) return undefined
    const out: Array<HistoryKind> = []
    for (const name of listOf(text.value)) {
      const kind = (Object.keys(kindNames) as Array<HistoryKind>).find((k) => kindNames[k] === name)
      if (kind === undefined) {
        return yield* usage(`--kinds: ${JSON.stringify(name)} is not one of ${Object.values(kindNames).join(", ")}`)
      }
      if (out.includes(kind)) return yield* usage(`--kinds: ${name} is listed twice`)
      out.push(kind)
    }
    if (out.length === 0) return yield* usage("--kinds: name at least one kind")
    return out
  })

/** The report as lines for stderr: the verdict, then each gap and what could not be checked. */
export const reportLines = (report: HistoryReport, chainId?: number): ReadonlyArray<string> => {
  const t = report.tally
  const where = chainId === undefined ? "" : ` (chain ${chainId})`
  const counts =
    `${t.transactions} transactions, ${t.tokenTransfers} token transfers (${t.tokenTransferItems} items), ` +
    `${t.internalTransactions} internal transactions` +
    `${t.pendingTransactions > 0 ? `; ${t.pendingTransactions} pending left out` : ""}`
  return [
    `blockscout: history${where}: ${counts}: ${report.complete ? "complete" : "INCOMPLETE"}` +
      `${report.complete && report.counters !== undefined ? " (the server's counters agree)" : ""}`,
    ...report.gaps.map((gap) => `blockscout: gap: ${gap.message}`),
    ...report.unverified.map((u) => `blockscout: not checked: ${u.kind}: ${u.message}`)
  ]
}

/**
 * The blocks and the partition the common flags ask of a history: `--from-block`/`--to-block` bound it,
 * `--parts`/`--concurrency` run it partitioned (`--concurrency auto` leaves the history's default: every part
 * at once). A history is keyed by block: `--from-index`/`--to-index` are refused, and so is a block span with
 * `--chains` (block numbers differ per chain).
 */
const spanOf = (input: CommonInput, chains: boolean) =>
  Effect.gen(function* () {
    const get = Option.getOrUndefined
    const fromBlock = get(input.fromBlock)
    const toBlock = get(input.toBlock)
    const parts = get(input.parts)
    const concurrency = get(input.concurrency)
    for (const [flag, value] of [
      ["from-index", get(input.fromIndex)],
      ["to-index", get(input.toIndex)]
    ] as const) {
      if (value !== undefined) yield* usage(`--${flag}: a history is keyed by block: use --from-block/--to-block`)
    }
    if (fromBlock !== undefined && fromBlock < 0) yield* usage(`--from-block ${fromBlock}: must be 0 or more`)
    if (toBlock !== undefined && toBlock < (fromBlock ?? 0)) {
      yield* usage(`--to-block ${toBlock}: must be at least --from-block (${fromBlock ?? 0})`)
    }
    if (chains && (fromBlock !== undefined || toBlock !== undefined)) {
      yield* usage(
        "--chains runs each chain's whole history: block numbers differ per chain, drop --from-block/--to-block"
      )
    }
    if (parts !== undefined && !(parts >= 1 && parts <= 1024)) yield* usage(`--parts ${parts}: must be from 1 to 1024`)
    const workers = concurrency === undefined || concurrency === "auto" ? undefined : Number(concurrency)
    if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 64)) {
      yield* usage(`--concurrency ${concurrency}: must be auto or from 1 to 64 (block ranges merged at once)`)
    }
    const partitioned = parts !== undefined || concurrency !== undefined
    return {
      ...(fromBlock === undefined ? {} : { fromBlock }),
      ...(toBlock === undefined ? {} : { toBlock }),
      ...(partitioned ? { partition: { parts, concurrency: workers } } : {})
    }
  })

const decodeCheckpoint = Schema.decodeUnknownEffect(Schema.fromJsonString(HistoryCheckpointSchema))

/** The address-history subcommand. */
export const historyCommand = (options: CliOptions = {}) =>
  Command.make(
    "address-history",
    {
      address: Argument.String("address").pipe(Argument.withDescription("an address: 0x and 40 hex digits")),
      history: flags,
      common: commonFlags
    },
    (input) =>
      Effect.gen(function* () {
        const kinds = yield* kindsOf(input.history.kinds)
        const settings = yield* settingsFor("address-history", allColumns, input.common, tableColumns)
        const span = yield* spanOf(input.common, settings.chains !== undefined)
        // A file run resumes after its last whole block; --limit would cut one.
        if (settings.resume !== undefined && settings.limit !== undefined) {
          yield* usage("address-history --resume writes whole blocks, --limit would cut one: drop --limit or --resume")
        }
        const screen = yield* Screen.make
        const { layer, secrets } = yield* clientLayer(
          chainInput(input.common, settings),
          clientOptions(settings, options, Screen.onEvent(screen, retriesOf(settings, options)))
        )
        const reports: Array<{ readonly chainId: number | undefined; readonly report: HistoryReport }> = []
        const failures: Array<{ readonly chainId: number; readonly error: BlockscoutError }> = []
        const address = input.address
        const history = {
          ...(kinds === undefined ? {} : { kinds }),
          ...span,
          ...(settings.pageSize === undefined ? {} : { pageSize: settings.pageSize }),
          // A run cut at --limit has no end to reconcile.
          reconcile: settings.limit === undefined
        }
        /** One chain's history pages from a saved cursor, as the file writer takes them. */
        const pagesOf = (client: BlockscoutShape, cursor: HistoryFile.Cursor | undefined) =>
          Stream.unwrap(
            Effect.gen(function* () {
              const saved = cursor?.history
              const resume = typeof saved === "string" ? yield* Effect.orDie(decodeCheckpoint(saved)) : undefined
              return client
                .streamAddressHistoryPages(address, { ...history, ...(resume === undefined ? {} : { resume }) })
                .pipe(
                  Stream.mapAccum(
                    () => cursor,
                    (before, page) => {
                      if (page.report !== undefined) reports.push({ chainId: client.chainId, report: page.report })
                      const next = { history: JSON.stringify(page.checkpoint) }
                      // The last page: every list done (it also carries the report, unless cut at --limit).
                      const last = page.checkpoint.sources.every((source) => source.done)
                      return [
                        next,
                        [{ items: page.entries.map(lineOf), next_page_params: last ? null : next, cursor: before }]
                      ] as const
                    }
                  )
                )
            })
          )
        const job = Effect.gen(function* () {
          const bs = yield* Blockscout
          const chains = settings.chains
          const pages = (cursor: HistoryFile.Cursor | undefined) =>
            chains === undefined
              ? pagesOf(bs, cursor)
              : chainPages(
                  chains,
                  pagesOf,
                  cursor,
                  failures,
                  (chainId, error) =>
                    screen.notice(
                      `blockscout: chain ${chainId}: ${fromBlockscoutError(error, secrets).text.replace(/^blockscout: /, "")}`
                    ),
                  () => chainFailures(failures, secrets, settings.resume)
                )
          if (settings.output === undefined) yield* toStdout(screen, settings, pages(undefined))
          else {
            const summary = yield* HistoryFile.run({
              pages,
              output: settings.output,
              checkpoint: settings.resume,
              // The history it is, not how it is fetched: a checkpoint (whole blocks: no --limit with --resume)
              // resumes partitioned or not, at any page size.
              query: JSON.stringify({
                command: "address-history",
                address: address.toLowerCase(),
                kinds: history.kinds ?? null,
                fromBlock: history.fromBlock ?? null,
                toBlock: history.toBlock ?? null,
                api: bs.target.apiUrl,
                chains: chains ?? null
              }),
              format: settings.format === "table" ? "ndjson" : settings.format,
              columns: settings.columns,
              limit: settings.limit,
              onPage: (_, n) => screen.progress.page(n)
            })
            yield* screen.progress.finish
            const state = summary.state
            yield* screen.notice(
              `${summary.resumed ? "resumed: " : ""}${count(summary.newItems)} entries written to ${settings.output}` +
                `${summary.resumed ? ` (${count(state.items)} in all)` : ""}; ${
                  summary.stopped === "done"
                    ? "complete"
                    : failures.length > 0
                      ? `chains ${failures.map((f) => f.chainId).join(", ")} failed`
                      : `stopped at --limit ${settings.limit}`
                }`
            )
          }
          yield* screen.progress.finish
          for (const { chainId, report } of reports)
            for (const line of reportLines(report, chainId)) yield* screen.notice(line)
          return yield* chainFailures(failures, secrets, settings.resume)
        })
        return yield* runJob(job, { layer, screen, resume: settings.resume, secrets })
      }).pipe(
        Effect.mapError((error) =>
          error instanceof UsageError
            ? new CliExit({ code: exitCodes.usage, text: `blockscout: ${error.message}` })
            : error
        )
      )
  ).pipe(
    Command.withDescription(
      "An address's transactions, token transfers and internal transactions merged in chain order (newest first; " +
        "within a block by transaction, each transaction then its token transfers then its internal transactions), " +
        "one line per entry ({kind, block_number, transaction_index, transaction_hash, item}); pending transactions " +
        "are left out. Ends with a completeness report on stderr: the counts checked against the server's counters, " +
        "its indexing status and what its lists said."
    ),
    Command.withShortDescription("An address's whole history, merged in chain order, with a completeness report"),
    Command.withExamples([
      { command: "blockscout address-history 0x.. --base-url https://eth.blockscout.com --format table --limit 20" },
      { command: "blockscout address-history 0x.. --chain 1 -o history.ndjson --resume history.checkpoint.json" },
      { command: "blockscout address-history 0x.. --chains 1,10,8453 --from-block 20000000 -o h.ndjson" }
    ])
  )
