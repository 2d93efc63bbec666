/**
 * `blockscout address-history 0x..`: an address's transactions, token transfers and internal transactions
 * merged in chain order (the client's `streamAddressHistoryPages`), one line per entry, resumable like the
 * list commands, and ending with the completeness report on stderr (the server's counters, its indexing
 * status, and what its lists said about themselves).
 *
 * The command, in the order it runs: its flags checked (`HistoryFlags.ts`, `Settings.ts`), the client built,
 * the history's pages turned into lines (`HistoryLines.ts`) and written (stdout, or a file with its checkpoint
 * through the export package), the report printed.
 *
 * How a file run resumes: the history's checkpoint (every list's cursor, the last block written, the tally)
 * is the checkpoint file's cursor, so `--resume` goes on after the last whole block written.
 */
import {
  Blockscout,
  type BlockscoutError,
  type BlockscoutShape,
  HistoryCheckpointSchema,
  type HistoryReport,
  historyEntryKey
} from "@blockscout-effect/client"
import { HistoryFile } from "@blockscout-effect/export"
import { Effect, Schema, Stream } from "effect"
import { Argument, Command } from "effect/cli"
import { clientLayer } from "./Api.ts"
import { chainFailures, chainInput, chainPages } from "./Chains.ts"
import * as DryRun from "./DryRun.ts"
import { exitOnUsage, fromBlockscoutError } from "./Exit.ts"
import { commonFlags, usage } from "./Flags.ts"
import { followFlags, followOptionsOf, runFollow } from "./Follow.ts"
import { historyFlags, kindsOf, spanOf } from "./HistoryFlags.ts"
import { allColumns, lineOf, reportLines, tableColumns } from "./HistoryLines.ts"
import { settingsFor } from "./Settings.ts"
import type { CliOptions } from "./Api.ts"
import { count, endOf, runJob, toStdout } from "./Run.ts"
import * as Screen from "./Screen.ts"

const decodeCheckpoint = Schema.decodeUnknownEffect(Schema.fromJsonString(HistoryCheckpointSchema))

/** The address-history subcommand. */
export const historyCommand = (options: CliOptions = {}) =>
  Command.make(
    "address-history",
    {
      address: Argument.String("address").pipe(Argument.withDescription("an address: 0x and 40 hex digits")),
      history: historyFlags,
      common: commonFlags,
      follow: followFlags
    },
    (input) =>
      Effect.gen(function* () {
        const kinds = yield* kindsOf(input.history.kinds)
        const settings = yield* settingsFor("address-history", allColumns, input.common, tableColumns)
        const follow = yield* followOptionsOf(input.follow, input.common)
        if (follow !== undefined) {
          const address = input.address
          return yield* runFollow(settings, follow, input.common, options, {
            events: (bs, from) =>
              bs.followAddressHistory(address, {
                ...(kinds === undefined ? {} : { kinds }),
                from,
                confirmations: follow.confirmations,
                finality: follow.finality,
                pollInterval: follow.pollInterval
              }),
            line: lineOf,
            identity: historyEntryKey,
            query: (api) => ({ command: "address-history", address: address.toLowerCase(), kinds: kinds ?? null, api })
          })
        }
        const span = yield* spanOf(input.common, settings.chains !== undefined)
        // A file run resumes after its last whole block; --limit would cut one.
        if (settings.resume !== undefined && settings.limit !== undefined) {
          yield* usage("address-history --resume writes whole blocks, --limit would cut one: drop --limit or --resume")
        }
        const screen = yield* Screen.make
        const { layer, secrets } = yield* clientLayer(
          chainInput(input.common, settings),
          settings,
          options,
          (retries) => Screen.onEvent(screen, retries)
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
          if (settings.dryRun) {
            return yield* DryRun.report(screen, chains, "address-history", (client) =>
              client.estimateAddressHistory(address, history)
            )
          }
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
                `${summary.resumed ? ` (${count(state.items)} in all)` : ""}; ` +
                endOf(summary.stopped, failures, settings.limit)
            )
          }
          yield* screen.progress.finish
          for (const { chainId, report } of reports)
            for (const line of reportLines(report, chainId)) yield* screen.notice(line)
          return yield* chainFailures(failures, secrets, settings.resume)
        })
        return yield* runJob(job, { layer, screen, resume: settings.resume, secrets })
      }).pipe(Effect.mapError(exitOnUsage))
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
      { command: "blockscout address-history 0x.. --chains 1,10,8453 --from-block 20000000 -o h.ndjson" },
      { command: "blockscout address-history 0x.. --chain 1 --follow --confirmations 2" }
    ])
  )
