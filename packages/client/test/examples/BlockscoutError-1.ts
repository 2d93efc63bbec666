import { Effect } from "effect"
import { Blockscout, BlockscoutError } from "@blockscout-effect/client"

// The error type no longer names NotFound.
export const logs = (hash: string) =>
  Blockscout.use((bs) => bs.listTransactionLogs(hash)).pipe(
    BlockscoutError.catchReason("NotFound", () => Effect.succeed({ items: [], next_page_params: null }))
  )
