import { Effect } from "effect"
import { Blockscout } from "@blockscout-effect/client"

export const logs = (hash: string) =>
  Blockscout.use((bs) => bs.listTransactionLogs(hash)).pipe(
    Effect.catchReason("BlockscoutError", "NotFound", () => Effect.succeed({ items: [], next_page_params: null }))
  )
