/**
 * The simulated chain's ERC-4337 activity, served when `SimulatorOptions.accountAbstraction` is on (else the
 * `/proxy/account-abstraction/*` rows answer what a Blockscout without the user-ops indexer answers: 501
 * `{"message":"Service is disabled"}`, `fallback_controller.ex`).
 *
 * Every fourth block (h % 4 === 1) that has transactions carries one bundle: its last transaction, sent by a
 * bundler (the transaction's sender) to the v0.7 EntryPoint, with 1 to 3 user operations from the chain's users.
 * An account's first operation deploys it through the one simulated account factory. Everything derives from the
 * chain (hashes, senders, blocks, times), so a bundle's transaction, block and time are those `/transactions`
 * lists, and the routes follow the chain's current head.
 *
 * Lists page as the indexer does (`user-ops-indexer`): `page_size` (default 50, at most 100) and `page_token`
 * (operations: `{block},{hash}`; bundles: `{block},{transaction hash},{bundle index}`), newest first.
 *
 * @internal
 */
import { hash, hex } from "./hash.ts"
import { headKey } from "./stats.ts"
import { invalid, type Json, Reject } from "./query.ts"
import type { RouteContext } from "./router.ts"

/** The canonical EntryPoint v0.7 deployment. */
export const ENTRY_POINT = "0x0000000071727de22e5e9d8baf0edac6f37da032"
/** The one account factory of the simulated chain. */
export const FACTORY = "0x91e60e0613810449d098b0b5ec8b51a0fe8c8985"

const DOMAIN = 0xaa4337

/** Answers what a server without the user-ops indexer answers, unless the simulator has it enabled. */
export const requireIndexer = (ctx: RouteContext): void => {
  if (!ctx.accountAbstraction) throw new Reject({ status: 501, body: { message: "Service is disabled" } })
}

/** One user operation of the simulated chain. */
export interface UserOp {
  readonly hash: string
  readonly block: number
  readonly transactionPosition: number
  readonly bundleIndex: number
  readonly index: number
  readonly sender: string
  readonly bundler: string
  readonly status: boolean
  readonly gasUsed: bigint
  readonly gasPrice: bigint
}

/** One bundle: a block's bundling transaction and its operations. */
export interface Bundle {
  readonly block: number
  readonly transactionPosition: number
  readonly bundler: string
  readonly ops: ReadonlyArray<UserOp>
}

/** The bundle block `h` carries, if any. */
export const bundleAt = (ctx: RouteContext, h: number): Bundle | undefined => {
  const chain = ctx.chain
  if (h % 4 !== 1 || h >= chain.height) return undefined
  const txs = chain.template(h).transactions
  const tx = txs[txs.length - 1]
  if (tx === undefined) return undefined
  const bundler = chain.transactionSender(h, tx)
  const count = 1 + (hash(chain.seed, DOMAIN, h, 1) % 3)
  const ops: Array<UserOp> = []
  for (let i = 0; i < count; i++) {
    ops.push({
      hash: `0x${hex(64, chain.seed, DOMAIN, h, i + 10)}`,
      block: h,
      transactionPosition: tx.position,
      bundleIndex: 0,
      index: i,
      sender: chain.userAt(h, 3 + i * 7),
      bundler,
      status: hash(chain.seed, DOMAIN, h, i + 20) % 10 !== 0,
      gasUsed: 90_000n + BigInt(hash(chain.seed, DOMAIN, h, i + 30) % 200_000),
      gasPrice: chain.baseFee(h) + 1_000_000_000n
    })
  }
  return { block: h, transactionPosition: tx.position, bundler, ops }
}

/** Every bundle at or below block `top`, newest first. */
export function* bundlesDown(ctx: RouteContext, top: number): Generator<Bundle> {
  for (let h = Math.min(top, ctx.chain.height - 1); h >= 0; h--) {
    const b = bundleAt(ctx, h)
    if (b !== undefined) yield b
  }
}

/** The operation a hash names, if the chain has it (operation hashes are derived from their block). */
export const findOp = (ctx: RouteContext, opHash: string): UserOp | undefined => {
  for (const b of bundlesDown(ctx, ctx.chain.height - 1)) {
    const op = b.ops.find((o) => o.hash === opHash)
    if (op !== undefined) return op
  }
  return undefined
}

/** An account's first operation (the one that deployed it) and how many it sent, if it sent any. */
export const accountOf = (
  ctx: RouteContext,
  address: string
): { readonly first: UserOp; readonly total: number } | undefined => {
  let first: UserOp | undefined
  let total = 0
  for (const b of bundlesDown(ctx, ctx.chain.height - 1)) {
    for (const op of b.ops) {
      if (op.sender.toLowerCase() === address) {
        total++
        first = op
      }
    }
  }
  return first === undefined ? undefined : { first, total }
}

/** The hashes of the operations that deployed their account (each sender's first), once per chain head. */
const deployingOps = (ctx: RouteContext): ReadonlySet<string> =>
  ctx.memo(`userOps|deploying|${headKey(ctx.chain)}`, () => {
    const seen = new Set<string>()
    const out = new Set<string>()
    for (let h = 0; h < ctx.chain.height; h++) {
      for (const op of bundleAt(ctx, h)?.ops ?? []) {
        const sender = op.sender.toLowerCase()
        if (!seen.has(sender)) {
          seen.add(sender)
          out.add(op.hash)
        }
      }
    }
    return out
  })

/** Whether `op` deployed its account (its sender's first operation). */
export const deploys = (ctx: RouteContext, op: UserOp): boolean => deployingOps(ctx).has(op.hash)

/** The indexer's page size: `page_size`, default 50, clamped to 1..100. */
export const pageSizeOf = (ctx: RouteContext): number => {
  const v = ctx.query.page_size
  if (v === undefined) return 50
  if (!/^\d{1,6}$/.test(v)) throw invalid("page_size", "Invalid integer")
  return Math.max(1, Math.min(100, Number(v)))
}

/** A page token split into its parts, or undefined when absent; 400 as the indexer answers a bad one. */
export const pageToken = (ctx: RouteContext, parts: number): ReadonlyArray<string> | undefined => {
  const v = ctx.query.page_token
  if (v === undefined) return undefined
  const split = v.split(",")
  if (split.length !== parts || !/^\d+$/.test(split[0]!)) {
    throw new Reject({ status: 400, body: { message: `invalid format '${v}' for page_token` } })
  }
  return split
}

/** A list item of an operation (`UserOperationInList`). */
export const renderOpInList = (ctx: RouteContext, op: UserOp): Json => ({
  hash: op.hash,
  address: ctx.render.address(op.sender),
  block_number: String(op.block),
  transaction_hash: ctx.chain.transactionHash(op.block, op.transactionPosition),
  entry_point: ctx.render.address(ENTRY_POINT),
  entry_point_version: "v0.7",
  status: op.status,
  fee: String(op.gasUsed * op.gasPrice),
  timestamp: ctx.render.timestamp(ctx.chain.blockMillis(op.block))
})

/** An operation in detail (`UserOperation`), its `raw` in EntryPoint v0.7's packed form. */
export const renderOp = (ctx: RouteContext, op: UserOp): Json => {
  const chain = ctx.chain
  const created = deploys(ctx, op)
  const word = (salt: number) => `0x${hex(64, chain.seed, DOMAIN, op.block, op.index * 100 + salt)}`
  const callData = `0xb61d27f6${hex(192, chain.seed, DOMAIN, op.block, op.index * 100 + 1)}`
  const signature = `0x${hex(130, chain.seed, DOMAIN, op.block, op.index * 100 + 2)}`
  const nonce = BigInt(hash(chain.seed, DOMAIN, op.block, op.index + 40) % 1000)
  const initCode = created ? `${FACTORY}5fbfb9cf${hex(128, chain.seed, DOMAIN, op.block, op.index + 50)}` : "0x"
  const limit = String(op.gasUsed + 50_000n)
  return {
    hash: op.hash,
    sender: ctx.render.address(op.sender),
    nonce: `0x${nonce.toString(16).padStart(64, "0")}`,
    call_data: callData,
    call_gas_limit: limit,
    verification_gas_limit: "150000",
    pre_verification_gas: "50000",
    max_fee_per_gas: String(op.gasPrice * 2n),
    max_priority_fee_per_gas: "1000000000",
    signature,
    aggregator: null,
    aggregator_signature: null,
    entry_point: ctx.render.address(ENTRY_POINT),
    entry_point_version: "v0.7",
    transaction_hash: chain.transactionHash(op.block, op.transactionPosition),
    block_number: String(op.block),
    block_hash: chain.blockHash(op.block),
    bundler: ctx.render.address(op.bundler),
    bundle_index: op.bundleIndex,
    index: op.index,
    factory: created ? ctx.render.address(FACTORY) : null,
    paymaster: null,
    status: op.status,
    revert_reason: op.status ? null : "0x",
    gas: String(op.gasUsed + 250_000n),
    gas_price: String(op.gasPrice),
    gas_used: String(op.gasUsed),
    sponsor_type: "wallet_deposit",
    user_logs_start_index: 0,
    user_logs_count: 0,
    consensus: true,
    timestamp: ctx.render.timestamp(chain.blockMillis(op.block)),
    fee: String(op.gasUsed * op.gasPrice),
    execute_target: null,
    execute_call_data: null,
    decoded_call_data: null,
    decoded_execute_call_data: null,
    raw: {
      sender: op.sender,
      nonce: String(nonce),
      init_code: initCode,
      call_data: callData,
      account_gas_limits: word(3),
      pre_verification_gas: "50000",
      gas_fees: word(4),
      paymaster_and_data: "0x",
      signature
    }
  }
}
