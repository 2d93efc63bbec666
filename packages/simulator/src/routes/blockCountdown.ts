/**
 * X2 `GET /blocks/{number}/countdown`: how far the head (the newest block) is from a future block, and the seconds
 * that makes at the chain's average block time (`internal/stats.ts`, as `/stats` answers it), rounded to a tenth
 * (`block_controller.ex` `block_countdown`, `block_view.ex`). Since 11.2.4 every field is a string (the estimate as
 * Elixir prints a float, `"404868.0"`) and a block at or below the head is a 404 `Block number already mined`;
 * before, the numbers were integers and a mined block a 200 with only a message. The Pro API answers as its spec
 * writes it: `current_block`, `countdown_block`, `remaining_blocks` and `estimated_time_in_sec`, all numbers.
 *
 * @internal
 */
import { releaseOlder } from "../internal/dispatch.ts"
import { averageBlockMillis } from "../internal/stats.ts"
import { ok, Reject } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

/** A float as Elixir's `to_string` writes one: always with a fraction (`12.0`). */
const elixirFloat = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x))

export const blockCountdown: RouteHandler = {
  handle: (ctx) => {
    const head = ctx.chain.height - 1
    const target = Number(ctx.params.number!)
    const remaining = target - head
    const before1124 = releaseOlder(ctx.backendVersion, "11.2.4")
    if (remaining <= 0) {
      if (before1124) return ok({ message: "Error! Block number already pass" })
      throw new Reject({ status: 404, body: { message: "Block number already mined" } })
    }
    const seconds = Math.round(remaining * (averageBlockMillis(ctx.chain) / 1000) * 10) / 10
    if (ctx.render.pro) {
      return ok({
        current_block: head,
        countdown_block: target,
        remaining_blocks: remaining,
        estimated_time_in_sec: seconds
      })
    }
    const number = (n: number) => (before1124 ? n : String(n))
    return ok({
      current_block_number: number(head),
      countdown_block_number: number(target),
      remaining_blocks_count: number(remaining),
      estimated_time_in_seconds: elixirFloat(seconds)
    })
  }
}
