/**
 * The simulated Blockscout server as one pure-ish function: `handle(request, nowMillis)` answers every row
 * of the endpoints table under both families' paths with real servers' semantics, one server at a time
 * (a per-instance 11.x or 12.x server, and the Pro API). Both ways in (the in-process `HttpClient` layer
 * and the loopback Node server) call this one function, so they cannot drift.
 *
 * This module holds the server's own concerns: families and keys, credits, rate-limit windows, faults,
 * latency and the request log. Routes come from the endpoints table (`internal/router.ts`), answers from
 * one handler per row (`routes/`), JSON shapes from one renderer per resource (`render/`).
 *
 * @since 0.1.0
 */
import { endpoints as defaultEndpoints, type Family, KeyRanges } from "@blockscout-effect/schema"
import { defaultBody, type Fault, pickFault, wrongBody } from "./Faults.ts"
import { hash } from "./internal/hash.ts"
import { backendVersionOf, type DispatchServices, dispatch } from "./internal/dispatch.ts"
import { type Cursor, intRe, type Outcome, type Query, Reject, splitUrl } from "./internal/query.ts"
import { RateWindows } from "./internal/rateWindows.ts"
import { checkRequest, credentialKeys, makeRoutes, matchRoute, type Route } from "./internal/router.ts"
import { Renderer, type ServerMode } from "./render/Renderer.ts"
import { handlers } from "./routes/index.ts"
import { siblingsOf } from "./internal/siblings.ts"
import { SimulatedChain } from "./SimulatedChain.ts"
import {
  type BlockItems,
  blockItemsOf,
  type CanonicalBlock,
  canonicalBlocksOf,
  LiveChain,
  type ReplacedBlock
} from "./LiveChain.ts"
import type { RequestRecord, SimulatedRequest, SimulatedResponse, SimulatorOptions } from "./SimulatorOptions.ts"

export type { Fault, FaultContext, FaultPlan } from "./Faults.ts"
export type { RequestRecord, SimulatedRequest, SimulatedResponse, SimulatorOptions } from "./SimulatorOptions.ts"
export type { BlockItems, CanonicalBlock, ReplacedBlock } from "./LiveChain.ts"

/** What `x-credits-remaining` counts down from when credits are unlimited. */
const unlimitedCredits = 1_000_000_000

const isPage = (body: unknown): body is { items: unknown; next_page_params: unknown } =>
  typeof body === "object" && body !== null && "items" in body && "next_page_params" in body

/** Filters a server drops from `next_page_params`: the caller re-sends them. */
const filterKeys = new Set(["type", "filter", "method", "q", "sort", "order", "limit"])

/** The cursor a request was fetched with: its query minus filters and credentials (numbers as numbers). */
const cursorOf = (query: Query): Cursor => {
  const c: Cursor = {}
  for (const [k, v] of Object.entries(query)) {
    if (filterKeys.has(k) || credentialKeys.has(k)) continue
    c[k] = intRe.test(v) && v.length < 16 ? Number(v) : v
  }
  return c
}

/**
 * The simulated Blockscout: a chain plus the server state (request counter, rate-limit windows, credits).
 * Build one with {@link SimulatedBlockscout.make} and hand it to `layerHttpClient` or `serve`, or call
 * `handle` directly.
 *
 * Gotcha: the state is mutable (counters); share one instance between two ways in only if you want them
 * to share rate limits and credits.
 *
 * @since 0.1.0
 * @category models
 */
export class SimulatedBlockscout {
  readonly chain: SimulatedChain
  readonly options: SimulatorOptions
  /** The last 1,000 requests answered, oldest first (for tests that check what a client sent). */
  readonly requests: Array<RequestRecord> = []
  private requestCount = 0
  private credits: number
  private creditsSpent = 0
  private readonly windows: RateWindows
  private readonly renderers = new Map<ServerMode, Renderer>()
  private readonly memo = new Map<string, unknown>()
  private readonly routes: ReadonlyArray<Route>
  private readonly restricted: Set<string>
  /** The Pro family's other chains (`otherChains`), by chain id: served on this server's keys, windows and credits. */
  private readonly siblings: ReadonlyMap<number, SimulatedBlockscout>
  /** Live mode's chain over time (`options.live`); undefined for a fixed chain. */
  private readonly live: LiveChain | undefined

  private constructor(options: SimulatorOptions) {
    this.options = options
    const fixed = SimulatedChain.make(options)
    // The schedule counts from the chain's own initial height (the options' `blocks`, with its default).
    this.live = options.live === undefined ? undefined : new LiveChain(options, options.live, fixed)
    this.chain = this.live === undefined ? fixed : this.live.initial
    this.credits = options.credits ?? Number.POSITIVE_INFINITY
    this.windows = new RateWindows(options.rateLimit)
    this.routes = makeRoutes(options.endpoints ?? defaultEndpoints, handlers)
    this.restricted = new Set((options.restrictedAddresses ?? []).map((a) => a.toLowerCase()))
    this.siblings = siblingsOf(options, (sibling) => new SimulatedBlockscout(sibling))
  }

  /** Builds a simulator; the same options give the same chain and the same answers. */
  static make(options: SimulatorOptions = {}): SimulatedBlockscout {
    return new SimulatedBlockscout(options)
  }

  /**
   * The canonical chain at a clock time (epoch ms): in live mode, the chain with the blocks produced by then and
   * the reorganisations that happened by then (what lookups answer from); otherwise `chain`. Use it in tests as
   * the truth a follower's view is compared with.
   */
  chainAt(nowMillis: number): SimulatedChain {
    return this.live === undefined ? this.chain : this.live.chainAt(nowMillis)
  }

  /**
   * The chain list routes answer from at a clock time: `chainAt(nowMillis)`, or while a lagging replica answers
   * (`live.lag`, `live.randomLag`), that chain cut short by the lag (the same hash at every height it has).
   */
  listChainAt(nowMillis: number): SimulatedChain {
    return this.live === undefined ? this.chain : this.live.listChainAt(nowMillis)
  }

  /** The head (highest block number) at a clock time: `chain.height - 1` unless live. */
  headAt(nowMillis: number): number {
    return this.chainAt(nowMillis).height - 1
  }

  /** The clock time (epoch ms) at which block `h` appears in live mode (the start for the initial blocks); undefined unless live. */
  producedAt(h: number): number | undefined {
    return this.live?.producedAt(h)
  }

  /**
   * The canonical blocks at a clock time from `fromHeight` to `toHeight` (both inclusive, default the whole
   * chain), ascending: each one's height, hash, parent hash, fork generation and timestamp. Parent hashes chain:
   * each block's `parentHash` is the previous entry's `hash`.
   */
  canonicalBlocks(nowMillis: number, fromHeight = 0, toHeight?: number): Array<CanonicalBlock> {
    return canonicalBlocksOf(this.chainAt(nowMillis), fromHeight, toHeight)
  }

  /**
   * The blocks reorganisations replaced by a clock time, newest height first (older generations after newer at
   * one height): what `/blocks?type=reorg` lists (before any lag). Each names the reorganisation's head (the block
   * whose production replaced it) and the height's hash now. Empty unless live.
   */
  replacedBlocks(nowMillis: number): Array<ReplacedBlock> {
    return this.live === undefined ? [] : this.live.replacedBlocks(nowMillis)
  }

  /**
   * The items block `height` holds in the canonical chain at a clock time, as the chain-wide lists render them
   * (`mode`: the server's, default the 12.x instance), in the lists' order: transactions (E4), token transfers
   * (E1), logs (by log index, as a transaction's logs list them), internal transactions (as a router's list, E11,
   * writes them: transaction position, then index, descending) and withdrawals (E8). `rowItems` gives the same
   * through any block-keyed row's own pages. A property test compares what a follower applied for a block with this.
   */
  blockItems(nowMillis: number, height: number, mode: ServerMode = this.options.version ?? "12"): BlockItems {
    const renderer = this.live === undefined ? this.renderer(mode) : this.live.rendererAt(nowMillis, mode)
    return blockItemsOf(renderer, height)
  }

  /**
   * The items a block-keyed list row (one whose pages split into block ranges: `tokenTransfers`,
   * `transactions`, `blocks`, a router's `internalTransactions`, `addressTokenTransfers`, ...: rows with a block
   * `range` in the endpoints table) lists for block `height` in the
   * canonical chain at a clock time, in the row's order, as the server renders them (its release line; no lag,
   * no faults, nothing counted). `path` fills the row's path parameters, `query` its filters. It walks the row's
   * own pages from the block's start cursor, so it is what a client reading that row sees of the block. Throws
   * for a row that is not block-keyed or a request the server refuses.
   */
  rowItems(
    nowMillis: number,
    row: string,
    height: number,
    args: { readonly path?: Readonly<Record<string, string>>; readonly query?: Readonly<Record<string, string>> } = {}
  ): Array<unknown> {
    const route = this.routes.find((r) => r.row.name === row)
    const range = route === undefined ? undefined : KeyRanges.rangeOf(route.row)
    if (route === undefined || range === undefined || range.dimension !== "block") {
      throw new Error(`rowItems: ${row} is not a block-keyed list row`)
    }
    const mode: ServerMode = this.options.version ?? "12"
    const services = this.services(false, mode, nowMillis)
    const out: Array<unknown> = []
    // The range's start cursor at the block (`{block_number: height + 1, index: 0}`: everything at or below it).
    let cursor: Record<string, unknown> = KeyRanges.startCursor(range, height)
    for (;;) {
      const query: Record<string, string> = { ...args.query }
      for (const [k, v] of Object.entries(cursor)) if (v !== null && v !== undefined) query[k] = String(v)
      if (mode !== "11") query.items_count = "100"
      let outcome: Outcome
      try {
        const params = checkRequest(route, mode, args.path ?? {}, query)
        outcome = dispatch(services, route, mode, params, query)
      } catch (e) {
        if (e instanceof Reject) throw new Error(`rowItems: ${row} answered ${JSON.stringify(e.outcome)}`)
        throw e
      }
      const page = outcome.body as {
        items: Array<Record<string, unknown>>
        next_page_params: Record<string, unknown> | null
      }
      if (outcome.status !== 200) throw new Error(`rowItems: ${row} answered ${outcome.status}`)
      for (const item of page.items) {
        const key = Number(item[range.itemKey])
        if (key < height) return out
        if (key === height) out.push(item)
      }
      if (page.next_page_params === null) return out
      cursor = page.next_page_params
    }
  }

  /** Credits left on the Pro family (Infinity when unlimited). */
  get creditsRemaining(): number {
    return this.credits
  }

  /**
   * What the server's rate limiter saw since the start (all keys): the requests it refused with 429, and the
   * most one key sent in any one second (refused ones included), whatever `rateLimit`'s kind and window. Zero
   * without a `rateLimit`. For benchmarks and tests that hold a client to "never more than the limit a second".
   */
  get rateLimitBooks(): { readonly refused: number; readonly busiestSecond: number } {
    return { refused: this.windows.refused, busiestSecond: this.windows.busiestSecond }
  }

  /**
   * The server's books so far: every request it answered (the `requests` log keeps the last 1,000 only) and the
   * Pro credits it charged. Two readings' difference is what happened between them: what a run cost, to hold a
   * dry run's estimate to.
   */
  get books(): { readonly requests: number; readonly credits: number } {
    return { requests: this.requestCount, credits: this.creditsSpent }
  }

  /**
   * Answers one request. `nowMillis` is the current time (from Effect's `Clock`, so `TestClock` drives
   * rate-limit windows).
   */
  handle(request: SimulatedRequest, nowMillis: number): SimulatedResponse {
    const n = ++this.requestCount
    const { path, query } = splitUrl(request.url)
    const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" }
    const pro = /^\/(\d+)\/api\/v2(\/.*)?$/.exec(path)
    const inst = pro === null ? /^\/api\/v2(\/.*)?$/.exec(path) : null
    const family: Family | undefined = pro !== null ? "pro" : inst !== null ? "instance" : undefined
    const sub = (pro !== null ? pro[2] : inst?.[1]) ?? "/"
    let fault: Fault | undefined
    const finish = (outcome: Outcome, transport?: SimulatedResponse["transport"]): SimulatedResponse => {
      this.requests.push({
        requestNumber: n,
        at: nowMillis,
        family,
        path,
        query,
        headers: request.headers,
        status: outcome.status,
        fault: fault?._tag
      })
      if (this.requests.length > 1000) this.requests.shift()
      return {
        status: outcome.status,
        headers,
        body: typeof outcome.body === "string" ? outcome.body : JSON.stringify(outcome.body),
        delayMillis: this.delay(n, family, sub, query),
        transport
      }
    }
    // The chain a Pro path names: this one, or one of `otherChains` (sharing this server's keys and windows).
    const server = pro === null ? this : this.serving(Number(pro[1]))
    if (family === undefined || server === undefined) return finish({ status: 404, body: { message: "Not found" } })
    if (request.method.toUpperCase() !== "GET") return finish({ status: 405, body: { message: "Method not allowed" } })

    // Credentials: Pro takes `apikey` or a bearer token; an instance takes `x-api-key` or `apikey`.
    const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, "")
    const key = family === "pro" ? (query.apikey ?? bearer) : (request.headers["x-api-key"] ?? query.apikey)
    const r = this.windows.take(`${family}:${key ?? ""}`, nowMillis)
    Object.assign(headers, r.headers)
    const found = matchRoute(this.routes, sub)
    const refused = this.admit(family, key, found?.route.row.credits ?? 20, r.limited, headers)
    if (refused !== undefined) return finish(refused)
    if (r.limited) return finish({ status: 429, body: { message: "Too many requests. Please try again later." } })

    fault = pickFault(server.options.faults, server.chain.seed, { requestNumber: n, family, path: sub, query })
    switch (fault?._tag) {
      case "ServerError":
        return finish(
          family === "pro"
            ? { status: fault.status ?? 502, body: { error: "Bad gateway", source: "upstream" } }
            : { status: fault.status ?? 500, body: { message: "Internal server error" } }
        )
      case "Status":
        Object.assign(headers, fault.headers ?? {})
        return finish({ status: fault.status, body: fault.body ?? defaultBody(fault.status, family) })
      case "Drop":
        return finish({ status: 0, body: null }, "drop")
      case "Hang":
        return finish({ status: 0, body: null }, "hang")
    }

    let outcome: Outcome
    // The handlers are plain synchronous code shared by both ways in (no Effect inside, for speed):
    // validation failures throw a `Reject` carrying the error response, answered here.
    try {
      outcome =
        found === undefined
          ? { status: 404, body: { message: "Not found" } }
          : server.dispatch(found, family, query, nowMillis)
    } catch (e) {
      if (e instanceof Reject) outcome = e.outcome
      else throw e
    }
    if (fault?._tag === "RepeatCursor" && outcome.status === 200 && isPage(outcome.body)) {
      const sent = cursorOf(query)
      if (Object.keys(sent).length > 0) outcome = { status: 200, body: { ...outcome.body, next_page_params: sent } }
    }
    if (fault?._tag === "WrongBody" && outcome.status === 200) {
      outcome = fault.body === undefined ? wrongBody(outcome) : { status: 200, body: fault.body }
    }
    return finish(outcome, fault?._tag === "Truncate" ? "truncate" : undefined)
  }

  /** The server of a Pro chain id: this one, or one of `otherChains`; undefined for a chain not served. */
  private serving(chainId: number): SimulatedBlockscout | undefined {
    return chainId === this.chain.chainId ? this : this.siblings.get(chainId)
  }

  /** Keys and credits: the refusal to answer (401, 402), or undefined; charges a Pro call that goes through. */
  private admit(
    family: Family,
    key: string | undefined,
    price: number,
    limited: boolean,
    headers: Record<string, string>
  ): Outcome | undefined {
    const keys = this.options.apiKeys
    if (family === "instance") {
      if (key !== undefined && keys !== undefined && !keys.includes(key))
        return { status: 401, body: { message: "Wrong API key" } }
      if ((key === undefined || key === "") && this.options.requireInstanceApiKey === true) {
        return { status: 401, body: { message: "Unauthorized" } }
      }
      return undefined
    }
    if (key === undefined || key === "") return { status: 401, body: { message: "Unauthorized" } }
    if (keys !== undefined && !keys.includes(key)) return { status: 401, body: { message: "Wrong API key" } }
    if (this.credits < price) {
      headers["x-credits-remaining"] = String(this.credits)
      return { status: 402, body: { error: "Out of credits" } }
    }
    if (!limited) {
      this.credits -= price
      this.creditsSpent += price
    }
    headers["x-credits-remaining"] = String(
      Number.isFinite(this.credits) ? this.credits : Math.max(0, unlimitedCredits - this.creditsSpent)
    )
    return undefined
  }

  private delay(n: number, family: Family | undefined, path: string, query: Query): number {
    const l = this.options.latency
    if (l === undefined) return 0
    if (typeof l === "number") return l
    if (typeof l === "function")
      return family === undefined ? 0 : Math.max(0, l({ requestNumber: n, family, path, query }))
    return l.min + Math.floor((hash(this.chain.seed, 0x1a7e, n) / 4294967296) * (l.max - l.min))
  }

  private renderer(mode: ServerMode): Renderer {
    let r = this.renderers.get(mode)
    if (r === undefined) {
      r = new Renderer(this.chain, mode)
      this.renderers.set(mode, r)
    }
    return r
  }

  /** Checks the request against its route, then runs the row's handler (501 for a row without one). */
  private dispatch(
    found: { readonly route: Route; readonly params: Record<string, string> },
    family: Family,
    query: Query,
    nowMillis: number
  ): Outcome {
    const { route } = found
    const mode: ServerMode = family === "pro" ? "pro" : (this.options.version ?? "12")
    const params = checkRequest(route, mode, found.params, query)
    if (route.row.path.startsWith("/addresses/")) {
      for (const p of route.row.pathParams) {
        const restricted = p.kind === "address" && this.restricted.has(params[p.name]!)
        if (restricted && (this.options.secretKey === undefined || query.key !== this.options.secretKey)) {
          throw new Reject({ status: 403, body: { message: "Restricted access" } })
        }
      }
    }
    return dispatch(this.services(route.row.shape !== "item", mode, nowMillis), route, mode, params, query)
  }

  /**
   * What a handler answers from: the chain (live: at the time, a list's perhaps lagging), its renderers and memo,
   * and what the server says whatever the chain (`server`).
   */
  private services(list: boolean, mode: ServerMode, nowMillis: number): DispatchServices {
    const server = {
      unindexed: this.options.unindexedInternalTransactions,
      backendVersion: backendVersionOf(this.options.backendVersion),
      accountAbstraction: this.options.accountAbstraction
    }
    return this.live === undefined
      ? { chain: this.chain, renderer: (m) => this.renderer(m), memo: this.memo, ...server }
      : { ...this.live.services(list, mode, nowMillis), ...server }
  }
}
