/**
 * A 2xx answer that is not a page is classified for what it is: only JSON cut short inside its value is a
 * cut transfer worth another try (`Transport`); no body (a 204, an empty 200), a JSON value followed by other
 * bytes, or a body nested deeper than any decoder's stack will not change on a retry (`Decode`, sent once,
 * never a defect). A cursor value nested that deep is dropped from the cursor (it has no query form).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { Blockscout } from "../../src/index.ts"
import { page, type Reply, scriptedServer } from "../support/ScriptedServer.ts"
import { watched } from "../support/watch.ts"
import { instanceClient, type Transport, transports, withdrawal } from "./support.ts"

const listWithdrawals = Blockscout.use((bs) => bs.listWithdrawals())

const valid = JSON.stringify(page([withdrawal(1)]))
const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`

interface Case {
  readonly what: string
  readonly reply: Reply
  readonly tag: "Decode" | "Transport"
  readonly message: string
  readonly requests: number
}

const cases: ReadonlyArray<Case> = [
  { what: "a 204 No Content", reply: { status: 204 }, tag: "Decode", message: "204 with no body", requests: 1 },
  { what: "an empty 200", reply: { body: "" }, tag: "Decode", message: "200 with no body", requests: 1 },
  { what: "a 200 of blanks", reply: { body: " \r\n " }, tag: "Decode", message: "200 with no body", requests: 1 },
  {
    what: "a page followed by trailing bytes",
    reply: { body: `${valid}<!-- injected -->` },
    tag: "Decode",
    message: "followed by 17 characters",
    requests: 1
  },
  {
    what: "two JSON values in a row",
    reply: { body: `${valid}${valid}` },
    tag: "Decode",
    message: "a JSON body followed by",
    requests: 1
  },
  {
    what: "malformed JSON inside a whole value",
    reply: { body: '{"items":[1,,2],"next_page_params":null}' },
    tag: "Decode",
    message: "not valid JSON",
    requests: 1
  },
  {
    what: "JSON cut short inside its value (whole HTTP framing)",
    reply: { body: valid.slice(0, valid.length - 20) },
    tag: "Transport",
    message: "truncated",
    requests: 3
  },
  {
    what: "JSON cut short inside a string that holds a bracket",
    reply: { body: '{"items":[{"note":"}]}' },
    tag: "Transport",
    message: "truncated",
    requests: 3
  },
  {
    what: "an item nested 20,000 arrays deep",
    reply: { body: `{"items":[${deep(20_000)}],"next_page_params":null}` },
    tag: "Decode",
    message: "",
    requests: 1
  },
  {
    what: "a body nested 200,000 arrays deep (refused unparsed)",
    reply: { body: `{"items":[${deep(200_000)}],"next_page_params":null}` },
    tag: "Decode",
    message: "more than 65536 objects and arrays",
    requests: 1
  }
]

describe("2xx bodies classified for what they are", () => {
  for (const transport of Object.keys(transports) as ReadonlyArray<Transport>) {
    for (const c of cases) {
      it.live(`${c.what} (${transport}): ${c.tag}, ${c.requests === 1 ? "not retried" : "retried"}`, () =>
        Effect.gen(function* () {
          const server = yield* scriptedServer(() => c.reply)
          const { result, maxLagMillis } = yield* watched(
            listWithdrawals.pipe(Effect.provide(instanceClient(server.url, transport)), Effect.exit)
          )
          assert.isTrue(Exit.isFailure(result))
          const error = yield* Effect.flip(result)
          assert.strictEqual(error.reason._tag, c.tag, error.message)
          assert.include(error.message, c.message)
          assert.strictEqual(server.requests.length, c.requests)
          assert.isBelow(maxLagMillis, 100)
        }).pipe(Effect.scoped)
      )
    }
  }

  it.live("a cursor value nested 20,000 arrays deep is dropped, not a defect", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        body: `{"items":[],"next_page_params":{"index":${deep(20_000)},"block_number":7}}`
      }))
      const { result, maxLagMillis } = yield* watched(
        listWithdrawals.pipe(Effect.provide(instanceClient(server.url, "fetch")))
      )
      assert.deepStrictEqual(result.next_page_params, { block_number: 7 })
      assert.isBelow(maxLagMillis, 100)
    }).pipe(Effect.scoped)
  )
})
