/**
 * A small random ledger around one address, for the history tests: blocks of transactions, each with token
 * transfers (ERC-1155 batches among them) and internal transactions, pending transactions, and token transfers
 * of no transaction (Celo epoch rewards). `expected` is the address's history computed from the ledger's own
 * structure by the documented order (blocks newest first; transactions by index, last first; the transaction,
 * its token transfers by log index last first, a batch's items in order, its internal transactions by index
 * last first; transfers of no transaction first in their block), with no reference to the client's merge.
 */

/** A seeded PRNG (mulberry32). */
export const random = (seed: number) => {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p }
}

export interface Transfer {
  readonly logIndex: number
  readonly from: string
  readonly to: string
  /** One token id (ERC-721), several (an ERC-1155 batch), or none (ERC-20). */
  readonly tokenIds: ReadonlyArray<number>
}

export interface Internal {
  readonly index: number
  readonly from: string
  readonly to: string | null
  readonly created: string | null
}

export interface LedgerTx {
  readonly hash: string
  /** Null for a pending transaction. */
  readonly block: number | null
  readonly index: number | null
  readonly from: string
  readonly to: string | null
  readonly created: string | null
  readonly transfers: ReadonlyArray<Transfer>
  readonly internals: ReadonlyArray<Internal>
}

export interface Reward {
  readonly block: number
  readonly logIndex: number
  readonly to: string
}

export interface Ledger {
  readonly address: string
  /** Whether the subject is a contract (created in block 0, never a transaction's sender). */
  readonly contract: boolean
  readonly height: number
  /** Mined transactions, oldest first. */
  readonly mined: ReadonlyArray<LedgerTx>
  /** Pending transactions, first inserted first. */
  readonly pending: ReadonlyArray<LedgerTx>
  readonly rewards: ReadonlyArray<Reward>
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0")
const addressOf = (i: number) => `0x${hex(0xa0000 + i, 40)}`
const hashOf = (block: number, index: number) => `0x${hex(block, 32)}${hex(index, 32)}`

/** The address the history is about. */
export const subject = addressOf(0)

/**
 * A ledger of `height` blocks from `seed`: about half of everything involves the subject. As a `contract`, the
 * subject is created by block 0's first transaction and sends none.
 */
export const makeLedger = (seed: number, height = 24, contract = false): Ledger => {
  const r = random(seed)
  const party = () => (r.chance(0.45) ? subject : addressOf(1 + r.int(5)))
  const sender = () => (contract ? addressOf(1 + r.int(5)) : party())
  const mined: Array<LedgerTx> = []
  const rewards: Array<Reward> = []
  const tx = (block: number | null, index: number | null, logs: { n: number }): LedgerTx => {
    const createsSubject = contract && block === 0 && index === 0
    const creates = createsSubject || r.chance(0.08)
    const created = createsSubject ? subject : creates ? addressOf(100 + r.int(1000)) : null
    const transfers: Array<Transfer> = []
    const internals: Array<Internal> = []
    if (block !== null) {
      for (let t = r.int(4); t > 0; t--) {
        const kind = r.int(3)
        const tokenIds =
          kind === 0 ? [] : kind === 1 ? [r.int(50)] : Array.from({ length: 2 + r.int(3) }, () => r.int(9))
        transfers.push({ logIndex: logs.n++, from: party(), to: party(), tokenIds })
      }
      for (let i = 1, n = r.int(4); i <= n; i++) {
        const creation = r.chance(0.1)
        internals.push({
          index: i,
          from: party(),
          to: creation ? null : party(),
          created: creation ? addressOf(2000 + r.int(99)) : null
        })
      }
    }
    return {
      hash: hashOf(block ?? 0xffffff, index ?? r.int(1_000_000)),
      block,
      index,
      from: creates ? addressOf(1 + r.int(5)) : sender(),
      to: creates ? null : party(),
      created,
      transfers,
      internals
    }
  }
  for (let block = 0; block < height; block++) {
    const logs = { n: 0 }
    const count = block === 0 && contract ? 1 + r.int(4) : r.int(5)
    for (let index = 0; index < count; index++) mined.push(tx(block, index, logs))
    if (r.chance(0.1)) rewards.push({ block, logIndex: logs.n++, to: subject })
  }
  const pending = Array.from({ length: r.int(4) }, () => tx(null, null, { n: 0 }))
  return { address: subject, contract, height, mined, pending, rewards }
}

/** What an entry of the expected history is: its kind, block and identity. */
export interface ExpectedEntry {
  readonly tag: "Transaction" | "TokenTransfer" | "InternalTransaction"
  readonly block: number
  readonly key: string
  /** Its transaction's index (null for a reward). */
  readonly index: number | null
}

const involves = (a: { readonly from: string; readonly to: string | null }, address: string) =>
  a.from === address || a.to === address

export const txInvolves = (tx: LedgerTx, address: string) => involves(tx, address) || tx.created === address
export const internalInvolves = (it: Internal, address: string) => involves(it, address) || it.created === address

/** The transfer items of a transfer (one per token id of a batch), as the lists give them. */
export const transferItems = (t: Transfer): ReadonlyArray<number | null> =>
  t.tokenIds.length === 0 ? [null] : t.tokenIds

/** The subject's history by the documented order, blocks `fromBlock` to `toBlock`. */
export const expected = (ledger: Ledger, fromBlock = 0, toBlock = ledger.height - 1): Array<ExpectedEntry> => {
  const out: Array<ExpectedEntry> = []
  const a = ledger.address
  for (let block = toBlock; block >= fromBlock; block--) {
    for (const reward of ledger.rewards.filter((w) => w.block === block && w.to === a)) {
      out.push({ tag: "TokenTransfer", block, key: `tokenTransfer::${reward.logIndex}:`, index: null })
    }
    const txs = ledger.mined.filter((tx) => tx.block === block).sort((x, y) => (y.index ?? 0) - (x.index ?? 0))
    for (const tx of txs) {
      if (txInvolves(tx, a)) out.push({ tag: "Transaction", block, key: `transaction:${tx.hash}`, index: tx.index })
      for (const t of [...tx.transfers].reverse()) {
        if (!involves(t, a)) continue
        for (const id of transferItems(t)) {
          out.push({
            tag: "TokenTransfer",
            block,
            key: `tokenTransfer:${tx.hash}:${t.logIndex}:${id ?? ""}`,
            index: tx.index
          })
        }
      }
      for (const it of [...tx.internals].reverse()) {
        if (internalInvolves(it, a)) {
          out.push({
            tag: "InternalTransaction",
            block,
            key: `internalTransaction:${tx.hash}:${it.index}`,
            index: tx.index
          })
        }
      }
    }
  }
  return out
}

/**
 * The server's counters of the subject, as Blockscout counts them: a contract's transactions sent to it, any
 * other address's from or to it, pending ones included; transfer logs from or to it.
 */
export const counters = (ledger: Ledger) => {
  const a = ledger.address
  const all = [...ledger.mined, ...ledger.pending]
  const counted = (tx: LedgerTx) => (ledger.contract ? tx.to === a : involves(tx, a))
  let transfers = 0
  for (const tx of ledger.mined) transfers += tx.transfers.filter((t) => involves(t, a)).length
  transfers += ledger.rewards.filter((w) => w.to === a).length
  return { transactions: all.filter(counted).length, tokenTransfers: transfers }
}
