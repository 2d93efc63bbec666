/**
 * A block path parameter (`/blocks/{numberOrHash}`): a number below the chain's height or one of its block
 * hashes; anything else well formed is a block the server does not have (404). The router has already answered
 * 422 for a malformed one.
 *
 * @internal
 */
import { notFound, Reject } from "./query.ts"
import type { RouteContext } from "./router.ts"

/**
 * Whether a checked `numberOrHash` parameter is the hash of a block a reorganisation replaced (live mode): its
 * own lists answer empty pages, since Blockscout detaches a block's transactions when it loses consensus.
 */
export const isReplacedBlock = (ctx: RouteContext): boolean => {
  const raw = ctx.params.numberOrHash!
  return raw.startsWith("0x") && ctx.chain.replacedBlockOfHash(raw) !== undefined
}

/**
 * The block a checked `numberOrHash` parameter names; throws the 404 of an unknown block, and in live mode the
 * 404 of a number whose block lost consensus moments ago (`lostConsensusMillis`), naming the replaced block, as
 * every `/blocks/{numberOrHash}` action of Blockscout's block controller answers (`{:lost_consensus, {:ok, block}}`
 * in its fallback controller).
 */
export const blockOf = (ctx: RouteContext): number => {
  const raw = ctx.params.numberOrHash!
  const h = raw.startsWith("0x") ? ctx.chain.blockOfHash(raw) : raw.length > 15 ? undefined : Number(raw)
  if (h === undefined || h >= ctx.chain.height) throw notFound()
  const lost = raw.startsWith("0x") ? undefined : ctx.live?.lostConsensus(h)
  if (lost !== undefined) {
    throw new Reject({ status: 404, body: { message: "Block lost consensus", hash: ctx.chain.blockHashAt(h, lost) } })
  }
  return h
}
