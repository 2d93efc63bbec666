/**
 * Example: a typed pipeline. The top senders and receivers of one ERC-20 token by volume over a block
 * range, with `bigint` amounts and the token's own decimals.
 *
 * Run: `node --conditions=source examples/src/token-flows.ts [token-address] [from-block] [to-block]`
 * (no arguments: USDC over the last 2,000 blocks of the simulated Blockscout; set `BLOCKSCOUT_CHAIN_ID`
 * and `BLOCKSCOUT_API_KEY` to ask the real Pro API).
 *
 * What it shows: `streamTokenTransfers` is a lazy `Stream` of decoded transfers, so the range is a
 * `takeWhile` and the totals a fold; amounts are `bigint` end to end (no float ever touches a wei value),
 * and a cursor is plain data, so the stream can start right at the top of the range.
 *
 * Gotcha: token transfers are newest first and carry `block_number` on the Pro API (and on 12.x
 * instances); older instances omit it, and such transfers are not counted.
 */
import { Blockscout } from "@blockscout-effect/client"
import type { TokenTransfer } from "@blockscout-effect/schema"
import { NodeRuntime } from "@effect/platform-node"
import { Console, Effect, Stream } from "effect"
import * as Connection from "./lib/Connection.ts"

/** Volume of one address. */
export interface Flow {
  readonly address: string
  /** Sum of amounts, in the token's smallest unit. */
  readonly volume: bigint
  readonly transfers: number
}

/** The result of `tokenFlows`. */
export interface TokenFlows {
  readonly token: { readonly address: string; readonly symbol: string; readonly decimals: number }
  readonly fromBlock: number
  readonly toBlock: number
  readonly transfers: number
  /** Sum of all transfer amounts in the range, smallest unit. */
  readonly volume: bigint
  /** Highest volume first (ties: lower address first), at most `top`. */
  readonly senders: ReadonlyArray<Flow>
  readonly receivers: ReadonlyArray<Flow>
}

/** Options of `tokenFlows`. */
export interface TokenFlowsOptions {
  readonly token: string
  readonly fromBlock: number
  readonly toBlock: number
  /** How many senders and receivers to keep (default 5). */
  readonly top?: number | undefined
}

const add = (book: Map<string, { volume: bigint; transfers: number }>, address: string, amount: bigint) => {
  const entry = book.get(address) ?? { volume: 0n, transfers: 0 }
  entry.volume += amount
  entry.transfers += 1
  book.set(address, entry)
}

const ranked = (book: Map<string, { volume: bigint; transfers: number }>, top: number): ReadonlyArray<Flow> =>
  [...book]
    .map(([address, { transfers, volume }]) => ({ address, transfers, volume }))
    .sort((a, b) => (a.volume === b.volume ? a.address.localeCompare(b.address) : a.volume > b.volume ? -1 : 1))
    .slice(0, top)

/**
 * Top senders and receivers of `token` over blocks `fromBlock..toBlock` (inclusive).
 *
 * Reads every ERC-20 transfer of the range (there is no per-token filter on `/token-transfers`), so a
 * wide range on a busy chain is many pages; the cursor starts the walk at `toBlock`.
 */
export const tokenFlows = Effect.fn("tokenFlows")(function* (options: TokenFlowsOptions) {
  const bs = yield* Blockscout
  const token = options.token.toLowerCase()
  const senders = new Map<string, { volume: bigint; transfers: number }>()
  const receivers = new Map<string, { volume: bigint; transfers: number }>()
  let meta: TokenFlows["token"] = { address: options.token, symbol: "?", decimals: 0 }
  let transfers = 0
  let volume = 0n

  const inRange = (t: TokenTransfer) => t.block_number !== undefined && t.block_number !== null
  yield* bs
    // A cursor is (block_number, index): items strictly before it, so this starts at the end of toBlock.
    .streamTokenTransfers({ type: ["ERC-20"], cursor: { block_number: options.toBlock + 1, index: 0 } })
    .pipe(
      Stream.takeWhile((t) => !inRange(t) || (t.block_number ?? 0) >= options.fromBlock),
      Stream.filter((t) => inRange(t) && (t.block_number ?? 0) <= options.toBlock),
      Stream.filter((t) => t.token.address_hash.toLowerCase() === token),
      Stream.runForEach((t) =>
        Effect.sync(() => {
          // `total` is a union (fungible, NFT, multi-token): narrow it to the amount-carrying kinds.
          const total = t.total
          const amount = total !== null && total !== undefined && "value" in total ? (total.value ?? 0n) : 0n
          meta = {
            address: t.token.address_hash,
            symbol: t.token.symbol ?? "?",
            decimals: Number(t.token.decimals ?? 0n)
          }
          transfers += 1
          volume += amount
          add(senders, t.from.hash, amount)
          add(receivers, t.to.hash, amount)
        })
      )
    )
  const top = options.top ?? 5
  const result: TokenFlows = {
    token: meta,
    fromBlock: options.fromBlock,
    toBlock: options.toBlock,
    transfers,
    volume,
    senders: ranked(senders, top),
    receivers: ranked(receivers, top)
  }
  return result
})

/**
 * `amount / 10^decimals` as a decimal string with thousands separators, truncated (not rounded) to
 * `fraction` digits: bigint arithmetic only.
 */
export const formatUnits = (amount: bigint, decimals: number, fraction = 2): string => {
  const negative = amount < 0n
  const abs = negative ? -amount : amount
  const unit = 10n ** BigInt(decimals)
  const whole = (abs / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  const digits = (abs % unit).toString().padStart(decimals, "0").slice(0, fraction).replace(/0+$/, "")
  return `${negative ? "-" : ""}${whole}${digits === "" ? "" : `.${digits}`}`
}

/** The report `main` prints. */
export const report = (flows: TokenFlows): string => {
  const { decimals, symbol } = flows.token
  const lines = [
    `${symbol} (${flows.token.address}, ${decimals} decimals), blocks ${flows.fromBlock}..${flows.toBlock}: ` +
      `${flows.transfers} transfers, ${formatUnits(flows.volume, decimals)} ${symbol} moved`
  ]
  for (const [title, list] of [
    ["Top senders", flows.senders],
    ["Top receivers", flows.receivers]
  ] as const) {
    lines.push("", title)
    for (const flow of list) {
      lines.push(
        `  ${flow.address}  ${formatUnits(flow.volume, decimals).padStart(28)} ${symbol}  (${flow.transfers} transfers)`
      )
    }
  }
  return lines.join("\n")
}

/** Reads the arguments, or picks USDC and the last 2,000 blocks. */
export const main = (argv: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    const head = (yield* bs.listTokenTransfers({ pageSize: 1 })).items[0]?.block_number ?? 0
    const [token, from, to] = argv
    const toBlock = to === undefined ? head : Number(to)
    const options = {
      token: token ?? (yield* defaultToken),
      fromBlock: from === undefined ? Math.max(0, toBlock - 1999) : Number(from),
      toBlock
    }
    yield* Console.log(report(yield* tokenFlows(options)))
  })

// Without arguments: the simulated chain's USDC, else the first ERC-20 seen.
const defaultToken = Effect.gen(function* () {
  const bs = yield* Blockscout
  const page = yield* bs.listTokenTransfers({ type: ["ERC-20"] })
  const usdc = page.items.find((t) => t.token.symbol === "USDC") ?? page.items[0]
  return usdc?.token.address_hash ?? "0x0000000000000000000000000000000000000000"
})

if (import.meta.main) {
  main(process.argv.slice(2)).pipe(
    Effect.provide(
      Connection.layer({
        family: "pro",
        client: { rateLimit: false },
        onConnect: (where) => Console.error(`Reading ${where}`)
      })
    ),
    NodeRuntime.runMain
  )
}
