/**
 * Every simulated response is one the real server could send: each version mode (11.x, 12.x) of the
 * per-instance family and the Pro family, checked against that server's own OpenAPI document as a whole
 * (vendor/blockscout/openapi), for every endpoint row, every filter value, several pages deep.
 */
import { type Endpoint, endpoints } from "@blockscout-effect/schema"
import { describe, expect, it } from "@effect/vitest"
import type { SimulatedBlockscout } from "@blockscout-effect/simulator"
import { get, type Json, small } from "./support/http.ts"
import { describeErrors, loadSpec, type SpecName } from "./support/openapi.ts"

interface Mode {
  readonly name: string
  readonly spec: SpecName
  readonly prefix: string
  readonly auth: Record<string, string>
  readonly sim: SimulatedBlockscout
}

// The account-abstraction rows need the user-ops indexer (without it they answer 501, as most servers do).
const options = { blocks: 400, accountAbstraction: true }
const modes: ReadonlyArray<Mode> = [
  {
    name: "instance 11.x",
    spec: "instance-v11.2.7",
    prefix: "/api/v2",
    auth: {},
    sim: small({ ...options, version: "11" })
  },
  {
    name: "instance 12.x",
    spec: "instance-v12.0.0-dev",
    prefix: "/api/v2",
    auth: {},
    sim: small({ ...options, version: "12" })
  },
  { name: "Pro API", spec: "pro-api", prefix: "/1/api/v2", auth: { apikey: "proapi_x" }, sim: small(options) }
]

/** Path arguments worth asking for: addresses of every kind, transactions with and without logs, NFT instances. */
const argumentSets = (sim: SimulatedBlockscout, row: Endpoint): ReadonlyArray<Record<string, string>> => {
  const chain = sim.chain
  // User operations and smart accounts: the ones the server lists (an unknown one is a 404, which checks nothing).
  if (row.path.startsWith("/proxy/account-abstraction/") && row.pathParams.length > 0) {
    const ops = get(sim, "/api/v2/proxy/account-abstraction/operations", { page_size: 3 }).json as {
      items: Array<{ hash: string; address: { hash: string } }>
    }
    const name = row.pathParams[0]!.name
    return ops.items.map((op) => ({ [name]: row.pathParams[0]!.kind === "hash" ? op.hash : op.address.hash }))
  }
  const kinds = row.pathParams.map((p) => p.kind).join(",")
  switch (kinds) {
    case "":
      return [{}]
    case "address": {
      const holder = chain.users.find((u) => chain.holdings(u).length > 0)!
      // Token-scoped rows answer 404 for any other address: one token of each kind instead.
      const tokens = ["ERC-20", "ERC-721", "ERC-1155", "ERC-404"].map(
        (t) => chain.tokens.find((x) => x.type === t)!.address
      )
      const addresses = row.path.startsWith("/tokens/")
        ? tokens
        : [chain.users[2]!, holder, chain.miners[1]!, chain.routers[0]!, chain.tokens[0]!.address]
      return addresses.map((a) => ({ [row.pathParams[0]!.name]: a }))
    }
    case "block":
      return ["0", String(chain.height - 1), chain.blockHash(Math.floor(chain.height / 2))].map((b) => ({
        [row.pathParams[0]!.name]: b
      }))
    case "hash": {
      const out: Array<Record<string, string>> = []
      for (let h = 0; h < 32; h++) {
        for (const tx of chain.template(h).transactions) {
          if (tx.logCount > 0 && out.length < 4)
            out.push({ [row.pathParams[0]!.name]: chain.transactionHash(h, tx.position) })
        }
      }
      out.push({ [row.pathParams[0]!.name]: chain.pendingHash(0) })
      return out
    }
    case "blockNumber":
      // Blocks still to come (one already mined is a 404, which checks nothing).
      return [chain.height + 1, chain.height + 5_000].map((n) => ({ [row.pathParams[0]!.name]: String(n) }))
    case "address,tokenId":
      return chain.tokens
        .filter((t) => t.type !== "ERC-20")
        .map((t) => ({ [row.pathParams[0]!.name]: t.address, [row.pathParams[1]!.name]: "3" }))
    default:
      throw new Error(`no sample arguments for path parameters ${kinds}`)
  }
}

/** The Transfer event's topic: a topic filter value that matches a token's logs. */
const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"

/** An address filter's value that matches something: a token contract (`token`), a holder (`holder_address_hash`). */
const filterAddress = (name: string) => {
  const chain = modes[0]!.sim.chain
  return name === "token" ? chain.tokens[0]!.address : chain.users.find((u) => chain.holdings(u).length > 0)!
}

/** Each filter alone, with each of its values; text and name filters with a value that matches something. */
const filterSets = (
  row: Endpoint,
  mode: Mode,
  declared: ReadonlyArray<string>
): ReadonlyArray<Record<string, string>> => {
  const out: Array<Record<string, string>> = [{}]
  for (const f of row.filters) {
    if (f.kind === "text") out.push({ [f.name]: "vault" })
    else if (f.kind === "address") out.push({ [f.name]: filterAddress(f.name) })
    else if (f.kind === "hash") out.push({ [f.name]: transferTopic })
    else if (f.kind === "names") out.push({ [f.name]: "transfer,approve" })
    else if (f.kind === "integer") out.push({ [f.name]: "1" })
    else for (const v of f.values ?? []) out.push({ [f.name]: v })
  }
  // The page-size parameter each mode knows: 11.x's `limit` on token transfers, `items_count` elsewhere.
  if (row.name === "tokenTransfers" && mode.spec === "instance-v11.2.7") out.push({ limit: "7" })
  else if (mode.spec !== "instance-v11.2.7" && declared.includes("items_count")) out.push({ items_count: "7" })
  if (row.name === "smartContracts") {
    out.push({ sort: "balance", order: "asc" }, { sort: "transactions_count", order: "desc" })
  }
  // The hot contracts take `scale` always (422 without it), and a sort with its order.
  if (row.name === "hotSmartContracts") {
    out.push({ sort: "total_gas_used", order: "asc" }, { sort: "transactions_count", order: "asc" })
    return out.map((set) => ({ scale: "3h", ...set }))
  }
  return out
}

/**
 * Rows a spec does not declare although the family serves them, by spec: the generated Pro API document (0.5.0)
 * leaves out `/config/backend-version`, which the Pro API's own docs spec lists; the instance specs were generated
 * from a build of the default chain type, which has no `/transactions/{hash}/blobs` nor beacon deposits (Ethereum's
 * chain type only).
 */
/**
 * Rows the specs declare but only another chain type serves: Neon's external transactions, an OP stack chain's
 * deposits and withdrawals. The simulated chain is neither, so it answers them 404 as such a server does (`CheckChainType`, or no
 * route at all), and there is no body to validate.
 */
const otherChainType: ReadonlyArray<string> = [
  "transactionExternalTransactions",
  "optimismDeposits",
  "optimismDepositsCount",
  "optimismWithdrawals",
  "optimismWithdrawalsCount"
]

// The optimism chain type's rows (an OP stack chain's deposits).
const optimismRows = ["optimismDeposits", "optimismDepositsCount", "optimismWithdrawals", "optimismWithdrawalsCount"]

// Ethereum's chain type only, as the blobs: the beacon deposit rows.
const beaconDepositRows = [
  "beaconDeposits",
  "addressBeaconDeposits",
  "blockBeaconDeposits",
  "transactionBeaconDeposits",
  "beaconDepositsCount"
]

const undeclared: Partial<Record<SpecName, ReadonlyArray<string>>> = {
  "pro-api": ["backendVersion"],
  "instance-v11.2.7": ["transactionBlobs", ...beaconDepositRows, ...optimismRows],
  "instance-v12.0.0-dev": ["transactionBlobs", ...beaconDepositRows, ...optimismRows]
}

const fill = (template: string, args: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, n: string) => args[n]!)

describe("simulated responses validate against the server's own OpenAPI document", () => {
  for (const mode of modes) {
    describe(mode.name, () => {
      const spec = loadSpec(mode.spec)
      for (const row of Object.values(endpoints) as ReadonlyArray<Endpoint>) {
        if (undeclared[mode.spec]?.includes(row.name) === true) {
          it(`${row.ids} ${row.path}: not declared by ${mode.spec}`, () => {
            expect(spec.pathOf(row.path), `${mode.spec} declares ${row.path} now: validate it`).toBeUndefined()
          })
          continue
        }
        if (otherChainType.includes(row.name)) {
          it(`${row.ids} ${row.path}: another chain type's route, a 404 here`, () => {
            expect(spec.pathOf(row.path), `${mode.spec} has ${row.path}`).toBeDefined()
            const args = argumentSets(mode.sim, row)[0]!
            expect(get(mode.sim, `${mode.prefix}${fill(row.path, args)}`, mode.auth).status).toBe(404)
          })
          continue
        }
        it(`${row.ids} ${row.path}, every filter, three pages deep`, () => {
          const specPath = spec.pathOf(row.path)
          expect(specPath, `${mode.spec} has ${row.path}`).toBeDefined()
          const validate = spec.response(specPath!)
          let checked = 0
          for (const args of argumentSets(mode.sim, row)) {
            for (const filters of filterSets(row, mode, spec.queryParameters(specPath!))) {
              let cursor: Json | null = {}
              for (let page = 0; page < 3 && cursor !== null; page++) {
                const path = `${mode.prefix}${fill(row.path, args)}`
                const r = get(mode.sim, path, { ...mode.auth, ...filters, ...(cursor as Record<string, string>) })
                if (r.status === 404) break
                expect(r.status, `${path} ${JSON.stringify(filters)}: ${r.body.slice(0, 300)}`).toBe(200)
                if (!validate(r.json)) {
                  throw new Error(`${path} ${JSON.stringify({ ...filters, ...cursor })}\n${describeErrors(validate)}`)
                }
                checked++
                cursor = Array.isArray(r.json) ? null : ((r.json as Json).next_page_params as Json | null)
              }
            }
          }
          expect(checked).toBeGreaterThan(0)
        })
      }
    })
  }
})

describe("live mode's answers validate against the server's own OpenAPI document", () => {
  // As block 170 appears (at 10 s), heights 167..169 are replaced.
  const live = { startMillis: 0, blockMillis: 1000, reorgs: [{ head: 170, depth: 3 }] }
  for (const mode of modes) {
    it(`${mode.name}: replaced blocks, their pending transactions, the new branch`, () => {
      const sim = small({ ...options, version: mode.spec === "instance-v11.2.7" ? "11" : "12", live })
      const spec = loadSpec(mode.spec)
      const now = 12_000
      const replaced = sim.replacedBlocks(now)
      expect(replaced.map((b) => b.height)).toEqual([169, 168, 167])
      const droppedTx = (sim.blockItems(9_000, 168).transactions as Array<{ hash: string; from: { hash: string } }>)[0]!
      const dropped = droppedTx.hash
      const paths: ReadonlyArray<[template: string, path: string, query: Record<string, string>]> = [
        ["/blocks", "/blocks", { type: "reorg" }],
        ["/blocks", "/blocks", {}],
        ["/blocks/{numberOrHash}", `/blocks/${replaced[0]!.hash}`, {}],
        ["/blocks/{numberOrHash}", "/blocks/168", {}],
        ["/blocks/{numberOrHash}/transactions", `/blocks/${replaced[0]!.hash}/transactions`, {}],
        ["/blocks/{numberOrHash}/transactions", "/blocks/168/transactions", {}],
        ["/transactions/{hash}", `/transactions/${dropped}`, {}],
        ["/transactions/{hash}/logs", `/transactions/${dropped}/logs`, {}],
        ["/transactions/{hash}/token-transfers", `/transactions/${dropped}/token-transfers`, {}],
        ["/transactions/{hash}/internal-transactions", `/transactions/${dropped}/internal-transactions`, {}],
        ["/transactions", "/transactions", {}],
        ["/transactions", "/transactions", { filter: "pending" }],
        ["/addresses/{address}/transactions", `/addresses/${droppedTx.from.hash}/transactions`, {}],
        ["/addresses/{address}/transactions", `/addresses/${droppedTx.from.hash}/transactions`, { sort: "value" }],
        ["/token-transfers", "/token-transfers", {}]
      ]
      for (const [template, path, query] of paths) {
        const r = get(sim, `${mode.prefix}${path}`, { ...mode.auth, ...query }, {}, now)
        expect(r.status, `${path}: ${r.body.slice(0, 300)}`).toBe(200)
        const validate = spec.response(spec.pathOf(template)!)
        if (!validate(r.json)) throw new Error(`${path} ${JSON.stringify(query)}\n${describeErrors(validate)}`)
      }
    })
  }
})
