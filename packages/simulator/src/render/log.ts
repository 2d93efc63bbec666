/**
 * The log object (§2.5) as `TransactionView`'s log rendering writes it: the emitting contract as `address`
 * (an address object) and `smart_contract`, `block_timestamp`, and for a token transfer log the event its
 * token kind emits, with topics, data and decoded parameters that match the transfer items E1/E5 list
 * (parties, token id, amount): ERC-20 and ERC-404 `Transfer(from, to, value)`, ERC-721
 * `Transfer(from, to, tokenId)` with the id indexed, ERC-1155 `TransferSingle` / `TransferBatch`.
 *
 * @internal
 */
import type { LogTemplate, TransferTemplate } from "../chain/templates.ts"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"
import { renderAddress } from "./address.ts"

const topic = {
  transfer: "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
  single: "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62",
  batch: "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb"
} as const

const word = (n: bigint | number): string => BigInt(n).toString(16).padStart(64, "0")
const addressTopic = (address: string): string => `0x${"0".repeat(24)}${address.slice(2)}`

type Param = readonly [name: string, type: string, indexed: boolean, value: unknown]

const decoded = (call: string, id: string, params: ReadonlyArray<Param>): Json => ({
  method_call: call,
  method_id: id,
  parameters: params.map(([name, type, indexed, value]) => ({ name, type, indexed, value }))
})

/** Topics, data and decoded event of a transfer log, from the log's transfer items. */
const transferEvent = (r: RenderContext, h: number, log: LogTemplate): Json => {
  const chain = r.chain
  const items: ReadonlyArray<TransferTemplate> = chain.template(h).transfers.filter((t) => t.logIndex === log.index)
  const first = items[0]!
  const { from, to } = chain.transferParties(h, first)
  const type = chain.tokens[log.token]!.type
  const value = chain.transferValue(h, first)
  if (type === "ERC-721") {
    const id = chain.tokenIdOf(h, first)
    return {
      topics: [topic.transfer, addressTopic(from), addressTopic(to), `0x${word(id)}`],
      data: "0x",
      decoded: decoded("Transfer(address indexed from, address indexed to, uint256 indexed tokenId)", "ddf252ad", [
        ["from", "address", true, from],
        ["to", "address", true, to],
        ["tokenId", "uint256", true, String(id)]
      ])
    }
  }
  if (type === "ERC-1155") {
    const ids = items.map((t) => chain.tokenIdOf(h, t))
    const values = items.map((t) => chain.transferValue(h, t))
    const batch = items.length > 1
    const head = [topic[batch ? "batch" : "single"], addressTopic(from), addressTopic(from), addressTopic(to)]
    const call = batch
      ? "TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)"
      : "TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)"
    return {
      topics: head,
      data: batch
        ? `0x${word(64)}${word(64 + 32 * (ids.length + 1))}${word(ids.length)}${ids.map(word).join("")}${word(values.length)}${values.map(word).join("")}`
        : `0x${word(ids[0]!)}${word(values[0]!)}`,
      decoded: decoded(call, batch ? "4a39dc06" : "c3d58168", [
        ["operator", "address", true, from],
        ["from", "address", true, from],
        ["to", "address", true, to],
        batch ? ["ids", "uint256[]", false, ids.map(String)] : ["id", "uint256", false, String(ids[0])],
        batch ? ["values", "uint256[]", false, values.map(String)] : ["value", "uint256", false, String(values[0])]
      ])
    }
  }
  return {
    topics: [topic.transfer, addressTopic(from), addressTopic(to), null],
    data: `0x${word(value)}`,
    decoded: decoded("Transfer(address indexed from, address indexed to, uint256 value)", "ddf252ad", [
      ["from", "address", true, from],
      ["to", "address", true, to],
      ["value", "uint256", false, String(value)]
    ])
  }
}

/** Log `log` of block `h`. */
export const renderLog = (r: RenderContext, h: number, log: LogTemplate): Json => {
  const chain = r.chain
  const tx = chain.template(h).transactions[log.txPosition]!
  const emitter = renderAddress(r, log.token >= 0 ? chain.tokens[log.token]!.address : chain.routers[tx.router]!)
  const event =
    log.token >= 0
      ? transferEvent(r, h, log)
      : {
          topics: [`0x${chain.hexOf(64, 5, log.index % 4)}`, null, null, null],
          data: `0x${chain.hexOf(64, 6, h, log.index)}`,
          decoded: null
        }
  return {
    index: log.index,
    address: emitter,
    smart_contract: emitter,
    ...event,
    transaction_hash: chain.transactionHash(h, log.txPosition),
    block_hash: chain.blockHash(h),
    block_number: h,
    block_timestamp: r.timestamp(chain.blockMillis(h))
  }
}

/**
 * The token events the simulator's logs carry, as a contract's JSON ABI lists them: ERC-20's and ERC-721's
 * `Transfer` (the id indexed), ERC-1155's `TransferSingle` and `TransferBatch`. Decoding a simulated log with it
 * gives what its Blockscout `decoded` field says (a test of an ABI decoder's needs no ABI of its own).
 *
 * @since 0.1.0
 * @category models
 */
export const tokenEventsAbi = [
  {
    type: "event",
    name: "Transfer",
    inputs: [
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "value", type: "uint256", indexed: false }
    ]
  },
  {
    type: "event",
    name: "Transfer",
    inputs: [
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "tokenId", type: "uint256", indexed: true }
    ]
  },
  {
    type: "event",
    name: "TransferSingle",
    inputs: [
      { name: "operator", type: "address", indexed: true },
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "id", type: "uint256", indexed: false },
      { name: "value", type: "uint256", indexed: false }
    ]
  },
  {
    type: "event",
    name: "TransferBatch",
    inputs: [
      { name: "operator", type: "address", indexed: true },
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "ids", type: "uint256[]", indexed: false },
      { name: "values", type: "uint256[]", indexed: false }
    ]
  }
] as const
