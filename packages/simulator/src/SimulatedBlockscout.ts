/**
 * The simulated Blockscout server as one pure-ish function: `handle(request, nowMillis)` answers endpoints
 * E1–E12 of the API doc under both families' paths with real servers' semantics (page sizes, cursor keys,
 * filters dropped from cursors, error bodies, rate-limit headers, credits, faults). Both ways in (the
 * in-process `HttpClient` layer and the loopback Node server) call this one function, so they cannot drift.
 *
 * @since 0.1.0
 */
import { hash } from "./internal/hash.ts"
import { type Family, Renderer } from "./internal/render.ts"
import {
  type ChainOptions,
  type InternalTemplate,
  PERIOD,
  SimulatedChain,
  type SmartContractInfo,
  type TransactionKind,
  type TransferTemplate,
  type TxTemplate
} from "./SimulatedChain.ts"

/**
 * A fault the simulator injects into one response.
 * - `ServerError`: a 5xx with the gateway's body (default status 502 on Pro, 500 per instance).
 * - `Drop`: the connection closes without a response (a transport error).
 * - `Truncate`: headers and part of the body arrive, then the connection closes.
 * - `Hang`: the response never comes (a client timeout must fire).
 * - `RepeatCursor`: a page whose `next_page_params` equals the cursor it was fetched with (a stalled
 *   pagination); on a first page (no cursor) the page is answered normally.
 */
export type Fault =
  | { readonly _tag: "ServerError"; readonly status?: number | undefined }
  | { readonly _tag: "Drop" }
  | { readonly _tag: "Truncate" }
  | { readonly _tag: "Hang" }
  | { readonly _tag: "RepeatCursor" }

/** What a fault function sees about a request. */
export interface FaultContext {
  /** 1 for the first request the simulator answers, then 2, 3, ... */
  readonly requestNumber: number
  readonly family: Family
  /** Path after `/api/v2` (e.g. `/token-transfers`). */
  readonly path: string
  readonly query: Readonly<Record<string, string>>
}

/**
 * When to inject faults: a deterministic rate (decided by a hash of the seed and the request number, so
 * reruns fail the same requests), or a function deciding per request.
 */
export type FaultPlan =
  | { readonly rate: number; readonly kinds?: ReadonlyArray<Fault["_tag"]> | undefined }
  | ((context: FaultContext) => Fault | undefined)

/** Options of the simulated server: the chain's options plus the server's behaviour. */
export interface SimulatorOptions extends ChainOptions {
  /**
   * Server version semantics. `"12"` (default, also the Pro API): `items_count` is the page size (default
   * 50, capped at 100) and never echoed. `"11"`: `items_count` does nothing and is echoed (cumulated) into
   * cursors, and so are the caller's `apikey` and `key`, as pre-12 servers did.
   */
  readonly version?: "11" | "12" | undefined
  /** Accepted API keys. Unset: any non-empty key is accepted. The Pro family always needs a key. */
  readonly apiKeys?: ReadonlyArray<string> | undefined
  /** Whether the per-instance family also refuses keyless calls with 401 (default false). */
  readonly requireInstanceApiKey?: boolean | undefined
  /**
   * Pro credits; each answered call costs 20 (30 for logs and token transfers, 40 for internal transactions),
   * a 429 nothing; 402 once a call costs more than is left. Default unlimited: never 402, and
   * `x-credits-remaining` counts down from 1,000,000,000 (a real plan's header always moves).
   */
  readonly credits?: number | undefined
  /** Addresses an instance restricts: E7, E10, E11, E12 answer 403 unless `key` equals `secretKey`. */
  readonly restrictedAddresses?: ReadonlyArray<string> | undefined
  readonly secretKey?: string | undefined
  /** Requests allowed per window and per (family, key); above it the server answers 429. Default unlimited. */
  readonly rateLimit?: { readonly limit: number; readonly windowMillis?: number | undefined } | undefined
  /**
   * Added latency in milliseconds: fixed, a deterministic value in [min, max), or decided per request (e.g.
   * slow token transfers and internal transactions, as real servers under load). Default 0.
   */
  readonly latency?:
    | number
    | { readonly min: number; readonly max: number }
    | ((context: FaultContext) => number)
    | undefined
  readonly faults?: FaultPlan | undefined
}

/** A request as the simulator sees it. `url` may be absolute or a path with a query string. */
export interface SimulatedRequest {
  readonly method: string
  readonly url: string
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>
}

/** The simulator's answer. `transport` says how to deliver it when it is not a plain response. */
export interface SimulatedResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  /** Milliseconds to wait before answering (latency). */
  readonly delayMillis: number
  /**
   * `drop`: close the connection without answering; `truncate`: send the headers and the first half of
   * `body`, then close; `hang`: never answer.
   */
  readonly transport?: "drop" | "truncate" | "hang" | undefined
}

/** One answered request, kept in {@link SimulatedBlockscout.requests} for tests. */
export interface RequestRecord {
  readonly requestNumber: number
  readonly family: Family | undefined
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly status: number
  readonly fault: Fault["_tag"] | undefined
}

type Query = Record<string, string>
type Cursor = Record<string, string | number>
type Outcome = { readonly status: number; readonly body: unknown }

/** Thrown inside the synchronous handler to answer early with an error; caught in `handle` only. */
class Reject {
  readonly outcome: Outcome
  constructor(outcome: Outcome) {
    this.outcome = outcome
  }
}

const ok = (body: unknown): Outcome => ({ status: 200, body })
const notFound = (): Reject => new Reject({ status: 404, body: { message: "Not found" } })
const invalid = (pointer: string, detail: string): Reject =>
  new Reject({
    status: 422,
    body: { errors: [{ title: "Invalid value", source: { pointer: `/${pointer}` }, detail }] }
  })

const addressRe = /^0x([A-Fa-f0-9]{40})$/
const hashRe = /^0x([A-Fa-f0-9]{64})$/
const tokenIdRe = /^-?([1-9][0-9]*|0)$/
const intRe = /^\d+$/
const addressDetail = "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/"
const hashDetail = "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/"

const tokenTypes = ["ERC-20", "ERC-721", "ERC-1155", "ERC-404"] as const
const transactionKinds: ReadonlyArray<TransactionKind> = [
  "token_transfer",
  "contract_creation",
  "contract_call",
  "coin_transfer",
  "token_creation"
]
/** Filters a server drops from `next_page_params`: the caller re-sends them. */
const filterKeys = new Set(["type", "filter", "method", "q", "sort", "order", "limit"])
const credentialKeys = new Set(["apikey", "key"])

/** Query parameters each endpoint knows (besides `apikey` and `key`). */
const known = {
  tokenTransfers: [
    "type",
    "limit",
    "block_number",
    "index",
    "batch_log_index",
    "batch_block_hash",
    "batch_transaction_hash",
    "index_in_batch",
    "items_count"
  ],
  tokenInstanceTransfers: ["block_number", "index", "token_id", "items_count"],
  mainPageTransactions: [],
  transactions: ["filter", "type", "method", "block_number", "index", "inserted_at", "hash", "items_count"],
  transactionLogs: ["block_number", "index", "items_count"],
  blocksValidated: ["block_number", "items_count"],
  smartContracts: [
    "q",
    "filter",
    "sort",
    "order",
    "smart_contract_id",
    "coin_balance",
    "transactions_count",
    "hash",
    "items_count"
  ],
  withdrawals: ["index", "items_count"],
  nftCollections: ["type", "token_contract_address_hash", "token_type", "items_count"],
  internalTransactions: ["filter", "block_number", "transaction_index", "index", "items_count"],
  addressWithdrawals: ["index", "items_count"]
} as const

type EndpointName = keyof typeof known

const cost: Record<EndpointName, number> = {
  tokenTransfers: 30,
  tokenInstanceTransfers: 30,
  mainPageTransactions: 20,
  transactions: 20,
  transactionLogs: 30,
  blocksValidated: 20,
  smartContracts: 20,
  withdrawals: 20,
  nftCollections: 20,
  internalTransactions: 40,
  addressWithdrawals: 20
}

/** What `x-credits-remaining` counts down from when credits are unlimited. */
const unlimitedCredits = 1_000_000_000

/** Endpoints whose cursor carries `items_count` on pre-12 servers. */
const echoesItemsCount = new Set<EndpointName>([
  "transactions",
  "transactionLogs",
  "blocksValidated",
  "smartContracts",
  "withdrawals",
  "internalTransactions",
  "addressWithdrawals"
])

interface Route {
  readonly name: EndpointName
  readonly params: ReadonlyArray<string>
}

const route = (path: string): Route | undefined => {
  const s = path.split("/").filter((x) => x !== "")
  const [a, b, c, d, e] = s
  switch (s.length) {
    case 1:
      if (a === "token-transfers") return { name: "tokenTransfers", params: [] }
      if (a === "transactions") return { name: "transactions", params: [] }
      if (a === "smart-contracts") return { name: "smartContracts", params: [] }
      if (a === "withdrawals") return { name: "withdrawals", params: [] }
      return undefined
    case 2:
      if (a === "main-page" && b === "transactions") return { name: "mainPageTransactions", params: [] }
      return undefined
    case 3:
      if (a === "transactions" && c === "logs") return { name: "transactionLogs", params: [b!] }
      if (a === "addresses" && c === "blocks-validated") return { name: "blocksValidated", params: [b!] }
      if (a === "addresses" && c === "internal-transactions") return { name: "internalTransactions", params: [b!] }
      if (a === "addresses" && c === "withdrawals") return { name: "addressWithdrawals", params: [b!] }
      return undefined
    case 4:
      if (a === "addresses" && c === "nft" && d === "collections") return { name: "nftCollections", params: [b!] }
      return undefined
    case 5:
      if (a === "tokens" && c === "instances" && e === "transfers")
        return { name: "tokenInstanceTransfers", params: [b!, d!] }
      return undefined
    default:
      return undefined
  }
}

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "))
  } catch {
    return s
  }
}

/** Splits a URL (absolute or path-only) into path and query without the WHATWG URL global. */
const splitUrl = (url: string): { readonly path: string; readonly query: Query } => {
  let rest = url
  const scheme = rest.indexOf("://")
  if (scheme >= 0) {
    const slash = rest.indexOf("/", scheme + 3)
    rest = slash < 0 ? "/" : rest.slice(slash)
  }
  const hashAt = rest.indexOf("#")
  if (hashAt >= 0) rest = rest.slice(0, hashAt)
  const q = rest.indexOf("?")
  const path = q < 0 ? rest : rest.slice(0, q)
  const query: Query = {}
  if (q >= 0) {
    for (const part of rest.slice(q + 1).split("&")) {
      if (part === "") continue
      const eq = part.indexOf("=")
      const key = decode(eq < 0 ? part : part.slice(0, eq))
      // The first occurrence wins, as Plug's parser keeps one value per key.
      if (!(key in query)) query[key] = eq < 0 ? "" : decode(part.slice(eq + 1))
    }
  }
  return { path, query }
}

const int = (query: Query, key: string): number | undefined => {
  const v = query[key]
  if (v === undefined) return undefined
  if (!intRe.test(v) || v.length > 15) throw invalid(key, "Invalid integer")
  return Number(v)
}

const hashParam = (query: Query, key: string): string | undefined => {
  const v = query[key]
  if (v === undefined) return undefined
  if (!hashRe.test(v)) throw invalid(key, hashDetail)
  return v.toLowerCase()
}

const list = (
  query: Query,
  key: string,
  allowed: ReadonlyArray<string>,
  normalise = (s: string) => s
): Array<string> | undefined => {
  const v = query[key]
  if (v === undefined || v === "") return undefined
  const out: Array<string> = []
  for (const raw of v.split(",")) {
    const x = normalise(raw.trim())
    if (!allowed.includes(x)) throw invalid(key, "Invalid value")
    out.push(x)
  }
  return out
}

const oneOf = <A extends string>(query: Query, key: string, allowed: ReadonlyArray<A>): A | undefined => {
  const v = query[key]
  if (v === undefined || v === "") return undefined
  const lower = v.toLowerCase() as A
  if (!allowed.includes(lower)) throw invalid(key, "Invalid value")
  return lower
}

/** Per-request facts the endpoint handlers share. */
interface Ctx {
  readonly query: Query
  readonly render: Renderer
  readonly size: number
  /** The next page's cursor from the last item's keys, with pre-12 echoes added; null when `more` is false. */
  readonly next: (more: boolean, keys: () => Cursor) => Cursor | null
}

/**
 * The simulated Blockscout: a chain plus the server state (request counter, rate-limit windows, credits).
 * Build one with {@link SimulatedBlockscout.make} and hand it to `layerHttpClient` or `serve`, or call
 * `handle` directly.
 *
 * Gotcha: the state is mutable (counters); share one instance between two ways in only if you want them
 * to share rate limits and credits.
 */
export class SimulatedBlockscout {
  readonly chain: SimulatedChain
  readonly options: SimulatorOptions
  /** The last 1,000 requests answered, oldest first (for tests that check what a client sent). */
  readonly requests: Array<RequestRecord> = []
  private requestCount = 0
  private credits: number
  private creditsSpent = 0
  private readonly windows = new Map<string, { start: number; count: number }>()
  private readonly renderers: Record<Family, Renderer>
  private readonly txFilterCache = new Map<string, ReadonlyArray<ReadonlyArray<TxTemplate>>>()
  private readonly transferFilterCache = new Map<string, ReadonlyArray<ReadonlyArray<TransferTemplate>>>()
  private readonly contractCache = new Map<string, ReadonlyArray<SmartContractInfo>>()
  private readonly restricted: Set<string>

  private constructor(options: SimulatorOptions) {
    this.options = options
    this.chain = SimulatedChain.make(options)
    this.credits = options.credits ?? Number.POSITIVE_INFINITY
    this.renderers = { pro: new Renderer(this.chain, "pro"), instance: new Renderer(this.chain, "instance") }
    this.restricted = new Set((options.restrictedAddresses ?? []).map((a) => a.toLowerCase()))
  }

  /** Builds a simulator; the same options give the same chain and the same answers. */
  static make(options: SimulatorOptions = {}): SimulatedBlockscout {
    return new SimulatedBlockscout(options)
  }

  /** Credits left on the Pro family (Infinity when unlimited). */
  get creditsRemaining(): number {
    return this.credits
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
        body: JSON.stringify(outcome.body),
        delayMillis: this.delay(n, family, sub, query),
        transport
      }
    }
    if (family === undefined || (pro !== null && Number(pro[1]) !== this.chain.chainId)) {
      return finish({ status: 404, body: { message: "Not found" } })
    }
    if (request.method.toUpperCase() !== "GET") {
      return finish({ status: 405, body: { message: "Method not allowed" } })
    }

    // Credentials: Pro takes `apikey` or a bearer token; an instance takes `x-api-key` or `apikey`.
    const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, "")
    const key = family === "pro" ? (query.apikey ?? bearer) : (request.headers["x-api-key"] ?? query.apikey)
    const r = this.rateLimitHeaders(`${family}:${key ?? ""}`, nowMillis)
    Object.assign(headers, r.headers)
    const found = route(sub)
    if (family === "pro") {
      const price = found === undefined ? 20 : cost[found.name]
      if (key === undefined || key === "") return finish({ status: 401, body: { message: "Unauthorized" } })
      if (this.options.apiKeys !== undefined && !this.options.apiKeys.includes(key)) {
        return finish({ status: 401, body: { message: "Wrong API key" } })
      }
      if (this.credits < price) {
        headers["x-credits-remaining"] = String(this.credits)
        return finish({ status: 402, body: { error: "Out of credits" } })
      }
      if (!r.limited) {
        this.credits -= price
        this.creditsSpent += price
      }
      headers["x-credits-remaining"] = String(
        Number.isFinite(this.credits) ? this.credits : Math.max(0, unlimitedCredits - this.creditsSpent)
      )
    } else {
      if (key !== undefined && this.options.apiKeys !== undefined && !this.options.apiKeys.includes(key)) {
        return finish({ status: 401, body: { message: "Wrong API key" } })
      }
      if ((key === undefined || key === "") && this.options.requireInstanceApiKey === true) {
        return finish({ status: 401, body: { message: "Unauthorized" } })
      }
    }
    if (r.limited) {
      return finish({ status: 429, body: { message: "Too many requests. Please try again later." } })
    }

    fault = this.fault(n, family, sub, query)
    if (fault?._tag === "ServerError") {
      return finish(
        family === "pro"
          ? { status: fault.status ?? 502, body: { error: "Bad gateway", source: "upstream" } }
          : { status: fault.status ?? 500, body: { message: "Internal server error" } }
      )
    }
    if (fault?._tag === "Drop") return finish({ status: 0, body: null }, "drop")
    if (fault?._tag === "Hang") return finish({ status: 0, body: null }, "hang")

    let outcome: Outcome
    if (found === undefined) {
      outcome = { status: 404, body: { message: "Not found" } }
    } else {
      // The handler is plain synchronous code shared by both ways in (no Effect inside, for speed):
      // validation failures throw a `Reject` carrying the error response, answered here.
      try {
        outcome = this.dispatch(found, family, query)
      } catch (e) {
        if (e instanceof Reject) outcome = e.outcome
        else throw e
      }
    }
    if (fault?._tag === "RepeatCursor" && outcome.status === 200 && isPage(outcome.body)) {
      const sent = cursorOf(query)
      if (Object.keys(sent).length > 0) outcome = { status: 200, body: { ...outcome.body, next_page_params: sent } }
    }
    return finish(outcome, fault?._tag === "Truncate" ? "truncate" : undefined)
  }

  private delay(n: number, family: Family | undefined, path: string, query: Query): number {
    const l = this.options.latency
    if (l === undefined) return 0
    if (typeof l === "number") return l
    if (typeof l === "function")
      return family === undefined ? 0 : Math.max(0, l({ requestNumber: n, family, path, query }))
    return l.min + Math.floor((hash(this.chain.seed, 0x1a7e, n) / 4294967296) * (l.max - l.min))
  }

  private fault(n: number, family: Family, path: string, query: Query): Fault | undefined {
    const plan = this.options.faults
    if (plan === undefined) return undefined
    if (typeof plan === "function") return plan({ requestNumber: n, family, path, query })
    if (hash(this.chain.seed, 0xfa17, n) / 4294967296 >= plan.rate) return undefined
    const kinds = plan.kinds ?? ["ServerError", "Drop", "Truncate"]
    const tag = kinds[hash(this.chain.seed, 0xfa18, n) % kinds.length]
    return tag === undefined ? undefined : ({ _tag: tag } as Fault)
  }

  private rateLimitHeaders(bucket: string, now: number): { headers: Record<string, string>; limited: boolean } {
    const limit = this.options.rateLimit
    if (limit === undefined) {
      return {
        headers: { "x-ratelimit-limit": "-1", "x-ratelimit-remaining": "-1", "x-ratelimit-reset": "-1" },
        limited: false
      }
    }
    const window = limit.windowMillis ?? 1000
    const start = Math.floor(now / window) * window
    let w = this.windows.get(bucket)
    if (w === undefined || w.start !== start) {
      w = { start, count: 0 }
      this.windows.set(bucket, w)
    }
    w.count++
    const limited = w.count > limit.limit
    return {
      headers: {
        "x-ratelimit-limit": String(limit.limit),
        "x-ratelimit-remaining": String(Math.max(0, limit.limit - w.count)),
        "x-ratelimit-reset": String(start + window - now)
      },
      limited
    }
  }

  private dispatch(found: Route, family: Family, query: Query): Outcome {
    const name = found.name
    if (name !== "withdrawals") {
      const allowed: ReadonlyArray<string> = known[name]
      for (const k of Object.keys(query)) {
        if (!credentialKeys.has(k) && !allowed.includes(k)) throw invalid(k, "Unexpected field")
      }
    }
    const v11 = this.options.version === "11"
    const itemsCount = int(query, "items_count")
    let size = v11 || itemsCount === undefined ? 50 : Math.min(100, Math.max(1, itemsCount))
    const limit = name === "tokenTransfers" ? int(query, "limit") : undefined
    if (limit !== undefined) size = Math.max(1, Math.min(size, limit))
    const ctx: Ctx = {
      query,
      render: this.renderers[family],
      size,
      next: (more, keys) => {
        if (!more) return null
        const c = keys()
        if (v11) {
          if (echoesItemsCount.has(name)) c.items_count = (itemsCount ?? 0) + size
          if (query.apikey !== undefined) c.apikey = query.apikey
          if (query.key !== undefined) c.key = query.key
        }
        return c
      }
    }
    const address = (i: number): string => {
      const a = found.params[i]!
      if (!addressRe.test(a)) throw invalid("address_hash_param", addressDetail)
      const lower = a.toLowerCase()
      if (
        this.restricted.has(lower) &&
        (this.options.secretKey === undefined || query.key !== this.options.secretKey)
      ) {
        throw new Reject({ status: 403, body: { message: "Restricted access" } })
      }
      return lower
    }
    switch (name) {
      case "tokenTransfers":
        return this.tokenTransfers(ctx)
      case "tokenInstanceTransfers":
        return this.tokenInstanceTransfers(ctx, found.params[0]!, found.params[1]!)
      case "mainPageTransactions":
        return ok(this.validatedTransactions(6, undefined, () => true).map(([h, tx]) => ctx.render.transaction(h, tx)))
      case "transactions":
        return this.transactions(ctx)
      case "transactionLogs":
        return this.transactionLogs(ctx, found.params[0]!)
      case "blocksValidated":
        return this.blocksValidated(ctx, address(0))
      case "smartContracts":
        return this.smartContracts(ctx)
      case "withdrawals":
        return this.withdrawals(ctx)
      case "nftCollections":
        return this.nftCollections(ctx, address(0))
      case "internalTransactions":
        return this.internalTransactions(ctx, address(0))
      case "addressWithdrawals":
        return this.addressWithdrawals(ctx, address(0))
    }
  }

  /**
   * Walks blocks downward from `startBlock`, taking each block's items (from a per-template list) that pass
   * `first` in the start block, until `want` items are found. Templates with no items are skipped cheaply;
   * when no template has any, the walk stops at once.
   */
  private scan<T>(
    startBlock: number,
    perSlot: ReadonlyArray<ReadonlyArray<T>>,
    first: (item: T) => boolean,
    want: number
  ): Array<[number, T]> {
    const out: Array<[number, T]> = []
    if (perSlot.every((s) => s.length === 0)) return out
    for (let h = Math.min(startBlock, this.chain.height - 1); h >= 0 && out.length < want; h--) {
      const items = perSlot[h % PERIOD]!
      for (let i = 0; i < items.length && out.length < want; i++) {
        const item = items[i]!
        if (h === startBlock && !first(item)) continue
        out.push([h, item])
      }
    }
    return out
  }

  private tokenTransfers(ctx: Ctx): Outcome {
    const { query } = ctx
    const types = list(query, "type", tokenTypes, (s) => s.toUpperCase())
    const block = int(query, "block_number")
    const index = int(query, "index")
    const batchLog = int(query, "batch_log_index")
    const inBatch = int(query, "index_in_batch")
    hashParam(query, "batch_block_hash")
    hashParam(query, "batch_transaction_hash")
    const key = types === undefined ? "*" : [...types].sort().join(",")
    let perSlot = this.transferFilterCache.get(key)
    if (perSlot === undefined) {
      perSlot = this.chain.templates.map((t) =>
        t.transfers.filter((tr) => types === undefined || types.includes(this.chain.tokens[tr.token]!.type))
      )
      this.transferFilterCache.set(key, perSlot)
    }
    const start = block ?? this.chain.height - 1
    const first = (tr: TransferTemplate): boolean => {
      if (block === undefined) return true
      const li = index ?? Number.POSITIVE_INFINITY
      if (batchLog !== undefined && inBatch !== undefined && tr.logIndex === batchLog)
        return (tr.indexInBatch ?? -1) > inBatch
      return tr.logIndex < li
    }
    const found = this.scan(start, perSlot, first, ctx.size + 1)
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map(([h, tr]) => ctx.render.tokenTransfer(h, tr)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => {
        const [h, tr] = last!
        const c: Cursor = { block_number: h, index: tr.logIndex }
        if (tr.indexInBatch !== null && tr.indexInBatch < tr.log.batchSize - 1) {
          c.batch_log_index = tr.logIndex
          c.batch_block_hash = this.chain.blockHash(h)
          c.batch_transaction_hash = this.chain.transactionHash(h, tr.txPosition)
          c.index_in_batch = tr.indexInBatch
        }
        return c
      })
    })
  }

  private tokenInstanceTransfers(ctx: Ctx, tokenParam: string, idParam: string): Outcome {
    if (!addressRe.test(tokenParam)) throw invalid("address_hash_param", addressDetail)
    if (!tokenIdRe.test(idParam)) throw invalid("token_id_param", "Invalid format. Expected ~r/^-?([1-9][0-9]*|0)$/")
    const { query } = ctx
    const block = int(query, "block_number")
    const index = int(query, "index")
    const tid = query.token_id
    if (tid !== undefined && !tokenIdRe.test(tid))
      throw invalid("token_id", "Invalid format. Expected ~r/^-?([1-9][0-9]*|0)$/")
    const token = this.chain.tokens.find((t) => t.address === tokenParam.toLowerCase())
    const id = Number(idParam)
    if (token === undefined || token.type === "ERC-20" || !Number.isSafeInteger(id) || id < 0 || id >= token.idCount) {
      throw notFound()
    }
    const before = block === undefined ? undefined : { block, logIndex: index ?? Number.POSITIVE_INFINITY }
    const found = this.chain.instanceTransfers(token.index, id, ctx.size + 1, before)
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map(({ block, item }) => ctx.render.tokenTransfer(block, item)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({
        block_number: last!.block,
        index: last!.item.logIndex,
        token_id: String(id)
      }))
    })
  }

  private txFilter(
    types: ReadonlyArray<string> | undefined,
    methods: ReadonlyArray<string> | undefined
  ): (tx: TxTemplate) => boolean {
    return (tx) =>
      (types === undefined || tx.types.some((t) => types.includes(t))) &&
      (methods === undefined || (tx.method !== null && methods.includes(tx.method.toLowerCase())))
  }

  private validatedTransactions(
    want: number,
    cursor: { block: number; index: number } | undefined,
    pass: (tx: TxTemplate) => boolean,
    cacheKey = "*"
  ): Array<[number, TxTemplate]> {
    let perSlot = this.txFilterCache.get(cacheKey)
    if (perSlot === undefined) {
      perSlot = this.chain.templates.map((t) => [...t.transactions].reverse().filter(pass))
      this.txFilterCache.set(cacheKey, perSlot)
    }
    const start = cursor?.block ?? this.chain.height - 1
    return this.scan(start, perSlot, (tx) => cursor === undefined || tx.position < cursor.index, want)
  }

  private transactions(ctx: Ctx): Outcome {
    const { query } = ctx
    const filter = oneOf(query, "filter", ["validated", "pending"] as const) ?? "validated"
    const types = list(query, "type", transactionKinds, (s) => s.toLowerCase())
    const methodsRaw = query.method
    const methods =
      methodsRaw === undefined || methodsRaw === ""
        ? undefined
        : methodsRaw.split(",").map((m) => m.trim().toLowerCase())
    const pass = this.txFilter(types, methods)
    if (filter === "pending") {
      const insertedAt = query.inserted_at
      const h = hashParam(query, "hash")
      let top = this.chain.pendingCount - 1
      if (insertedAt !== undefined || h !== undefined) {
        const at = h === undefined ? undefined : this.chain.locateTransaction(h)
        if (at === undefined || at._tag !== "Pending") throw invalid("hash", "Invalid value")
        top = at.index - 1
      }
      const found: Array<number> = []
      for (let i = top; i >= 0 && found.length <= ctx.size; i--) if (pass(this.chain.pendingTemplate(i))) found.push(i)
      const page = found.slice(0, ctx.size)
      const last = page[page.length - 1]
      return ok({
        items: page.map((i) => ctx.render.pendingTransaction(i)),
        next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({
          inserted_at: ctx.render.preciseTimestamp(this.chain.pendingInsertedMillis(last!), last!),
          hash: this.chain.pendingHash(last!)
        }))
      })
    }
    const block = int(query, "block_number")
    const index = int(query, "index")
    const key = `${types?.slice().sort().join(",") ?? "*"}|${methods?.slice().sort().join(",") ?? "*"}`
    const cursor = block === undefined ? undefined : { block, index: index ?? Number.POSITIVE_INFINITY }
    const found = this.validatedTransactions(ctx.size + 1, cursor, pass, key)
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map(([h, tx]) => ctx.render.transaction(h, tx)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({
        block_number: last![0],
        index: last![1].position
      }))
    })
  }

  private transactionLogs(ctx: Ctx, hashParamValue: string): Outcome {
    if (!hashRe.test(hashParamValue)) throw invalid("transaction_hash_param", hashDetail)
    const at = this.chain.locateTransaction(hashParamValue)
    if (at === undefined) throw notFound()
    int(ctx.query, "block_number")
    const index = int(ctx.query, "index")
    if (at._tag === "Pending") return ok({ items: [], next_page_params: null })
    const template = this.chain.template(at.block)
    const tx = template.transactions[at.position]!
    const logs = template.logs
      .slice(tx.logStart, tx.logStart + tx.logCount)
      .filter((l) => index === undefined || l.index > index)
    const page = logs.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((l) => ctx.render.log(at.block, l)),
      next_page_params: ctx.next(logs.length > ctx.size && last !== undefined, () => ({
        block_number: at.block,
        index: last!.index
      }))
    })
  }

  private blocksValidated(ctx: Ctx, address: string): Outcome {
    const block = int(ctx.query, "block_number")
    const miners = this.chain.miners
    const v = miners.indexOf(address)
    const found: Array<number> = []
    if (v >= 0) {
      const top = Math.min(this.chain.height, block ?? this.chain.height) - 1
      if (top >= v) {
        for (
          let h = v + miners.length * Math.floor((top - v) / miners.length);
          h >= 0 && found.length <= ctx.size;
          h -= miners.length
        ) {
          found.push(h)
        }
      }
    }
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((h) => ctx.render.block(h)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({ block_number: last! }))
    })
  }

  private smartContracts(ctx: Ctx): Outcome {
    const { query } = ctx
    const q = query.q?.toLowerCase()
    const language = oneOf(query, "filter", ["solidity", "vyper", "yul"] as const)
    const sort = oneOf(query, "sort", ["balance", "transactions_count"] as const)
    const order = oneOf(query, "order", ["asc", "desc"] as const) ?? "desc"
    const id = int(query, "smart_contract_id")
    if (query.hash !== undefined && !addressRe.test(query.hash)) throw invalid("hash", addressDetail)
    const key = `${q ?? ""}|${language ?? ""}|${sort ?? ""}|${order}`
    let all = this.contractCache.get(key)
    if (all === undefined) {
      const sign = order === "asc" ? 1 : -1
      all = this.chain.smartContracts
        .filter(
          (c) =>
            (q === undefined || c.name.toLowerCase().includes(q) || c.address.includes(q)) &&
            (language === undefined || c.language === language)
        )
        .sort((a, b) => {
          if (sort === "balance" && a.coinBalance !== b.coinBalance) return a.coinBalance < b.coinBalance ? -sign : sign
          if (sort === "transactions_count" && a.transactionsCount !== b.transactionsCount) {
            return sign * (a.transactionsCount - b.transactionsCount)
          }
          return sort === undefined ? b.id - a.id : sign * (a.id - b.id)
        })
      this.contractCache.set(key, all)
    }
    let start = 0
    if (id !== undefined) {
      const at = all.findIndex((c) => c.id === id)
      if (at < 0) throw invalid("smart_contract_id", "Invalid value")
      start = at + 1
    }
    const page = all.slice(start, start + ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((c) => ctx.render.smartContract(c)),
      next_page_params: ctx.next(start + ctx.size < all.length && last !== undefined, () => {
        const c: Cursor = { smart_contract_id: last!.id }
        if (sort === "balance") Object.assign(c, { coin_balance: String(last!.coinBalance), hash: last!.address })
        if (sort === "transactions_count")
          Object.assign(c, { transactions_count: last!.transactionsCount, hash: last!.address })
        return c
      })
    })
  }

  private withdrawals(ctx: Ctx): Outcome {
    // E9 ignores parameters it does not know, and badly formed ones with them.
    const raw = ctx.query.index
    const index = raw !== undefined && intRe.test(raw) ? Number(raw) : undefined
    const top = Math.min(this.chain.withdrawalCount, index ?? this.chain.withdrawalCount) - 1
    const found: Array<number> = []
    for (let i = top; i >= 0 && found.length <= ctx.size; i--) found.push(i)
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((i) => ctx.render.withdrawal(i, true)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({ index: last! }))
    })
  }

  private addressWithdrawals(ctx: Ctx, address: string): Outcome {
    const index = int(ctx.query, "index")
    const u = this.chain.users.indexOf(address)
    const found = u < 0 ? [] : this.chain.userWithdrawals(u, ctx.size + 1, index)
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((i) => ctx.render.withdrawal(i, false)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({ index: last! }))
    })
  }

  private nftCollections(ctx: Ctx, address: string): Outcome {
    const { query } = ctx
    const types = list(query, "type", ["ERC-721", "ERC-1155", "ERC-404"], (s) => s.toUpperCase())
    const after = query.token_contract_address_hash
    if (after !== undefined && !addressRe.test(after)) throw invalid("token_contract_address_hash", addressDetail)
    if (query.token_type !== undefined)
      list(query, "token_type", ["ERC-721", "ERC-1155", "ERC-404"], (s) => s.toUpperCase())
    const byToken = new Map<number, Array<{ tokenId: number; amount: bigint }>>()
    for (const h of this.chain.holdings(address)) {
      const t = this.chain.tokens[h.token]!
      if (types !== undefined && !types.includes(t.type)) continue
      const l = byToken.get(h.token) ?? []
      l.push({ tokenId: h.tokenId, amount: h.amount })
      byToken.set(h.token, l)
    }
    const collections = [...byToken.keys()]
      .sort((a, b) => (this.chain.tokens[a]!.address < this.chain.tokens[b]!.address ? -1 : 1))
      .filter((t) => after === undefined || this.chain.tokens[t]!.address > after.toLowerCase())
    const page = collections.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((t) => ctx.render.nftCollection(t, byToken.get(t)!, address)),
      next_page_params: ctx.next(collections.length > ctx.size && last !== undefined, () => ({
        token_contract_address_hash: this.chain.tokens[last!]!.address,
        token_type: this.chain.tokens[last!]!.type
      }))
    })
  }

  private internalTransactions(ctx: Ctx, address: string): Outcome {
    const { query } = ctx
    const direction = oneOf(query, "filter", ["to", "from"] as const)
    const block = int(query, "block_number")
    const txIndex = int(query, "transaction_index")
    const index = int(query, "index")
    const chain = this.chain
    const users = chain.users.length
    const u = chain.users.indexOf(address)
    const r = chain.routers.indexOf(address)
    // Each matching template item recurs every `step` cycles of its slot: merge those progressions.
    const heads: Array<{ slot: number; item: InternalTemplate; step: number; m: number }> = []
    const top = block === undefined ? chain.height - 1 : Math.min(block, chain.height - 1)
    const before = (h: number, it: InternalTemplate): boolean =>
      block === undefined ||
      h < block ||
      (h === block &&
        (it.txPosition < (txIndex ?? Number.POSITIVE_INFINITY) ||
          (it.txPosition === txIndex && it.index < (index ?? Number.POSITIVE_INFINITY))))
    for (const t of chain.templates) {
      for (const it of t.internals) {
        let step = 0
        let residue = 0
        const isFrom = r >= 0 && it.fromRouter === r
        const isTo = (u >= 0 && it.to._tag === "User") || (r >= 0 && it.to._tag === "Router" && it.to.router === r)
        if (isFrom && direction !== "to") step = 1
        else if (isTo && direction !== "from") {
          if (it.to._tag === "User") {
            step = users
            residue = (((u - it.to.offset) % users) + users) % users
          } else step = 1
        }
        if (step === 0) continue
        const mMax = Math.floor((top - t.slot) / PERIOD)
        let m = mMax < residue ? -1 : residue + step * Math.floor((mMax - residue) / step)
        if (m >= 0 && !before(t.slot + PERIOD * m, it)) m -= step
        heads.push({ slot: t.slot, item: it, step, m })
      }
    }
    const found: Array<[number, InternalTemplate]> = []
    while (found.length <= ctx.size) {
      let best: (typeof heads)[number] | undefined
      let bestBlock = -1
      for (const head of heads) {
        if (head.m < 0) continue
        const h = head.slot + PERIOD * head.m
        if (
          best === undefined ||
          h > bestBlock ||
          (h === bestBlock &&
            (head.item.txPosition > best.item.txPosition ||
              (head.item.txPosition === best.item.txPosition && head.item.index > best.item.index)))
        ) {
          best = head
          bestBlock = h
        }
      }
      if (best === undefined) break
      found.push([bestBlock, best.item])
      best.m -= best.step
    }
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map(([h, it]) => ctx.render.internalTransaction(h, it)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({
        block_number: last![0],
        transaction_index: last![1].txPosition,
        index: last![1].index
      }))
    })
  }
}

const isPage = (body: unknown): body is { items: unknown; next_page_params: unknown } =>
  typeof body === "object" && body !== null && "items" in body && "next_page_params" in body

/** The cursor a request was fetched with: its query minus filters and credentials (numbers as numbers). */
const cursorOf = (query: Query): Cursor => {
  const c: Cursor = {}
  for (const [k, v] of Object.entries(query)) {
    if (filterKeys.has(k) || credentialKeys.has(k)) continue
    c[k] = intRe.test(v) && v.length < 16 ? Number(v) : v
  }
  return c
}
