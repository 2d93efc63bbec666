/**
 * What the partitioned-stream tests share: a simulated chain, a client of either family over it (optionally
 * through an HttpClient that counts requests in flight), the arguments of every row that can be partitioned,
 * and an item's text for comparing sets.
 */
import {
  layerHttpClient,
  makeHttpClient,
  SimulatedBlockscout,
  type SimulatorOptions
} from "@blockscout-effect/client/testing"
import { DateTime, Effect, Layer, Redacted } from "effect"
import { HttpClient } from "effect/http"
import {
  Blockscout,
  type ClientOptions,
  type EndpointArgs,
  type EndpointName,
  endpoints,
  type Family,
  type ListName
} from "../../src/index.ts"

/** A chain big enough for every ranged row to span many pages of 100. */
export const simulator = (options: SimulatorOptions = {}) =>
  SimulatedBlockscout.make({ seed: 23, blocks: 900, pendingTransactions: 5, smartContracts: 20, ...options })

export const apiKey = "proapi_partition_tests"

/** Quiet client defaults: no pacing, quick retries. */
export const quiet: ClientOptions = { rateLimit: false, retry: { times: 6, base: "1 millis", max: "8 millis" } }

/** The client of `family` over `http` (the simulator's in-process HttpClient by default). */
export const clientLayer = (
  sim: SimulatedBlockscout,
  family: Family,
  options: ClientOptions = {},
  http: Layer.Layer<HttpClient.HttpClient> = layerHttpClient(sim)
) =>
  (family === "pro"
    ? Blockscout.layerPro({ chainId: sim.chain.chainId, apiKey: Redacted.make(apiKey), ...quiet, ...options })
    : Blockscout.layerInstance({ baseUrl: "http://sim.test", ...quiet, ...options })
  ).pipe(Layer.provide(http))

/** Requests seen by a counting HttpClient: in flight now, the most at once, and in all. */
export interface Flight {
  inFlight: number
  max: number
  total: number
  /** `inFlight` when each request started, in order. */
  readonly atStart: Array<number>
}

/** The simulator's HttpClient, counting the requests in flight (a request is in flight until answered). */
export const countingHttp = (
  sim: SimulatedBlockscout
): { layer: Layer.Layer<HttpClient.HttpClient>; flight: Flight } => {
  const flight: Flight = { inFlight: 0, max: 0, total: 0, atStart: [] }
  const inner = makeHttpClient(sim)
  const client = HttpClient.make((request) =>
    Effect.suspend(() => {
      flight.inFlight += 1
      flight.total += 1
      flight.atStart.push(flight.inFlight)
      flight.max = Math.max(flight.max, flight.inFlight)
      return Effect.ensuring(
        inner.execute(request),
        Effect.sync(() => {
          flight.inFlight -= 1
        })
      )
    })
  )
  return { layer: Layer.succeed(HttpClient.HttpClient, client), flight }
}

/** One row that can be partitioned, with arguments that give it a long history on the simulated chain. */
export interface RangedRow {
  readonly name: ListName<typeof endpoints>
  readonly args: EndpointArgs
  /** The item field holding its key (the row's `range.itemKey`). */
  readonly key: string
}

/**
 * Every row of the table with a `range`, with its test arguments. A row that gains a `range` without arguments
 * here fails the tests: every partitionable row is covered.
 */
export const rangedRows = (sim: SimulatedBlockscout): ReadonlyArray<RangedRow> => {
  const chain = sim.chain
  const nft =
    chain.tokens.find((t) => t.type === "ERC-1155" && t.idCount > 0) ?? chain.tokens.find((t) => t.type !== "ERC-20")
  // Rows scoped to one address or instance hold fewer items: small pages make their histories many pages long.
  const args: Partial<Record<EndpointName, EndpointArgs>> = {
    tokenTransfers: {},
    tokenInstanceTransfers: { token: nft?.address ?? "", tokenId: "0", pageSize: 5 },
    transactions: { filter: "validated" },
    blocksValidated: { address: chain.miners[0] as string, pageSize: 10 },
    internalTransactions: { address: chain.routers[0] as string, pageSize: 20 },
    withdrawals: {},
    addressWithdrawals: { address: chain.users[2] as string, pageSize: 4 },
    addressTokenTransfers: { address: chain.users[1] as string, pageSize: 10 },
    addressLogs: { address: chain.tokens[0]?.address ?? "", pageSize: 20 },
    addressCoinBalanceHistory: { address: chain.users[3] as string, pageSize: 5 },
    blocks: {},
    tokenTransfersByToken: { token: chain.tokens[1]?.address ?? "", pageSize: 20 },
    chainInternalTransactions: {}
  }
  return Object.values(endpoints).flatMap((row) => {
    const range = "range" in row ? row.range : undefined
    if (range === undefined) return []
    const given = args[row.name]
    if (given === undefined) throw new Error(`no test arguments for the ranged row ${row.name}`)
    return [{ name: row.name as ListName<typeof endpoints>, args: given, key: range.itemKey }]
  })
}

/** An item as text, for comparing sets: bigints and dates written out, keys in order. */
export const itemText = (item: unknown): string =>
  JSON.stringify(item, (_, value) =>
    typeof value === "bigint" ? `${value}n` : DateTime.isDateTime(value) ? DateTime.formatIso(value) : value
  )

/** An item's key (its block number or index). */
export const keyOf = (row: RangedRow, item: unknown): number => (item as Record<string, number>)[row.key] as number
