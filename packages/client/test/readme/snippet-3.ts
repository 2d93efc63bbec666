import { Effect } from "effect"
import { Blockscout, endpoints } from "@blockscout-effect/client"

export const program = Effect.gen(function* () {
  const bs = yield* Blockscout
  for (const [name, row] of Object.entries(endpoints)) {
    yield* Effect.log(
      name,
      row.path,
      row.filters.map((f) => f.name)
    )
  }
  // path parameters and filters by name; lists as arrays or comma-separated strings
  const page = yield* bs.page("internalTransactions", {
    address: "0x00000000219ab540356cBB839Cbe05303d7705Fa",
    filter: "to",
    pageSize: 100
  })
  yield* Effect.log(page.items.length)
})
