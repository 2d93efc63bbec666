/**
 * One run of a `blockscout` subcommand: the flags checked, the client built, the row's pages (or its one item)
 * written to stdout or a file, failures turned into one line and an exit code.
 *
 * When to use: `runEndpoint(row, args, input, options)` is the body of every subcommand `Cli.ts` derives from
 * the endpoints table. A paged or bare-array row streams its pages (a file run keeps a checkpoint and resumes);
 * an item row (a lookup such as `transaction 0x..`) fetches its one object and writes it as a page of one, so
 * every format and `--output` work the same for it.
 */
import {
  Blockscout,
  type BlockscoutError,
  type BlockscoutShape,
  type Endpoint,
  type ItemName,
  type ListName,
  type endpoints,
  type PartitionProgress,
  type ServerBudget
} from "@blockscout-effect/client"
import { CheckpointError, Format, HistoryFile, OutputError } from "@blockscout-effect/export"
import { Effect, type Layer, PlatformError, type Redacted, Stream } from "effect"
import { readAbi, withAbi } from "./Abi.ts"
import { type CliOptions, clientLayer } from "./Api.ts"
import { chainFailures, chainInput, chainPages } from "./Chains.ts"
import * as DryRun from "./DryRun.ts"
import { CliExit, exitCodes, exitOnUsage, fromBlockscoutError, scrub } from "./Exit.ts"
import type { CommonInput } from "./Flags.ts"
import { type Settings, settingsOf } from "./Settings.ts"
import * as Screen from "./Screen.ts"
import * as Table from "./Table.ts"

/** A number as the tool prints it (`12,345`). */
export const count = (n: number) => n.toLocaleString("en-US")

/** How a file run ended, for its last line: complete, the chains that failed, or the `--limit` it stopped at. */
export const endOf = (
  stopped: HistoryFile.Summary["stopped"],
  failures: ReadonlyArray<{ readonly chainId: number }>,
  limit: number | undefined
): string =>
  stopped === "done"
    ? "complete"
    : failures.length > 0
      ? `chains ${failures.map((f) => f.chainId).join(", ")} failed`
      : `stopped at --limit ${limit}`

/** Streams the pages of `row` to stdout in the chosen format, stopping at `--limit`. */
export const toStdout = <E, R>(
  screen: Screen.Screen,
  settings: Settings,
  pages: Stream.Stream<{ readonly items: ReadonlyArray<unknown> }, E, R>
) => {
  const columns = settings.columns ?? []
  const encoder =
    settings.format === "table"
      ? Table.makeTable(columns)
      : Format.makeEncoder(settings.format === "csv" ? "csv" : "ndjson", { columns })
  let written = 0
  const max = settings.limit ?? Number.POSITIVE_INFINITY
  return pages.pipe(
    Stream.mapEffect((page) => {
      const items = page.items.slice(0, max - written)
      written += items.length
      return Effect.andThen(screen.data(encoder.encodePage(items)), screen.progress.page(items.length))
    }),
    Stream.takeUntil(() => written >= max),
    Stream.runDrain,
    // The reader went away (`| head`): stop quietly, as Unix tools do.
    Effect.catchIf(
      (e): e is Extract<typeof e, PlatformError.PlatformError> => e instanceof PlatformError.PlatformError,
      () => Effect.void
    )
  )
}

/**
 * Runs one endpoint with the parsed flags: the body of every subcommand. `abiFile` (`--abi`, log rows only)
 * adds each log's decoding with that ABI (`Abi.ts`).
 */
export const runEndpoint = (
  row: Endpoint,
  args: Record<string, string | ReadonlyArray<string>>,
  input: CommonInput,
  options: CliOptions,
  abiFile?: string | undefined
) =>
  Effect.gen(function* () {
    const settings = yield* settingsOf(row, input)
    // Read before anything is sent: a bad file is a usage error.
    const decorate = abiFile === undefined ? undefined : withAbi(yield* readAbi(abiFile))
    const screen = yield* Screen.make
    // What the server announced, read once the client is built: the progress line shows the request rate
    // against it.
    let budget: Effect.Effect<ServerBudget> | undefined
    const { layer, secrets } = yield* clientLayer(chainInput(input, settings), settings, options, (retries) =>
      Screen.onEvent(screen, retries, () =>
        Effect.map(budget ?? Effect.succeed(undefined), (b) => b?.requestsPerSecond)
      )
    )
    const { output, resume } = settings
    const failures: Array<{ readonly chainId: number; readonly error: BlockscoutError }> = []

    const job = Effect.gen(function* () {
      const bs = yield* Blockscout
      budget = bs.budget
      const partition = settings.partition
      // `pages` serves every list row (a bare array comes back as one page with no next cursor); an item row's
      // one object is a page of one, so stdout, every format and --output treat it alike. A partitioned run
      // resumes from its checkpoint's progress (which carries its span).
      const pagesOf = (
        client: BlockscoutShape,
        cursor: HistoryFile.Cursor | undefined,
        progress?: unknown
      ): Stream.Stream<HistoryFile.PageLike<unknown>, BlockscoutError> =>
        row.shape === "item"
          ? Stream.fromEffect(
              Effect.map(client.get(row.name as ItemName<typeof endpoints>, args), (item) => ({
                items: [item],
                next_page_params: null
              }))
            )
          : client.pages(row.name as ListName<typeof endpoints>, {
              ...args,
              ...(partition === undefined
                ? cursor === undefined
                  ? {}
                  : { cursor }
                : {
                    partition:
                      progress === undefined
                        ? partition
                        : { resume: progress as PartitionProgress, concurrency: partition.concurrency }
                  }),
              ...(settings.pageSize === undefined ? {} : { pageSize: settings.pageSize })
            })
      const chains = settings.chains
      if (settings.dryRun && row.shape !== "item") {
        const asked = {
          ...args,
          ...(partition === undefined ? {} : { partition }),
          ...(settings.pageSize === undefined ? {} : { pageSize: settings.pageSize })
        }
        return yield* DryRun.report(screen, chains, row.name, (client) =>
          client.estimate(row.name as ListName<typeof endpoints>, asked)
        )
      }
      // --chains: every chain's pages, items tagged, one cursor holding each chain's (Chains.ts).
      const pages = (cursor: HistoryFile.Cursor | undefined, progress?: unknown) => {
        const plain = pagesAcross(cursor, progress)
        return decorate === undefined ? plain : Stream.map(plain, decorate)
      }
      const pagesAcross = (cursor: HistoryFile.Cursor | undefined, progress?: unknown) =>
        chains === undefined
          ? pagesOf(bs, cursor, progress)
          : chainPages(
              chains,
              (client, c) => pagesOf(client, c),
              cursor,
              failures,
              (chainId, error) =>
                screen.notice(
                  `blockscout: chain ${chainId}: ${fromBlockscoutError(error, secrets).text.replace(/^blockscout: /, "")}`
                ),
              () => chainFailures(failures, secrets, resume)
            )
      if (output === undefined) {
        yield* toStdout(screen, settings, pages(undefined))
        yield* screen.progress.finish
        return yield* chainFailures(failures, secrets, resume)
      }
      const summary = yield* HistoryFile.run({
        pages,
        output,
        checkpoint: resume,
        // Identifies the history, so a checkpoint only resumes the query it was written for. The API is the
        // client's credential-free `target.apiUrl` (family, chain and base, whether from flags or the
        // environment), never the raw --base-url.
        query: JSON.stringify({
          endpoint: row.name,
          args,
          pageSize: settings.pageSize ?? null,
          api: bs.target.apiUrl,
          // A partitioned run's span (not its concurrency, which may change between runs).
          ...(partition === undefined ? {} : { partition: { ...partition, concurrency: undefined } }),
          ...(chains === undefined ? {} : { chains })
        }),
        format: settings.format === "table" ? "ndjson" : settings.format, // table into a file was refused
        columns: settings.columns,
        limit: settings.limit,
        onPage: (_, n) => screen.progress.page(n)
      })
      yield* screen.progress.finish
      const state = summary.state
      yield* screen.notice(
        `${summary.resumed ? "resumed: " : ""}${count(summary.newItems)} items in ${count(summary.newPages)} pages ` +
          `written to ${output}${summary.resumed ? ` (${count(state.items)} in all)` : ""}, ` +
          `${summary.parquet ? `${count(summary.parquet.rows)} Parquet rows` : `${count(state.bytes)} bytes`}; ` +
          endOf(summary.stopped, failures, settings.limit)
      )
      return yield* chainFailures(failures, secrets, resume)
    })
    return yield* runJob(job, { layer, screen, resume, secrets })
  }).pipe(Effect.mapError(exitOnUsage))

/**
 * Runs a subcommand's job in its client layer: on Ctrl-C or SIGTERM the terminal is left clean with a word on
 * what is kept; every failure becomes one line and its exit code (`CliExit`), with a hint to resume when a
 * checkpoint keeps the work done.
 */
export const runJob = <A, E, R, LE, LR>(
  job: Effect.Effect<A, E, R>,
  run: {
    readonly layer: Layer.Layer<Blockscout, LE, LR>
    readonly screen: Screen.Screen
    readonly resume: string | undefined
    readonly secrets: ReadonlyArray<Redacted.Redacted<string>>
  }
) => {
  const { screen, resume, secrets } = run
  return job.pipe(
    Effect.provide(run.layer),
    // Ctrl-C or SIGTERM: leave the terminal clean and say what is kept (main.ts sets the exit code).
    Effect.onInterrupt(() =>
      Effect.andThen(
        screen.progress.clear,
        screen.notice(
          resume === undefined
            ? "blockscout: interrupted"
            : `blockscout: interrupted; ${resume} keeps every whole page: run the same command to resume`
        )
      )
    ),
    Effect.mapError((error: unknown) => {
      if (error instanceof CliExit) return error
      if (error instanceof CheckpointError) {
        return new CliExit({
          code: exitCodes.checkpoint,
          text: scrub(`blockscout: --resume ${error.path}: ${error.message}`, secrets)
        })
      }
      if (error instanceof OutputError) {
        return new CliExit({
          code: exitCodes.output,
          text: scrub(`blockscout: --output ${error.path}: ${error.message}`, secrets)
        })
      }
      const exit = fromBlockscoutError(error as BlockscoutError, secrets)
      // With a checkpoint, every whole page is kept: say how to carry on.
      const hint = resume === undefined ? "" : ` (${resume} keeps every whole page: run the same command to resume)`
      return new CliExit({ code: exit.code, text: exit.text + hint })
    })
  )
}
