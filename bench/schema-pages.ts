/**
 * Realistic 50-item response pages for the schema benchmark, generated deterministically.
 *
 * Shapes follow the generated OpenAPI specs and the frontend mocks: Pro-style Address objects (tags, metadata,
 * implementations), full Token objects, the three `total` variants in an ERC-20-heavy mix, per-instance
 * microsecond timestamps, decoded inputs on most transactions, contract creations with `to: null`.
 */

/** A small deterministic PRNG (mulberry32) so every run measures the same bytes. */
const prng = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Rand = () => number
const hex = (rand: Rand, bytes: number) => {
  let s = "0x"
  for (let i = 0; i < bytes; i++)
    s += Math.floor(rand() * 256)
      .toString(16)
      .padStart(2, "0")
  return s
}
const pick = <A>(rand: Rand, xs: ReadonlyArray<A>): A => xs[Math.floor(rand() * xs.length)] as A
const digits = (rand: Rand, n: number) => {
  let s = String(1 + Math.floor(rand() * 9))
  for (let i = 1; i < n; i++) s += String(Math.floor(rand() * 10))
  return s
}
const timestamp = (rand: Rand) =>
  new Date(1_700_000_000_000 + Math.floor(rand() * 50_000_000_000)).toISOString().replace("Z", "000Z")

const address = (rand: Rand) => {
  const named = rand() < 0.3
  return {
    ens_domain_name: rand() < 0.1 ? "vitalik.eth" : null,
    hash: hex(rand, 20),
    implementations: named ? [{ address_hash: hex(rand, 20), name: "TransparentUpgradeableProxy" }] : [],
    is_contract: named,
    is_scam: false,
    is_verified: named,
    metadata: named
      ? {
          tags: [
            {
              meta: { tooltipUrl: "https://example.org" },
              name: "Uniswap",
              ordinal: 0,
              slug: "uniswap",
              tagType: "name"
            }
          ]
        }
      : null,
    name: named ? "UniswapV3Pool" : null,
    private_tags: [],
    proxy_type: named ? "eip1967" : null,
    public_tags: [],
    reputation: "ok",
    watchlist_names: []
  }
}

const token = (rand: Rand, type: string) => ({
  address_hash: hex(rand, 20),
  circulating_market_cap: type === "ERC-20" ? "83606435600.3635" : null,
  decimals: type === "ERC-20" ? "18" : null,
  exchange_rate: type === "ERC-20" ? "0.99" : null,
  holders_count: digits(rand, 6),
  icon_url: "https://assets.coingecko.com/coins/images/325/small/Tether.png",
  name: "Tether USD",
  reputation: "ok",
  symbol: "USDT",
  total_supply: digits(rand, 24),
  type,
  volume_24h: type === "ERC-20" ? "1000000.5" : null
})

const tokenInstance = (rand: Rand, id: string) => ({
  animation_url: null,
  external_app_url: "https://example.org/nft/" + id,
  id,
  image_url: "https://example.org/nft/" + id + ".png",
  is_unique: true,
  media_type: "image/png",
  media_url: "https://example.org/nft/" + id + ".png",
  metadata: { name: "Token #" + id, attributes: [{ trait_type: "Background", value: "Blue" }], image: "ipfs://x" },
  owner: address(rand),
  thumbnails: null,
  token: null
})

/** One Pro-shaped token transfer (E1). */
export const tokenTransfer = (rand: Rand) => {
  const r = rand()
  const type = r < 0.7 ? "ERC-20" : r < 0.9 ? "ERC-721" : "ERC-1155"
  const id = digits(rand, 4)
  const total =
    type === "ERC-20"
      ? { decimals: "18", value: digits(rand, 20) }
      : type === "ERC-721"
        ? { token_id: id, token_instance: tokenInstance(rand, id) }
        : { decimals: null, token_id: id, token_instance: tokenInstance(rand, id), value: digits(rand, 2) }
  return {
    block_hash: hex(rand, 32),
    block_number: 20_000_000 + Math.floor(rand() * 1_000_000),
    from: address(rand),
    log_index: Math.floor(rand() * 500),
    method: pick(rand, ["transfer", "transferFrom", "multicall", null]),
    timestamp: timestamp(rand),
    to: address(rand),
    token: token(rand, type),
    token_type: type,
    total,
    transaction_hash: hex(rand, 32),
    type: pick(rand, ["token_transfer", "token_transfer", "token_minting", "token_burning"])
  }
}

/** One per-instance transaction as E4 lists it (`token_transfers` null). */
export const transaction = (rand: Rand) => {
  const creation = rand() < 0.1
  const decoded = !creation && rand() < 0.7
  return {
    actions: [],
    base_fee_per_gas: digits(rand, 10),
    block_number: 20_000_000 + Math.floor(rand() * 1_000_000),
    confirmation_duration: [0, 12000],
    confirmations: Math.floor(rand() * 100000),
    created_contract: creation ? address(rand) : null,
    decoded_input: decoded
      ? {
          method_call: "transfer(address _to, uint256 _value)",
          method_id: "a9059cbb",
          parameters: [
            { name: "_to", type: "address", value: hex(rand, 20) },
            { name: "_value", type: "uint256", value: digits(rand, 19) }
          ]
        }
      : null,
    exchange_rate: "3421.77",
    fee: { type: "actual", value: digits(rand, 15) },
    from: address(rand),
    gas_limit: digits(rand, 6),
    gas_price: digits(rand, 11),
    gas_used: digits(rand, 5),
    has_error_in_internal_transactions: false,
    hash: hex(rand, 32),
    historic_exchange_rate: "3400.12",
    max_fee_per_gas: digits(rand, 11),
    max_priority_fee_per_gas: digits(rand, 9),
    method: decoded ? "transfer" : null,
    nonce: Math.floor(rand() * 5000),
    position: Math.floor(rand() * 200),
    priority_fee: digits(rand, 13),
    raw_input: creation ? hex(rand, 200) : decoded ? hex(rand, 68) : "0x",
    result: "success",
    revert_reason: null,
    status: "ok",
    timestamp: timestamp(rand),
    to: creation ? null : address(rand),
    token_transfers: null,
    token_transfers_overflow: null,
    transaction_burnt_fee: digits(rand, 14),
    transaction_tag: null,
    transaction_types: decoded ? ["token_transfer", "contract_call"] : ["coin_transfer"],
    type: 2,
    value: rand() < 0.5 ? "0" : digits(rand, 18)
  }
}

/** A 50-item page body (the JSON text a server sends) of `item`s. */
export const pageBody = (item: (rand: Rand) => unknown, seed: number, n = 50): string => {
  const rand = prng(seed)
  const items = Array.from({ length: n }, () => item(rand))
  return JSON.stringify({ items, next_page_params: { block_number: 20_000_000, index: 42, items_count: n } })
}
