/**
 * T2 `GET /transactions/{hash}/raw-trace`: a transaction's call tree in the Parity trace format, as the backend
 * stores and renders it (`InternalTransaction.internal_transactions_to_raw`): the top call (or creation) first,
 * then each internal transaction in index order, one level below it (`traceAddress [i - 1]`), hex quantities and
 * lower-case addresses as a node writes them; the same calls, values and parties as the internal transaction
 * lists. A pending transaction has none (an empty array); 404 for a hash the chain does not hold.
 *
 * @internal
 */
import { internalValue } from "../chain/coins.ts"
import type { InternalTemplate } from "../chain/templates.ts"
import { type Json, notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

const hexOf = (value: bigint | number | string): string => `0x${BigInt(value).toString(16)}`

export const transactionRawTrace: RouteHandler = {
  handle: (ctx) => {
    const { chain } = ctx
    const place = chain.locateTransaction(ctx.params.hash!)
    if (place === undefined) throw notFound()
    if (place._tag === "Pending") return ok([])
    const h = place.block
    const tx = chain.template(h).transactions[place.position]!
    const top = ctx.render.transaction(h, tx) as {
      readonly from: { readonly hash: string }
      readonly to: { readonly hash: string } | null
      readonly created_contract: { readonly hash: string } | null
      readonly value: string
      readonly gas_limit: string
      readonly gas_used: string | null
      readonly raw_input: string
    }
    const calls = chain
      .template(h)
      .internals.filter((it) => it.txPosition === tx.position)
      .sort((a, b) => a.index - b.index)
    const created = top.created_contract?.hash.toLowerCase()
    const first: Json = {
      type: created === undefined ? "call" : "create",
      action:
        created === undefined
          ? {
              callType: "call",
              from: top.from.hash.toLowerCase(),
              to: top.to?.hash.toLowerCase() ?? null,
              gas: hexOf(top.gas_limit),
              input: top.raw_input,
              value: hexOf(top.value)
            }
          : {
              from: top.from.hash.toLowerCase(),
              gas: hexOf(top.gas_limit),
              init: top.raw_input,
              value: hexOf(top.value)
            },
      ...(tx.failed
        ? { error: "Reverted" }
        : {
            result:
              created === undefined
                ? { gasUsed: hexOf(top.gas_used ?? 0), output: "0x" }
                : { address: created, code: "0x6080", gasUsed: hexOf(top.gas_used ?? 0) }
          }),
      subtraces: calls.length,
      traceAddress: []
    }
    const entry = (it: InternalTemplate, i: number): Json => {
      const { from, to } = chain.internalParties(h, it)
      const gas = hexOf(50_000 + (chain.noise(h, it.txPosition, it.index) % 200_000))
      const value = hexOf(internalValue(chain, h, it))
      const create = it.to._tag === "Create"
      return {
        type: create ? "create" : "call",
        action: create ? { from, gas, init: "0x6080", value } : { callType: "call", from, to, gas, input: "0x", value },
        ...(it.failed
          ? { error: "Reverted" }
          : {
              result: create
                ? { address: chain.createdAddress(h, it.txPosition, it.index), code: "0x6080", gasUsed: "0x5208" }
                : { gasUsed: "0x5208", output: "0x" }
            }),
        subtraces: 0,
        traceAddress: [i]
      }
    }
    return ok([first, ...calls.map(entry)])
  }
}
