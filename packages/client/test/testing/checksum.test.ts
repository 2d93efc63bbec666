import { describe, expect, it } from "@effect/vitest"
import { createHash } from "node:crypto"
import { checksumAddress, keccak256Hex, sponge256 } from "../../src/testing/internal/keccak.ts"
import { get, small } from "./support.ts"

describe("keccak-256", () => {
  it("matches known digests", () => {
    expect(keccak256Hex("")).toBe("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
    expect(keccak256Hex("abc")).toBe("4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45")
    expect(keccak256Hex("The quick brown fox jumps over the lazy dog")).toBe(
      "4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15"
    )
    // The ERC-20 Transfer event topic: keccak256 of the event signature.
    expect(keccak256Hex("Transfer(address,address,uint256)")).toBe(
      "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
    )
  })

  it("the same permutation with SHA-3 padding equals Node's sha3-256 across block boundaries", () => {
    for (const length of [0, 1, 55, 135, 136, 137, 271, 272, 273, 1000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + 17) & 255)
      const ours = Buffer.from(sponge256(bytes, 0x06)).toString("hex")
      expect(ours, `length ${length}`).toBe(createHash("sha3-256").update(bytes).digest("hex"))
    }
  })
})

describe("EIP-55 checksums", () => {
  // The examples in EIP-55 itself: all caps, all lower, and mixed.
  const examples = [
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
    "0xde709f2102306220921060314715629080e2fb77",
    "0x27b1fdb04752bbc536007a920d24acb045561c26",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"
  ]
  it("turns EIP-55's example addresses, from any case, into their checksum form", () => {
    for (const address of examples) {
      expect(checksumAddress(address.toLowerCase())).toBe(address)
      expect(checksumAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(address)
    }
  })
})

const sim = small({ blocks: 200 })
const chain = sim.chain
const addressFields = /"(hash|address_hash|holder_address_hash)":"(0x[0-9a-fA-F]{40})"/g

describe("rendered responses", () => {
  const nft = chain.tokens.find((t) => t.type === "ERC-721")!
  const holder = chain.users.find((u) => chain.holdings(u).length > 0)!
  const withLogs = chain.template(5).transactions.find((tx) => tx.logCount > 0)!
  const paths = [
    "/token-transfers",
    `/tokens/${nft.address}/instances/1/transfers`,
    "/main-page/transactions",
    "/transactions",
    `/transactions/${chain.transactionHash(5, withLogs.position)}/logs`,
    `/addresses/${chain.miners[0]}/blocks-validated`,
    "/smart-contracts",
    "/withdrawals",
    `/addresses/${holder}/nft/collections`,
    `/addresses/${chain.routers[0]}/internal-transactions`
  ]
  for (const [family, prefix, auth] of [
    ["instance", "/api/v2", {}],
    ["pro", "/1/api/v2", { apikey: "proapi_x" }]
  ] as const) {
    it(`write every address object in EIP-55 mixed case (${family})`, () => {
      let mixed = 0
      for (const path of paths) {
        const r = get(sim, `${prefix}${path}`, auth)
        expect(r.status, path).toBe(200)
        const found = [...r.body.matchAll(addressFields)].map((m) => m[2]!)
        expect(found.length, path).toBeGreaterThan(0)
        for (const address of found) {
          expect(address, path).toBe(checksumAddress(address.toLowerCase()))
          if (address !== address.toLowerCase()) mixed++
        }
      }
      expect(mixed).toBeGreaterThan(100)
    })
  }

  it("accept path parameters in any case and answer the same page", () => {
    const miner = chain.miners[1]!
    const lower = get(sim, `/api/v2/addresses/${miner}/blocks-validated`)
    const checksummed = get(sim, `/api/v2/addresses/${checksumAddress(miner)}/blocks-validated`)
    const upper = get(sim, `/api/v2/addresses/0x${miner.slice(2).toUpperCase()}/blocks-validated`)
    expect(lower.status).toBe(200)
    expect((lower.json as { items: Array<unknown> }).items.length).toBeGreaterThan(0)
    expect(checksummed.body).toBe(lower.body)
    expect(upper.body).toBe(lower.body)

    const tx = chain.transactionHash(5, 0)
    expect(get(sim, `/api/v2/transactions/0x${tx.slice(2).toUpperCase()}/logs`).body).toBe(
      get(sim, `/api/v2/transactions/${tx}/logs`).body
    )
    const token = `/instances/1/transfers`
    expect(get(sim, `/api/v2/tokens/${checksumAddress(nft.address)}${token}`).body).toBe(
      get(sim, `/api/v2/tokens/${nft.address}${token}`).body
    )
  })

  it("keep cursors and decoded parameter values in lower case, as the servers' own views do", () => {
    const page = get(sim, `/api/v2/addresses/${holder}/nft/collections`, { items_count: 1 }).json as {
      next_page_params: Record<string, unknown> | null
    }
    const hash = page.next_page_params?.token_contract_address_hash
    expect(typeof hash).toBe("string")
    expect(hash).toBe((hash as string).toLowerCase())
  })
})
