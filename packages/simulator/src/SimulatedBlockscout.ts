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
import { endpoints as defaultEndpoints, type Family } from "@blockscout-effect/schema"
import { defaultBody, type Fault, pickFault, wrongBody } from "./Faults.ts"
import { hash } from "./internal/hash.ts"
import { dispatch } from "./internal/dispatch.ts"
import { type Cursor, intRe, type Outcome, type Query, Reject, splitUrl } from "./internal/query.ts"
import { RateWindows } from "./internal/rateWindows.ts"
import { checkRequest, credentialKeys, makeRoutes, matchRoute, type Route } from "./internal/router.ts"
import { Renderer, type ServerMode } from "./render/Renderer.ts"
import { handlers } from "./routes/index.ts"
import { siblingsOf } from "./internal/siblings.ts"
import { SimulatedChain } from "./SimulatedChain.ts"
import { LiveSchedule } from "./chain/live.ts"
import type { LiveRoutes } from "./internal/router.ts"
import type { RequestRecord, SimulatedRequest, SimulatedResponse, SimulatorOptions } from "./SimulatorOptions.ts"

export type { Fault, FaultContext, FaultPlan } from "./Faults.ts"
export type { RequestRecord, SimulatedRequest, SimulatedResponse, SimulatorOptions } from "./SimulatorOptions.ts"

/** Live mode: a chain at a moment, with its renderers and its memo of page tables. */
interface View {
  readonly chain: SimulatedChain
  readonly renderers: (mode: ServerMode) => Renderer
  readonly memo: Map<string, unknown>
}

/**
 * A canonical block of a live chain at a time (`SimulatedBlockscout.canonicalBlocks`).
 *
 * @since 0.1.0
 * @category models
 */
export interface CanonicalBlock {
  readonly height: number
  readonly hash: string
  readonly parentHash: string
  /** How many reorganisations replaced this height (0: the block the seed made). */
  readonly generation: number
  /** The block's timestamp (epoch ms, the chain's time). */
  readonly timestampMillis: number
}

/**
 * A block a reorganisation replaced (`SimulatedBlockscout.replacedBlocks`): `/blocks?type=reorg` lists it and
 * `/blocks/{hash}` answers it with `type: "reorg"`; its number now answers the block with `canonicalHash`.
 *
 * @since 0.1.0
 * @category models
 */
export interface ReplacedBlock {
  readonly height: number
  readonly hash: string
  readonly generation: number
  /** The head whose production replaced it. */
  readonly replacedAtHead: number
  /** The hash the height has now. */
  readonly canonicalHash: string
}

/**
 * What a block holds, rendered as the chain-wide lists write each item (`SimulatedBlockscout.blockItems`).
 *
 * @since 0.1.0
 * @category models
 */
export interface BlockItems {
  readonly transactions: ReadonlyArray<unknown>
  readonly tokenTransfers: ReadonlyArray<unknown>
  readonly logs: ReadonlyArray<unknown>
  readonly internalTransactions: ReadonlyArray<unknown>
  readonly withdrawals: ReadonlyArray<unknown>
}

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
  /** Live mode's schedule (`options.live`); undefined for a fixed chain. */
  private readonly live: LiveSchedule | undefined
  /** Live mode: the chains at recent (height, fork head) pairs, with their renderers and memos, newest last. */
  private readonly views = new Map<string, View>()
  /** Live mode: what every view shares, over final heights (`ChainFork.shared`). */
  private readonly shared = new Map<string, unknown>()

  private constructor(options: SimulatorOptions) {
    this.options = options
    const fixed = SimulatedChain.make(options)
    // The schedule counts from the chain's own initial height (the options' `blocks`, with its default).
    this.live = options.live === undefined ? undefined : new LiveSchedule(options.live, fixed.seed, fixed.height)
    this.chain = this.live === undefined ? fixed : this.view(fixed.height, fixed.height - 1).chain
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
   * the truth a follower's view is compared with (`canonicalBlocks`, `blockItems` read it).
   */
  chainAt(nowMillis: number): SimulatedChain {
    const live = this.live
    if (live === undefined) return this.chain
    const head = live.headAt(nowMillis)
    return this.view(head + 1, head).chain
  }

  /**
   * The chain list routes answer from at a clock time: `chainAt(nowMillis)`, or while a lagging replica answers
   * (`live.lag`, `live.randomLag`), that chain cut short by the lag (the same hash at every height it has).
   */
  listChainAt(nowMillis: number): SimulatedChain {
    const live = this.live
    if (live === undefined) return this.chain
    const head = live.headAt(nowMillis)
    return this.view(Math.max(1, head + 1 - live.lagAt(nowMillis)), head).chain
  }

  /** The head (highest block number) at a clock time: `chain.height - 1` unless live. */
  headAt(nowMillis: number): number {
    return this.live === undefined ? this.chain.height - 1 : this.live.headAt(nowMillis)
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
    const chain = this.chainAt(nowMillis)
    const top = Math.min(chain.height - 1, toHeight ?? chain.height - 1)
    const out: Array<CanonicalBlock> = []
    for (let h = Math.max(0, fromHeight); h <= top; h++) {
      out.push({
        height: h,
        hash: chain.blockHash(h),
        parentHash: h === 0 ? `0x${"0".repeat(64)}` : chain.blockHash(h - 1),
        generation: chain.generation(h),
        timestampMillis: chain.blockMillis(h)
      })
    }
    return out
  }

  /**
   * The blocks reorganisations replaced by a clock time, newest height first (older generations after newer at
   * one height): what `/blocks?type=reorg` lists (before any lag). Each names the reorganisation's head (the block
   * whose production replaced it) and the height's hash now. Empty unless live.
   */
  replacedBlocks(nowMillis: number): Array<ReplacedBlock> {
    const live = this.live
    if (live === undefined) return []
    const head = live.headAt(nowMillis)
    const chain = this.view(head + 1, head).chain
    const out: Array<ReplacedBlock> = []
    for (let h = head; h >= live.lowestReplaceable(head); h--) {
      const events = live.replacements(h, head)
      for (let k = events.length - 1; k >= 0; k--) {
        out.push({
          height: h,
          hash: chain.blockHashAt(h, k),
          generation: k,
          replacedAtHead: events[k]!.head,
          canonicalHash: chain.blockHash(h)
        })
      }
    }
    return out
  }

  /**
   * The items block `height` holds in the canonical chain at a clock time, as the chain-wide lists render them
   * (`mode`: the server's, default the 12.x instance), in the lists' order: transactions (E4), token transfers
   * (E1), logs (by log index, as a transaction's logs list them), internal transactions (E10) and withdrawals
   * (E8). A property test compares what a follower applied for a block with this.
   */
  blockItems(nowMillis: number, height: number, mode: ServerMode = this.options.version ?? "12"): BlockItems {
    const chain = this.chainAt(nowMillis)
    if (!(height >= 0 && height < chain.height)) {
      return { transactions: [], tokenTransfers: [], logs: [], internalTransactions: [], withdrawals: [] }
    }
    const r = this.view(chain.height, chain.height - 1).renderers(mode)
    const template = chain.template(height)
    const withdrawals: Array<unknown> = []
    for (let i = chain.withdrawalsPerBlock - 1; i >= 0; i--) {
      withdrawals.push(r.withdrawal(height * chain.withdrawalsPerBlock + i, true))
    }
    return {
      transactions: [...template.transactions].reverse().map((tx) => r.transaction(height, tx)),
      tokenTransfers: template.transfers.map((t) => r.tokenTransfer(height, t)),
      logs: template.logs.map((l) => r.log(height, l)),
      internalTransactions: template.internals.map((it) => r.internalTransaction(height, it)),
      withdrawals
    }
  }

  /** Credits left on the Pro family (Infinity when unlimited). */
  get creditsRemaining(): number {
    return this.credits
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

  /**
   * Live mode: the chain of `height` blocks with the reorganisations up to head `forkHead` (`height - 1` for the
   * canonical chain; a lagging replica's is shorter), with its own renderers and memo (pages' tables depend on
   * the chain's values). The last 32 are kept: a request needs one or two, a reorg list one per reorganisation.
   */
  private view(height: number, forkHead: number): View {
    const key = `${height}:${forkHead}`
    const found = this.views.get(key)
    if (found !== undefined) {
      // Most recently used last.
      this.views.delete(key)
      this.views.set(key, found)
      return found
    }
    const live = this.live!
    const lowest = live.lowestReplaceable(forkHead)
    const chain = SimulatedChain.make(
      { ...this.options, blocks: height },
      {
        generation: (h) => (h < lowest ? 0 : live.generation(h, forkHead)),
        initialHeight: live.initialHeight,
        blockMillis: live.blockMillis,
        finalHeight: live.finalHeight(forkHead),
        shared: this.shared
      }
    )
    const renderers = new Map<ServerMode, Renderer>()
    const view: View = {
      chain,
      memo: new Map(),
      renderers: (mode) => {
        let r = renderers.get(mode)
        if (r === undefined) {
          r = new Renderer(chain, mode)
          renderers.set(mode, r)
        }
        return r
      }
    }
    this.views.set(key, view)
    if (this.views.size > 32) this.views.delete(this.views.keys().next().value!)
    return view
  }

  /**
   * Live mode: what a request at `nowMillis` is answered from. Lookups see the head; lists (page and array rows)
   * may see a lagging replica's shorter chain. Either way every height has its canonical hash at the head.
   */
  private liveServices(route: Route, mode: ServerMode, nowMillis: number) {
    const live = this.live!
    const head = live.headAt(nowMillis)
    const lag = route.row.shape === "item" ? 0 : live.lagAt(nowMillis)
    const view = this.view(Math.max(1, head + 1 - lag), head)
    const routes: LiveRoutes = {
      head,
      replacements: (h) => live.replacements(h, head),
      lowestReplaceable: live.lowestReplaceable(head),
      lostConsensus: (h) => live.lostConsensus(h, head, nowMillis),
      rendererAt: (at) => this.view(at + 1, at).renderers(mode)
    }
    return {
      chain: view.chain,
      renderer: view.renderers,
      memo: view.memo,
      unindexed: this.options.unindexedInternalTransactions,
      live: routes
    }
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
    return dispatch(
      this.live === undefined
        ? {
            chain: this.chain,
            renderer: (m) => this.renderer(m),
            memo: this.memo,
            unindexed: this.options.unindexedInternalTransactions
          }
        : this.liveServices(route, mode, nowMillis),
      route,
      mode,
      params,
      query
    )
  }
}
