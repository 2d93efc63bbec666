/**
 * One query on many chains of one Pro API key: the same stream run on each chain id, merged into one stream
 * whose elements say which chain they come from, every chain paced by the key's one rate limit (the Pro API
 * counts a key's requests whatever the chain).
 *
 * One chain's failure does not end the stream: it is emitted as that chain's `Failed` element (with the items
 * that chain gave before it), and the other chains go on. A chain that reaches its end emits `Done`. So the
 * stream ends when every chain has emitted `Done` or `Failed`, and fails only when it cannot start (an
 * instance client, a bad or repeated chain id), before anything is sent.
 *
 * @since 0.1.0
 */
import { Effect, Stream } from "effect"
import { Blockscout, type BlockscoutShape } from "./Blockscout.ts"
import { BlockscoutError, InvalidArgument } from "./BlockscoutError.ts"

/**
 * An item of one chain's stream, tagged with the chain it came from.
 *
 * @since 0.1.0
 * @category models
 */
export interface ChainItem<A> {
  readonly _tag: "Item"
  readonly chainId: number
  readonly item: A
}

/**
 * One chain's stream failed: its error, and how many items it gave before. The other chains go on.
 *
 * @since 0.1.0
 * @category models
 */
export interface ChainFailed<E> {
  readonly _tag: "Failed"
  readonly chainId: number
  readonly error: E
  /** Items the chain emitted before it failed. */
  readonly items: number
}

/**
 * One chain's stream reached its end.
 *
 * @since 0.1.0
 * @category models
 */
export interface ChainDone {
  readonly _tag: "Done"
  readonly chainId: number
  /** Items the chain emitted. */
  readonly items: number
}

/**
 * What a many-chains stream emits: items tagged by chain, and one `Done` or `Failed` per chain.
 *
 * Narrow with `_tag` (`Match.tag`, or `element._tag === "Item"`); `Stream.filter(isChainItem)` keeps the items.
 *
 * @since 0.1.0
 * @category models
 */
export type ChainElement<A, E> = ChainItem<A> | ChainFailed<E> | ChainDone

/**
 * Whether an element of a many-chains stream is an item (not a chain's end).
 *
 * @since 0.1.0
 * @category guards
 */
export const isChainItem = <A, E>(element: ChainElement<A, E>): element is ChainItem<A> => element._tag === "Item"

/**
 * Options of {@link streamChains}.
 *
 * @since 0.1.0
 * @category options
 */
export interface StreamChainsOptions {
  /**
   * How many chains stream at once (default: all of them). The key's rate limit paces them together either
   * way; a bound only keeps fewer streams (and their pages) in memory.
   */
  readonly concurrency?: number | undefined
}

const invalid = (message: string) =>
  new BlockscoutError({ reason: new InvalidArgument({ endpoint: "", url: "", argument: "chainIds", message }) })

/** A client per chain id (the key, options and limiter of `client`), in the order given. */
const clientsFor = (
  client: BlockscoutShape,
  chainIds: ReadonlyArray<number>
): Effect.Effect<ReadonlyArray<BlockscoutShape>, BlockscoutError<InvalidArgument>> => {
  if (chainIds.length === 0) return Effect.fail(invalid("give at least one chain id"))
  const repeated = chainIds.find((id, i) => chainIds.indexOf(id) !== i)
  if (repeated !== undefined) return Effect.fail(invalid(`chain ${repeated} is listed twice`))
  return Effect.forEach(chainIds, (chainId) => client.forChain(chainId))
}

/** One chain's stream as tagged elements, ending with `Done` or `Failed`. */
const tagged = <A, E, R>(
  chainId: number,
  stream: Stream.Stream<A, E, R>
): Stream.Stream<ChainElement<A, E>, never, R> =>
  Stream.suspend(() => {
    let items = 0
    return stream.pipe(
      Stream.map((item): ChainElement<A, E> => {
        items++
        return { _tag: "Item", chainId, item }
      }),
      Stream.concat(Stream.sync((): ChainElement<A, E> => ({ _tag: "Done", chainId, items }))),
      Stream.catch((error) => Stream.succeed<ChainElement<A, E>>({ _tag: "Failed", chainId, error, items }))
    )
  })

/**
 * Runs `query` on every chain of `chainIds` with the Pro client in context (its key, options and rate
 * limiter: `forChain` for each), as one stream of items tagged by chain, merged as they arrive.
 *
 * Use it for "the same list on Ethereum, Optimism and Base": `streamChains([1, 10, 8453], (bs) =>
 * bs.streamAddressTransactions(address))`. Every chain shares the key's one rate limit, so adding chains never
 * adds 429s; it shares the requests per second among them.
 *
 * Gotchas: a chain's failure is an element (`Failed`, with the error), not a stream failure, so a consumer
 * that only reads items must still look for `Failed` to know a chain is incomplete. Items of different
 * chains interleave in arrival order; within one chain they keep the query's order. Fails with
 * `InvalidArgument` before anything is sent on an instance client (it serves one chain), for an empty list,
 * a chain id that is not a positive integer, or one listed twice.
 *
 * @example
 * ```ts
 * import { Effect, Stream } from "effect"
 * import { streamChains } from "@blockscout-effect/client"
 *
 * // Withdrawals of three chains at once, on one key's limit; a chain's failure is reported, not fatal.
 * export const perChain = streamChains([1, 10, 8453], (bs) => bs.streamWithdrawals().pipe(Stream.take(100))).pipe(
 *   Stream.runForEach((element) =>
 *     element._tag === "Failed"
 *       ? Effect.logWarning(`chain ${element.chainId} failed after ${element.items} items`)
 *       : Effect.void
 *   )
 * )
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const streamChains = <A, E, R>(
  chainIds: ReadonlyArray<number>,
  query: (client: BlockscoutShape, chainId: number) => Stream.Stream<A, E, R>,
  options: StreamChainsOptions = {}
): Stream.Stream<ChainElement<A, E>, BlockscoutError<InvalidArgument>, Blockscout | R> =>
  Stream.unwrap(
    Effect.gen(function* () {
      const client = yield* Blockscout
      const clients = yield* clientsFor(client, chainIds)
      const concurrency = options.concurrency
      if (concurrency !== undefined && !(Number.isSafeInteger(concurrency) && concurrency > 0)) {
        return yield* Effect.fail(invalid(`concurrency must be a positive integer, got ${concurrency}`))
      }
      return Stream.mergeAll(
        clients.map((chainClient, i) => tagged(chainIds[i] as number, query(chainClient, chainIds[i] as number))),
        { concurrency: concurrency ?? "unbounded" }
      )
    })
  )
