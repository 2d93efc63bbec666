/**
 * F2 `GET /advanced-filters/methods`: without `q`, the backend's own list of suggested methods
 * (`advanced_filter_controller.ex`'s `@methods`, copied in order); with `q` (lower-cased), the one entry that
 * selector or name gives: from that list first, else from the methods the simulated contracts declare (the
 * backend's `ContractMethod` table), a 4-byte selector it does not know with an empty name, else nothing.
 *
 * @internal
 */
import { methods as contractMethods } from "../chain/methods.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

/** The backend's suggestions, as `advanced_filter_controller.ex` lists them. */
const suggested: ReadonlyArray<{ readonly method_id: string; readonly name: string }> = [
  ["0xa9059cbb", "transfer"],
  ["0xa0712d68", "mint"],
  ["0x095ea7b3", "approve"],
  ["0x40993b26", "buy"],
  ["0x3ccfd60b", "withdraw"],
  ["0xd0e30db0", "deposit"],
  ["0x0a19b14a", "trade"],
  ["0x4420e486", "register"],
  ["0x5f575529", "swap"],
  ["0xd9627aa4", "sellToUniswap"],
  ["0xe9e05c42", "depositTransaction"],
  ["0x23b872dd", "transferFrom"],
  ["0xa22cb465", "setApprovalForAll"],
  ["0x2e7ba6ef", "claim"],
  ["0x0502b1c5", "unoswap"],
  ["0xb2267a7b", "sendMessage"],
  ["0x9871efa4", "unxswapByOrderId"],
  ["0xbf6eac2f", "stake"],
  ["0x3ce33bff", "bridge"],
  ["0xeb672419", "requestL2Transaction"],
  ["0xe449022e", "uniswapV3Swap"],
  ["0x0162e2d0", "swapETHForExactTokens"]
].map(([method_id, name]) => ({ method_id: method_id!, name: name! }))

export const advancedFilterMethods: RouteHandler = {
  handle: (ctx) => {
    const q = ctx.query.q
    if (q === undefined) return ok(suggested)
    const query = q.toLowerCase()
    const listed = suggested.find((m) => m.method_id === query || m.name === query)
    if (listed !== undefined)
      return ok([listed.method_id === query ? listed : { method_id: listed.method_id, name: query }])
    const selector = /^0x[0-9a-f]{8}$/.test(query)
    const declared = Object.values(contractMethods).find((m) => (selector ? m.selector === query : m.name === query))
    if (declared !== undefined) return ok([{ method_id: declared.selector, name: declared.name }])
    return ok(selector ? [{ method_id: query, name: "" }] : [])
  }
}
