/**
 * The methods of a table, wired: every method `methodEntries` lists becomes a function over the request
 * pipeline, and the by-name calls (`page`, `pages`, `stream`, `get`) look rows up in the same table. The table
 * is a parameter: a test adds a row to a copy of `endpoints` and gets its method. Their types are the
 * interface `pnpm generate` writes from the same `methodEntries` (`BlockscoutMethods` for `endpoints`).
 *
 * A method's path, from here: its positional arguments named (`namedArguments`), checked against its row
 * (`prepare`, `arguments.ts`: `InvalidArgument` before anything is sent); then one call (`fetchPage` /
 * `fetchWhole`, `pagination/fetch.ts`: the URL, the request with its retries, the status mapped to a reason,
 * the body decoded with the row's schema) or a stream (`pagination/walk.ts`, page after page with the same
 * request; `partition/stream.ts` when it is given `partition`).
 *
 * @internal
 */
import { Effect, Stream } from "effect"
import type { BlockscoutError, CallReason, StreamReason } from "../BlockscoutError.ts"
import type { Endpoint, EndpointTable, MethodKind, RowItem } from "../endpoints.ts"
import { type ItemName, type ListName, methodEntries } from "../Methods.ts"
import type { NextPageParams } from "@blockscout-effect/schema"
import type { EndpointArgs, Page, PageWithCursor } from "../Parameters.ts"
import type { PartitionOptions } from "../Partition.ts"
import { forStream, invalidArgument, type Prepared, prepare, quoted } from "./arguments.ts"
import type { ClientContext } from "./context.ts"
import { checkCreditBudget, makeBudget } from "./pagination/budget.ts"
import * as Fetch from "./pagination/fetch.ts"
import * as Walk from "./pagination/walk.ts"
import { partitionedItems, partitionedPages } from "./partition/stream.ts"
import { redact } from "./redact.ts"
import { callSpanOptions, requestSpanName } from "./spans.ts"
import { checkSince, explainNotFound } from "./version.ts"

/**
 * The by-name calls over a table: any row by its name, for tools that derive commands from the table.
 * Arguments are checked against the row at run time (`InvalidArgument`, nothing sent).
 */
export interface ByName<T extends EndpointTable> {
  /** One page of a paged row (or a bare-array row's array as a page with no next cursor). */
  readonly page: <N extends ListName<T>>(
    name: N,
    args?: EndpointArgs
  ) => Effect.Effect<Page<RowItem<T[N]>>, BlockscoutError<CallReason>>
  /**
   * Every page of a row, each with the cursor it was fetched with; with `until`, the walk ends on the page whose
   * next cursor it accepts, and never asks a page ahead past it (a history's block range ends there).
   */
  readonly pages: <N extends ListName<T>>(
    name: N,
    args?: EndpointArgs,
    until?: (next: NextPageParams) => boolean
  ) => Stream.Stream<PageWithCursor<RowItem<T[N]>>, BlockscoutError<StreamReason>>
  /** Every item of a row. */
  readonly stream: <N extends ListName<T>>(
    name: N,
    args?: EndpointArgs
  ) => Stream.Stream<RowItem<T[N]>, BlockscoutError<StreamReason>>
  /** The one item of a single-item row (`NotFound` when the server has none). */
  readonly get: <N extends ItemName<T>>(
    name: N,
    args?: EndpointArgs
  ) => Effect.Effect<RowItem<T[N]>, BlockscoutError<CallReason>>
}

/**
 * A method's positional arguments as the named arguments `prepare` checks: the path parameters by name (a
 * bigint token id, or a block number given as a number, as its decimal string), over the options object's
 * entries.
 */
export const namedArguments = (row: Endpoint, positional: ReadonlyArray<unknown>): EndpointArgs => {
  const options = positional[row.pathParams.length]
  const named: Record<string, unknown> =
    options === undefined ? {} : typeof options === "object" && options !== null ? { ...options } : { options }
  row.pathParams.forEach((param, i) => {
    const value = positional[i]
    named[param.name] =
      typeof value === "bigint" || (param.kind === "block" && typeof value === "number" && Number.isSafeInteger(value))
        ? value.toString()
        : value
  })
  return named as EndpointArgs
}

/** The stream-only arguments: a one-call method refuses them (`InvalidArgument`, nothing sent). */
const streamOnly = ["partition", "creditBudget"] as const

/** A stream's request, checked: its list arguments (the largest page unless a size was given) and its options. */
interface StreamRequest {
  readonly prepared: Prepared
  readonly partition: PartitionOptions | true | undefined
  readonly creditBudget: number | undefined
}

/** Whether the arguments are an options object (`prepare` refuses anything else). */
const isOptions = (args: unknown): args is Readonly<Record<string, unknown>> =>
  typeof args === "object" && args !== null && !Array.isArray(args)

/** What a stream emits from each source of pages: an array row's one body, a partitioned walk, a walk. */
interface StreamEmit<Out> {
  readonly whole: (body: Effect.Effect<ReadonlyArray<unknown>, BlockscoutError>) => Stream.Stream<Out, BlockscoutError>
  readonly partitioned: (request: Parameters<typeof partitionedItems>[0]) => Stream.Stream<Out, BlockscoutError>
  readonly walk: (
    ctx: ClientContext,
    prepared: Prepared,
    spanName: string,
    budget: ReturnType<typeof makeBudget>,
    until?: (next: NextPageParams) => boolean
  ) => Stream.Stream<Out, BlockscoutError>
}

/** Pages: an array row's array is one page with no cursor. */
const emitPages: StreamEmit<PageWithCursor<unknown>> = {
  whole: (body) =>
    Stream.fromEffect(Effect.map(body, (items) => ({ items, next_page_params: null, cursor: undefined }))),
  partitioned: partitionedPages,
  walk: Walk.pages
}

/** Items: every item of every page. */
const emitItems: StreamEmit<unknown> = {
  whole: Stream.fromIterableEffect,
  partitioned: partitionedItems,
  walk: Walk.items
}

/**
 * The four kinds of call, over one client context. Each runs in its own span, named `span`
 * (`Blockscout.<method>`): a lookup's from its arguments' check to its decoded body, a stream's from its start
 * to its end (completed, failed, or stopped by its consumer); each request is a span beneath it, a partitioned
 * stream's beneath its range's (`spans.ts`).
 */
const calls = (ctx: ClientContext) => {
  /** One call: a page of a paged row, the whole body of an array or item row. */
  const one = (row: Endpoint, args: EndpointArgs, span: string): Effect.Effect<unknown, BlockscoutError> => {
    const given = isOptions(args) ? streamOnly.find((name) => args[name] !== undefined) : undefined
    if (given !== undefined)
      return Effect.fail(invalidArgument(row.name, given, `${given} applies to streams, not to one call`))
    const request = requestSpanName(ctx, row)
    const call = Effect.flatMap(prepare(ctx, row, args), (prepared) =>
      Effect.andThen(checkSince(ctx, row, prepared.path), () =>
        row.shape === "page" ? Fetch.fetchPage(ctx, prepared, request) : Fetch.fetchWhole(ctx, prepared, request)
      ).pipe(Effect.catch(explainNotFound(ctx, row, prepared.path)))
    )
    return Effect.withSpan(call, span, callSpanOptions(ctx, row))
  }
  /**
   * A stream's request: the stream-only options taken out, the rest checked as the list's arguments, and the
   * largest page asked unless the caller chose a size (`forStream`); then the row's `since` against the
   * server's version (`version.ts`).
   */
  const streamRequest = (row: Endpoint, args: EndpointArgs): Effect.Effect<StreamRequest, BlockscoutError> =>
    Effect.tap(checkedRequest(row, args), ({ prepared }) => checkSince(ctx, row, prepared.path))
  const checkedRequest = (row: Endpoint, args: EndpointArgs): Effect.Effect<StreamRequest, BlockscoutError> => {
    if (!isOptions(args)) {
      return Effect.map(prepare(ctx, row, args), (prepared) => ({
        prepared,
        partition: undefined,
        creditBudget: undefined
      }))
    }
    const { partition, creditBudget, ...rest } = args
    return Effect.flatMap(Effect.fromResult(checkCreditBudget(row.name, creditBudget)), (checkedBudget) =>
      Effect.map(prepare(ctx, row, rest), (prepared) => ({
        prepared: row.shape === "page" ? forStream(prepared) : prepared,
        partition: partition as PartitionOptions | true | undefined,
        creditBudget: checkedBudget
      }))
    )
  }
  /**
   * A stream of a row, of pages or of items (`emit`): an array or item row's one body, a partitioned walk when
   * given `partition`, else the walk page after page (ending, with `until`, on the page whose next cursor it
   * refuses: a history's list stops at the page going below its range); a 404 explained as `one`'s is.
   */
  const stream = <Out>(
    row: Endpoint,
    args: EndpointArgs,
    span: string,
    emit: StreamEmit<Out>,
    until?: (next: NextPageParams) => boolean
  ): Stream.Stream<Out, BlockscoutError> => {
    const request = requestSpanName(ctx, row)
    return Stream.unwrap(
      Effect.map(streamRequest(row, args), ({ prepared, partition, creditBudget }) =>
        (row.shape !== "page"
          ? emit.whole(Fetch.fetchWhole<ReadonlyArray<unknown>>(ctx, prepared, request))
          : partition !== undefined
            ? emit.partitioned({ ctx, prepared, spanName: request, partition, creditBudget })
            : emit.walk(ctx, prepared, request, makeBudget(ctx, prepared, creditBudget), until)
        ).pipe(Stream.catch((error) => Stream.fromEffect(explainNotFound(ctx, row, prepared.path)(error))))
      )
    ).pipe(Stream.withSpan(span, callSpanOptions(ctx, row)))
  }
  /** Every page of a row (an array row's array is one page with no cursor). */
  const pages = (row: Endpoint, args: EndpointArgs, span: string, until?: (next: NextPageParams) => boolean) =>
    stream(row, args, span, emitPages, until)
  /** Every item of a row. */
  const items = (row: Endpoint, args: EndpointArgs, span: string) => stream(row, args, span, emitItems)
  return { one, pages, items }
}

/** The function of one method: its positional arguments to a call of its kind. */
const methodOf = (
  call: ReturnType<typeof calls>,
  row: Endpoint,
  kind: Exclude<MethodKind, "follow">,
  name: string
): ((...args: ReadonlyArray<unknown>) => unknown) => {
  const span = `Blockscout.${name}`
  switch (kind) {
    case "list":
    case "get":
      return (...args) => call.one(row, namedArguments(row, args), span)
    case "stream":
      return (...args) => call.items(row, namedArguments(row, args), span)
    case "streamPages":
      return (...args) => call.pages(row, namedArguments(row, args), span)
  }
}

/**
 * The methods of `table` over `ctx`: each listed by `methodEntries` (the naming rule), plus the by-name calls.
 * `M` is the interface the generator writes for `table` from the same entries (`BlockscoutMethods` for
 * `endpoints`): the wiring is by name at run time, so the type is the caller's word, and the tests hold the two
 * together (the generated file is current, and the service has exactly its members).
 */
export const makeMethods = <M extends object, T extends EndpointTable>(table: T, ctx: ClientContext): M & ByName<T> => {
  const call = calls(ctx)
  const methods: Record<string, unknown> = {}
  for (const entry of methodEntries(table)) {
    // A follow needs the history and the chain's blocks besides its row: the service wires it (`follow/`).
    if (entry.kind !== "follow") methods[entry.name] = methodOf(call, entry.row, entry.kind, entry.name)
  }
  /** The row called `name` if it has one of `shapes`; else why not, as `InvalidArgument`. */
  const rowOf = (name: string, shapes: ReadonlyArray<Endpoint["shape"]>, use: string) => {
    // Own rows only (`toString`, `__proto__` are not rows); a caller in plain JavaScript may pass anything.
    const row = typeof name === "string" && Object.hasOwn(table, name) ? table[name] : undefined
    if (row === undefined) {
      // Quoted redacted: a key passed as the name by mistake never shows.
      const shown = typeof name === "string" ? name : String(name)
      return Effect.fail(invalidArgument(redact(ctx, shown), "name", `no endpoint is named ${quoted(ctx, shown)}`))
    }
    if (!shapes.includes(row.shape)) {
      return Effect.fail(
        invalidArgument(
          name,
          "name",
          `${name} is ${row.shape === "item" ? "an item" : `a ${row.shape}`} endpoint: ${use}`
        )
      )
    }
    return Effect.succeed(row)
  }
  const byName: ByName<EndpointTable> = {
    page: (name, args = {}) =>
      Effect.flatMap(rowOf(name, ["page", "array"], "use get"), (row) =>
        call
          .one(row, args, `Blockscout.page.${name}`)
          .pipe(Effect.map((body) => (row.shape === "page" ? body : { items: body, next_page_params: null })))
      ) as never,
    pages: (name, args = {}, until) =>
      Stream.unwrap(
        Effect.map(rowOf(name, ["page", "array"], "use get"), (row) =>
          call.pages(row, args, `Blockscout.pages.${name}`, until)
        )
      ) as never,
    stream: (name, args = {}) =>
      Stream.unwrap(
        Effect.map(rowOf(name, ["page", "array"], "use get"), (row) =>
          call.items(row, args, `Blockscout.stream.${name}`)
        )
      ) as never,
    get: (name, args = {}) =>
      Effect.flatMap(rowOf(name, ["item"], "use page, pages or stream"), (row) =>
        call.one(row, args, `Blockscout.get.${name}`)
      ) as never
  }
  return { ...methods, ...byName } as M & ByName<T>
}
