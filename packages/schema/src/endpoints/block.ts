/**
 * The block-scoped rows: the chain's blocks, one block's details, its transactions and its beacon withdrawals.
 * Spread into the table by `Endpoints.ts`. A block is named by its number or its hash (path-parameter kind
 * `block`); parameters are the backend's own (`block_controller.ex`, the 11.2.7 / 12.0 / Pro specs).
 *
 * @since 0.1.0
 */
import {
  BlockDetailsResponse,
  BlockInternalTransactionsResponse,
  BlocksResponse,
  BlockTransactionsResponse,
  BlockWithdrawalsResponse
} from "../BlockResponses.ts"
import { BlockCountdownResponse } from "../BlockCountdown.ts"
import { blockRange, itemRow, pageRow } from "../EndpointTable.ts"
import { TransactionTypeValues } from "../Transaction.ts"
import { blockParams } from "./shared.ts"

/**
 * The block-scoped rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const blockRows = {
  blocks: pageRow({
    method: "Blocks",
    credits: 20,
    ids: "S10",
    summary: "The chain's blocks, newest first (consensus blocks, or uncles, or reorged blocks)",
    path: "/blocks",
    pathParams: [],
    filters: [
      {
        name: "type",
        kind: "literal",
        values: ["block", "uncle", "reorg"],
        description: "block (consensus blocks, the default), uncle or reorg (blocks that lost consensus)"
      }
    ],
    response: BlocksResponse,
    cursorKeys: ["block_number", "items_count"],
    // Only the consensus blocks split: uncles and reorged blocks are not verified (the simulated chain has none).
    range: blockRange(["block_number"], "height", [{ filter: "type", values: ["uncle", "reorg"] }])
  }),
  block: itemRow({
    method: "Block",
    credits: 20,
    ids: "S11",
    summary: "One block's details, by number or hash",
    path: "/blocks/{numberOrHash}",
    pathParams: blockParams,
    filters: [],
    response: BlockDetailsResponse,
    cursorKeys: [],
    gotcha:
      "A number the server has not indexed is NotFound; so is a height whose block lost consensus (the server's " +
      "body then names the reorged block's hash), while that block looked up by hash decodes with type reorg."
  }),
  blockTransactions: pageRow({
    method: "BlockTransactions",
    credits: 20,
    ids: "S12",
    summary: "A block's transactions, in block order (by position)",
    path: "/blocks/{numberOrHash}/transactions",
    pathParams: blockParams,
    filters: [
      { name: "type", kind: "literals", values: TransactionTypeValues, description: "transaction types to include" }
    ],
    response: BlockTransactionsResponse,
    cursorKeys: ["block_number", "index", "items_count"],
    gotcha: "An unknown block is NotFound, not an empty list."
  }),
  blockWithdrawals: pageRow({
    method: "BlockWithdrawals",
    credits: 20,
    ids: "S13",
    since: "5.1.5",
    summary: "A block's beacon-chain withdrawals, highest index first",
    path: "/blocks/{numberOrHash}/withdrawals",
    pathParams: blockParams,
    filters: [],
    response: BlockWithdrawalsResponse,
    cursorKeys: ["index", "items_count"],
    gotcha: "Items carry receiver but not block_number or timestamp (the block's); an unknown block is NotFound."
  }),
  blockInternalTransactions: pageRow({
    method: "BlockInternalTransactions",
    since: "6.4.0",
    credits: 40,
    ids: "T5",
    summary: "A block's internal transactions, by transaction index then index (top-level calls left out)",
    path: "/blocks/{numberOrHash}/internal-transactions",
    pathParams: blockParams,
    filters: [],
    response: BlockInternalTransactionsResponse,
    cursorKeys: ["transaction_index", "index", "items_count"],
    gotcha: "An unknown block is NotFound, not an empty list."
  }),
  blockCountdown: itemRow({
    method: "BlockCountdown",
    credits: 20,
    ids: "X2",
    since: "9.0.0",
    summary: "How long until a future block: the head's number, the blocks left and the estimated seconds",
    path: "/blocks/{number}/countdown",
    // A number only: the backend's `param_to_block_number` takes no hash here.
    pathParams: [{ name: "number", kind: "blockNumber" }],
    filters: [],
    response: BlockCountdownResponse,
    cursorKeys: [],
    gotcha:
      'A block already mined is NotFound ("Block number already mined"), as is every block on a server that ' +
      "does not compute its average block time (a 501); one still indexing answers InvalidRequest (422)."
  })
} as const
