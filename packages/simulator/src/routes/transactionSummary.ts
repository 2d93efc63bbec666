/**
 * T3 `GET /transactions/{hash}/summary`: what the backend's transaction interpretation service answers, passed
 * through (`TransactionController.summary`): `{ success, data: { summaries } }`, one sentence template with its
 * variables, read from the transaction as the transaction route renders it (its kind, value, method, parties and
 * first token transfer). A pending transaction is summarised too; 404 for a hash the chain does not hold.
 *
 * @internal
 */
import { type Json, notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

interface Shown {
  readonly from: Json
  readonly to: Json | null
  readonly created_contract: Json | null
  readonly value: string
  readonly method: string | null
  readonly transaction_types: ReadonlyArray<string>
}

export const transactionSummary: RouteHandler = {
  handle: (ctx) => {
    const { chain } = ctx
    const place = chain.locateTransaction(ctx.params.hash!)
    if (place === undefined) throw notFound()
    const tx =
      place._tag === "Pending"
        ? (ctx.render.pendingTransaction(place.index) as unknown as Shown)
        : (ctx.render.transaction(
            place.block,
            chain.template(place.block).transactions[place.position]!
          ) as unknown as Shown)
    const h = place._tag === "Mined" ? place.block : undefined
    const first =
      h === undefined || place._tag !== "Mined"
        ? undefined
        : chain.template(h).transfers.find((t) => t.txPosition === place.position)
    const summary =
      first !== undefined && h !== undefined
        ? {
            summary_template: "{action_type} {amount} {token} to {to_address}",
            summary_template_variables: {
              action_type: { type: "string", value: "Transfer" },
              amount: { type: "currency", value: String(chain.transferValue(h, first)) },
              token: { type: "token", value: ctx.render.token(first.token) },
              to_address: {
                type: "address",
                value: ctx.render.address(chain.transferParties(h, first).to)
              }
            }
          }
        : tx.created_contract !== null
          ? {
              summary_template: "{action_type} {contract}",
              summary_template_variables: {
                action_type: { type: "string", value: "Deploy" },
                contract: { type: "address", value: tx.created_contract }
              }
            }
          : tx.method !== null
            ? {
                summary_template: "{action_type} {method} on {to_address}",
                summary_template_variables: {
                  action_type: { type: "string", value: "Call" },
                  method: { type: "string", value: tx.method },
                  to_address: { type: "address", value: tx.to }
                }
              }
            : {
                summary_template: "{action_type} {amount} {native} to {to_address}",
                summary_template_variables: {
                  action_type: { type: "string", value: "Transfer" },
                  amount: { type: "currency", value: tx.value },
                  native: { type: "string", value: "ETH" },
                  to_address: { type: "address", value: tx.to }
                }
              }
    return ok({ success: true, data: { summaries: [summary] } })
  }
}
