import { Effect } from "effect"
import { Blockscout, BlockscoutError } from "@blockscout-effect/client"

// Effect<Page<Log>, BlockscoutError<Exclude<CallReason, NotFound>>, Blockscout>
export const logs = (hash: string) =>
  Blockscout.use((bs) => bs.listTransactionLogs(hash)).pipe(
    BlockscoutError.catchReason("NotFound", () => Effect.succeed({ items: [], next_page_params: null }))
  )
