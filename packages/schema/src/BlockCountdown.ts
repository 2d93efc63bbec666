/**
 * The countdown of `GET /blocks/{number}/countdown`: how far the chain's head is from a future block, modelled on
 * `block_controller.ex` `block_countdown` and `block_view.ex` `render("block_countdown.json")`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, withRenames } from "./internal/fields.ts"
import { FiniteNumber, IntegerQuantity } from "./Quantities.ts"

const BlockCountdownSchema = withRenames(
  Schema.Struct({
    current_block_number: absent(IntegerQuantity),
    countdown_block_number: absent(IntegerQuantity),
    remaining_blocks_count: absent(IntegerQuantity),
    estimated_time_in_seconds: absent(FiniteNumber),
    // Before 11.2.4 a block already mined, or a chain still indexing, was a 200 with only this.
    message: absent(Schema.String)
  }),
  // The Pro API's spec names them as the RPC API's `getblockcountdown` does.
  {
    current_block: "current_block_number",
    countdown_block: "countdown_block_number",
    remaining_blocks: "remaining_blocks_count",
    estimated_time_in_sec: "estimated_time_in_seconds"
  },
  "BlockCountdown"
)

/**
 * How long until a block: the head's number, the block asked about, the blocks between them, and the estimated
 * seconds (blocks left times the server's average block time, rounded to a tenth).
 *
 * Use it to wait for a scheduled block (an upgrade, an unlock). Gotchas: the numbers decode to `bigint` (strings
 * since 11.2.4, integers before), the seconds to a `number`; the estimate moves with the average block time. Since
 * 11.2.4 a block already mined is a 404; before, it was a 200 with only `message` ("Error! Block number already
 * pass"), as was a chain still indexing: check `remaining_blocks_count` before trusting the rest. The Pro API's
 * spec writes the names as `current_block`, `countdown_block`, `remaining_blocks`, `estimated_time_in_sec`: they
 * decode to these.
 *
 * @since 0.1.0
 * @category resources
 */
export const BlockCountdown = BlockCountdownSchema

/**
 * A decoded {@link BlockCountdown}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface BlockCountdown extends Schema.Schema.Type<typeof BlockCountdownSchema> {}

/**
 * The response of `GET /blocks/{number}/countdown`.
 *
 * @since 0.1.0
 * @category responses
 */
export const BlockCountdownResponse = BlockCountdown
