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
 * Gotcha: token transfers are newest first and carry `block_number` on the Pro API and on instances since
 * 6.9; an instance that omits it still puts the block of each page's last transfer in the page's cursor
 * (`next_page_params.block_number`), so the walk reads blocks from there: a page whose cursor is still inside
 * the range is inside it whole, and the page that crosses `fromBlock` is walked again one transfer a page
 * (`pageSize: 1`), each one-item page's cursor naming its transfer's block. Exact on servers that honour the
 * page size (12.x); a server that ignores it counts the crossing page by its last transfer's block.
 */
import { Blockscout, type BlockscoutError, type PageWithCursor } from "@blockscout-effect/client"
import type { NextPageParams, TokenTransfer } from "@blockscout-effect/schema"
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

// The block a cursor names (`next_page_params.block_number`), when it names one.
const cursorBlock = (cursor: NextPageParams | null | undefined): number | undefined => {
  const value = cursor?.block_number
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN
  return Number.isSafeInteger(n) ? n : undefined
}

/**
 * The ERC-20 transfers of blocks `fromBlock..toBlock`, newest first, from servers that send each transfer's
 * `block_number` and from those that only put it in their cursors (see the module's gotcha).
 */
export const transfersInRange = (fromBlock: number, toBlock: number) =>
  Stream.unwrap(
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const query = { type: ["ERC-20" as const] }
      // A cursor is (block_number, index): items strictly before it, so this starts at the end of toBlock.
      const start = { block_number: toBlock + 1, index: 0 }
      // One page, its items in the range and whether the walk goes on past it.
      const inRange = (
        page: PageWithCursor<TokenTransfer>
      ): Effect.Effect<readonly [ReadonlyArray<TokenTransfer>, boolean], BlockscoutError> => {
        if (page.items.every((t) => typeof t.block_number === "number")) {
          const kept = page.items.filter((t) => (t.block_number ?? 0) >= fromBlock && (t.block_number ?? 0) <= toBlock)
          return Effect.succeed([kept, page.items.every((t) => (t.block_number ?? 0) >= fromBlock)])
        }
        const last = cursorBlock(page.next_page_params)
        if (last !== undefined && last >= fromBlock) return Effect.succeed([page.items, true])
        if (page.next_page_params === null && fromBlock === 0) return Effect.succeed([page.items, false])
        // The page crosses fromBlock: walk it again one transfer a page, each cursor naming that transfer's block.
        return bs.streamTokenTransfersPages({ ...query, cursor: page.cursor ?? start, pageSize: 1 }).pipe(
          Stream.take(page.items.length),
          Stream.takeWhile((one) => (cursorBlock(one.next_page_params) ?? -1) >= fromBlock),
          Stream.flatMap((one) => Stream.fromIterable(one.items)),
          Stream.runCollect,
          Effect.map((kept) => [kept, false] as const)
        )
      }
      return bs.streamTokenTransfersPages({ ...query, cursor: start }).pipe(
        Stream.mapEffect(inRange),
        Stream.takeUntil(([, more]) => !more),
        Stream.flatMap(([kept]) => Stream.fromIterable(kept))
      )
    })
  )

/**
 * Top senders and receivers of `token` over blocks `fromBlock..toBlock` (inclusive).
 *
 * Reads every ERC-20 transfer of the range (there is no per-token filter on `/token-transfers`), so a
 * wide range on a busy chain is many pages; the cursor starts the walk at `toBlock`.
 */
export const tokenFlows = Effect.fn("tokenFlows")(function* (options: TokenFlowsOptions) {
  const token = options.token.toLowerCase()
  const senders = new Map<string, { volume: bigint; transfers: number }>()
  const receivers = new Map<string, { volume: bigint; transfers: number }>()
  let meta: TokenFlows["token"] = { address: options.token, symbol: "?", decimals: 0 }
  let transfers = 0
  let volume = 0n

  yield* transfersInRange(options.fromBlock, options.toBlock).pipe(
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
    // The newest transfer's block: its `block_number`, or the cursor of a one-transfer page (older instances).
    const first = yield* bs.listTokenTransfers({ pageSize: 1 })
    const head = first.items[0]?.block_number ?? cursorBlock(first.next_page_params) ?? 0
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
