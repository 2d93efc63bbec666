/**
 * Event logs decoded with a contract's ABI, for the logs Blockscout does not decode itself (its `decoded` is
 * null unless the emitting contract is verified on that explorer): `decodeLogs(logs, abi)` matches each log's
 * first topic to an event of the ABI and decodes its topics and data, with ox's ABI decoder (`ox/AbiEvent`).
 *
 * Typed where the ABI is a literal (`as const`, or ox's `Abi.from([...human-readable...])`): a decoded log's
 * `eventName` and `args` are the ABI's own (through abitype's types, which ox re-exports), so a narrowing on
 * `eventName` gives that event's arguments (`bigint` for integers, `0x${string}` for addresses and bytes). An
 * ABI read from JSON at run time gives `eventName: string` and `args: unknown`.
 *
 * Each log gets its own result, never a thrown error: `Decoded`, `NoMatchingEvent` (no event of the ABI has
 * the log's selector and topic count; an anonymous event, which has no selector, matches by its topic
 * count) or `DecodeFailed` (an event matched, but its topics or data do not decode). `abiOf(address)` reads a
 * verified contract's ABI from the server.
 *
 * Gotchas: an indexed argument of a dynamic type (`string`, `bytes`, arrays, tuples) is stored as the hash of
 * its value, so its `args` entry is that 32-byte hash (the value itself is not in the log). Addresses come
 * back checksummed (EIP-55). Where an ABI has two events of one signature that differ in which arguments are
 * indexed (ERC-20's and ERC-721's `Transfer`), the topic count picks the one that fits.
 *
 * @since 0.1.0
 */
import { addressPattern } from "@blockscout-effect/schema"
import { Effect, Schema, Stream } from "effect"
import type * as Abi from "ox/Abi"
import type * as AbiEvent from "ox/AbiEvent"
import { Blockscout } from "./Blockscout.ts"
import { BlockscoutError, type CallReason, InvalidArgument, NotFound } from "./BlockscoutError.ts"
import { matcherOf } from "./internal/logs.ts"

/**
 * What decoding needs of a log: its topics (Blockscout pads them to four with `null`) and its data, as hex.
 * The client's `Log` fits, as do viem's and ethers' logs.
 *
 * @since 0.1.0
 * @category models
 */
export interface RawLog {
  readonly topics: ReadonlyArray<string | null>
  readonly data: string
}

/** The events of an ABI given as a literal; `never` for an ABI whose items are not known to the type system. */
type EventsOf<abi> = abi extends ReadonlyArray<infer Item> ? Extract<Item, { readonly type: "event" }> : never

/** One `Decoded` case per event of a literal ABI: its name and its arguments' types. */
type DecodedOf<E, L> = E extends AbiEvent.AbiEvent
  ? {
      readonly _tag: "Decoded"
      readonly log: L
      readonly eventName: E["name"]
      readonly args: AbiEvent.decode.ReturnType<E>
      /** The event's signature, `Transfer(address,address,uint256)`. */
      readonly signature: string
    }
  : never

/** A decoded log, untyped: for an ABI with no known events (`unknown`, parsed JSON) or with `string` names. */
type DecodedUntyped<L> = {
  readonly _tag: "Decoded"
  readonly log: L
  readonly eventName: string
  readonly args: unknown
  readonly signature: string
}

/**
 * A log decoded with an event of the ABI: its name and arguments, typed per event for a literal ABI.
 *
 * @since 0.1.0
 * @category models
 */
export type Decoded<abi, L = RawLog> = [EventsOf<abi>] extends [never]
  ? DecodedUntyped<L>
  : string extends EventsOf<abi>["name"]
    ? DecodedUntyped<L>
    : DecodedOf<EventsOf<abi>, L>

/**
 * A log no event of the ABI describes: no event has its selector (`topics[0]`) with its number of topics,
 * and no anonymous event has its number of topics. `selector` is the log's first topic (`undefined` for a
 * log without topics).
 *
 * @since 0.1.0
 * @category models
 */
export interface NoMatchingEvent<L = RawLog> {
  readonly _tag: "NoMatchingEvent"
  readonly log: L
  readonly selector: string | undefined
}

/**
 * A log an event of the ABI matched whose topics or data do not decode as that event says (data too short,
 * an offset out of range, a value out of its type's range, a topic or data that is not hex).
 *
 * @since 0.1.0
 * @category models
 */
export interface DecodeFailed<L = RawLog> {
  readonly _tag: "DecodeFailed"
  readonly log: L
  /** The event that matched (the first that matched, when several did). */
  readonly eventName: string
  readonly signature: string
  /** What the decoder said. */
  readonly message: string
}

/**
 * What decoding one log gave: `Decoded`, `NoMatchingEvent` or `DecodeFailed`. Match on `_tag`.
 *
 * @since 0.1.0
 * @category models
 */
export type LogDecoding<abi, L = RawLog> = Decoded<abi, L> | NoMatchingEvent<L> | DecodeFailed<L>

/**
 * A decoder for one ABI, built once (the events' selectors computed once): use it per log, or over a stream
 * (`Stream.map(logDecoder(abi))`). `decodeLogs` is this over an array.
 *
 * @example
 * ```ts
 * import { Effect, Stream } from "effect"
 * import { Blockscout, logDecoder } from "@blockscout-effect/client"
 *
 * const erc20 = [
 *   {
 *     type: "event",
 *     name: "Transfer",
 *     inputs: [
 *       { name: "from", type: "address", indexed: true },
 *       { name: "to", type: "address", indexed: true },
 *       { name: "value", type: "uint256", indexed: false }
 *     ]
 *   }
 * ] as const
 *
 * export const transfers = (token: string) =>
 *   Blockscout.use((bs) =>
 *     bs.streamAddressLogs(token).pipe(
 *       Stream.take(100),
 *       Stream.map(logDecoder(erc20)),
 *       Stream.runForEach((d) => (d._tag === "Decoded" ? Effect.log(`${d.args.from} sent ${d.args.value}`) : Effect.void))
 *     )
 *   )
 * ```
 *
 * @since 0.1.0
 * @category decoding
 */
export const logDecoder = <const abi extends Abi.Abi | ReadonlyArray<unknown>>(
  abi: abi
): (<L extends RawLog>(log: L) => LogDecoding<abi, L>) =>
  matcherOf(abi) as <L extends RawLog>(log: L) => LogDecoding<abi, L>

/**
 * Decodes each log with the ABI's events: one result per log, in order (`Decoded`, `NoMatchingEvent` or
 * `DecodeFailed`), never a thrown error. Pure; typed per event for a literal ABI.
 *
 * @example
 * ```ts
 * import { decodeLogs } from "@blockscout-effect/client"
 *
 * const abi = [
 *   { type: "event", name: "Ping", inputs: [{ name: "n", type: "uint256", indexed: true }] }
 * ] as const
 * const [first] = decodeLogs(
 *   [{ topics: ["0x48257dc961b6f792c2b78a080dacfed693b660960a702de21cee364e20270e2f", `0x${"0".repeat(63)}7`], data: "0x" }],
 *   abi
 * )
 * export const n: bigint | undefined = first?._tag === "Decoded" ? first.args.n : undefined
 * ```
 *
 * @since 0.1.0
 * @category decoding
 */
export const decodeLogs = <const abi extends Abi.Abi | ReadonlyArray<unknown>, L extends RawLog>(
  logs: Iterable<L>,
  abi: abi
): Array<LogDecoding<abi, L>> => {
  const decode = logDecoder(abi)
  return Array.from(logs, (log) => decode(log))
}

/**
 * `decodeLogs` over a stream of logs (`bs.streamAddressLogs(address).pipe(decodeLogStream(abi))`): each log
 * as its result, the ABI's selectors computed once.
 *
 * @since 0.1.0
 * @category decoding
 */
export const decodeLogStream =
  <const abi extends Abi.Abi | ReadonlyArray<unknown>>(abi: abi) =>
  <L extends RawLog, E, R>(logs: Stream.Stream<L, E, R>): Stream.Stream<LogDecoding<abi, L>, E, R> =>
    Stream.map(logs, logDecoder(abi))

/** The part of `/smart-contracts/{address}` that `abiOf` reads: a verified contract's ABI (null otherwise). */
const SmartContractAbi = Schema.Struct({
  abi: Schema.optional(Schema.NullOr(Schema.Array(Schema.Unknown)))
})

/**
 * A verified contract's ABI, from the server (`GET /smart-contracts/{address}`), for `decodeLogs`. Fails with
 * `InvalidArgument` for an address that is not `0x` and 40 hex digits (nothing sent), and `NotFound` when the
 * server has no ABI for it (not verified there, or not a contract). The ABI is the server's, unchecked: an
 * item that is not a well-formed event is skipped by the decoder.
 *
 * @since 0.1.0
 * @category decoding
 */
export const abiOf = (
  address: string
): Effect.Effect<ReadonlyArray<unknown>, BlockscoutError<CallReason>, Blockscout> => {
  if (typeof address !== "string" || !addressPattern.test(address)) {
    return Effect.fail(
      new BlockscoutError({
        reason: new InvalidArgument({
          endpoint: "abiOf",
          url: "",
          argument: "address",
          message: `address must match ${addressPattern.source}`
        })
      })
    )
  }
  return Blockscout.use((bs) =>
    Effect.flatMap(bs.getPath(`/smart-contracts/${address}`, { schema: SmartContractAbi }), (body) =>
      body.abi === undefined || body.abi === null
        ? Effect.fail(
            new BlockscoutError({
              reason: new NotFound({
                endpoint: "abiOf",
                url: `${bs.target.apiUrl}/smart-contracts/${address}`,
                message: `${address} has no verified ABI on this server`
              })
            })
          )
        : Effect.succeed(body.abi)
    )
  )
}
