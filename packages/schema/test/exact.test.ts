import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Exit, Schema } from "effect"
import fc from "fast-check"
import * as S from "../src/index.ts"
import { loadFixtures } from "./support.ts"

// Integers beyond 2^53 written as JSON numbers: `decodeResponseText` reads them from the body text, exactly;
// ordinary pages pay one JSON.parse and the fast decode, as before.

const block = loadFixtures("Block")["instance-v11/full"] as Record<string, unknown>
const transaction = loadFixtures("Transaction")["instance-v11/full"] as Record<string, unknown>

/** A page's JSON text with `raw` spliced in verbatim at `"@@"` (JSON.stringify cannot write such numbers). */
const pageText = (items: ReadonlyArray<unknown>, cursor: string): string =>
  JSON.stringify({ items, next_page_params: "@@" }).replace('"@@"', cursor)

const ok = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) assert.fail(String(Cause.squash(exit.cause)))
  return exit.value
}

/** Counts JSON.parse calls (with and without a reviver) while `f` runs. */
const countParses = (f: () => void): { plain: number; revived: number } => {
  const original = JSON.parse
  const counts = { plain: 0, revived: 0 }
  JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    if (reviver === undefined) counts.plain++
    else counts.revived++
    return original(text, reviver)
  }) as typeof JSON.parse
  try {
    f()
  } finally {
    JSON.parse = original
  }
  return counts
}

describe("decodeResponseText: numbers beyond 2^53", () => {
  const decodeBlocks = S.decodeResponseTextExit(S.BlocksValidatedResponse)

  it("cursor values keep the server's digits, as strings sent back as written", () => {
    const text = pageText([], '{"block_number":9007199254740993,"value":123456789012345678901234567,"index":7}')
    const page = ok(decodeBlocks(text))
    assert.deepStrictEqual(page.next_page_params, {
      block_number: "9007199254740993",
      value: "123456789012345678901234567",
      index: 7
    })
    // What JSON.parse alone makes of them: the wrong place in the list.
    const parsed = ok(S.decodeResponseExit(S.BlocksValidatedResponse)(JSON.parse(text)))
    assert.strictEqual(parsed.next_page_params?.block_number, 9007199254740992)
  })

  it("a negative one and one in exponent form keep their text too", () => {
    const page = ok(decodeBlocks(pageText([], '{"a":-9007199254740993,"b":1.5e+300,"c":1e21}')))
    assert.deepStrictEqual(page.next_page_params, { a: "-9007199254740993", b: "1.5e+300", c: "1e21" })
  })

  it("integer quantities written as numbers decode exactly to bigint (rewards, gas limits)", () => {
    const reward = { ...block, rewards: [{ reward: "@r", type: "Miner Reward" }] }
    const text = pageText([reward], "null").replace('"@r"', "123456789012345678901")
    const page = ok(decodeBlocks(text))
    assert.strictEqual(page.items[0]?.rewards?.[0]?.reward, 123456789012345678901n)
    // From a parsed body the value is gone already: an error, never a rounded amount.
    assert.isTrue(Exit.isFailure(S.decodeResponseExit(S.BlocksValidatedResponse)(JSON.parse(text))))

    const tx = JSON.stringify([{ ...transaction, gas_limit: "@g" }]).replace('"@g"', "1152921504606846977")
    const txs = ok(S.decodeResponseTextExit(S.MainPageTransactionsResponse)(tx))
    assert.strictEqual(txs[0]?.gas_limit, 1152921504606846977n)
    // Encoded back without loss: a string, since no JSON number holds it for JavaScript readers.
    const wire = Schema.encodeSync(S.MainPageTransactionsResponse)(txs) as ReadonlyArray<{ gas_limit: unknown }>
    assert.strictEqual(wire[0]?.gas_limit, "1152921504606846977")
  })

  it("decimal quantities and free-form JSON keep the digits", () => {
    const text = JSON.stringify({
      items: [{ market_cap: "@m", coin_balance: "1" }],
      next_page_params: null
    }).replace('"@m"', "123456789012345678901")
    const contracts = ok(S.decodeResponseTextExit(S.SmartContractsResponse)(text))
    assert.strictEqual(contracts.items[0]?.market_cap, "123456789012345678901")

    const instance = { id: "1", is_unique: true, owner: null, metadata: { power: "@p", name: "x" } }
    const nftText = JSON.stringify({ token_id: "1", token_instance: instance }).replace('"@p"', "99999999999999999999")
    const total = ok(S.decodeResponseTextExit(S.TotalNft)(nftText))
    assert.deepStrictEqual(total.token_instance?.metadata, { power: "99999999999999999999", name: "x" })
  })

  it("an ordinary page is parsed once, without a reviver; only a body that needs it is parsed again", () => {
    const ordinary = pageText([block], '{"block_number":1,"items_count":50}')
    const plain = countParses(() => ok(decodeBlocks(ordinary)))
    assert.deepStrictEqual(plain, { plain: 1, revived: 0 })
    const big = pageText([block], '{"block_number":9007199254740993}')
    assert.deepStrictEqual(
      countParses(() => ok(decodeBlocks(big))),
      { plain: 1, revived: 1 }
    )
    // A bad page with no long number in its text is not parsed again either.
    const bad = pageText([{ ...block, height: "x" }], "null")
    assert.deepStrictEqual(
      countParses(() => decodeBlocks(bad)),
      { plain: 1, revived: 0 }
    )
  })

  it("a bad field is still reported with its path when the body also holds big numbers", () => {
    const text = pageText([{ ...block, height: "x" }], '{"block_number":9007199254740993}')
    const exit = decodeBlocks(text)
    assert.isTrue(Exit.isFailure(exit))
    const error = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
    assert.instanceOf(error, S.DecodeError)
    assert.deepStrictEqual((error as S.DecodeError).path, ["items", 0, "height"])
  })

  const syntaxFailure = (text: string): S.JsonSyntaxError => {
    const exit = decodeBlocks(text)
    const error = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
    assert.instanceOf(error, S.JsonSyntaxError)
    return error as S.JsonSyntaxError
  }

  it("a body that is not JSON fails with JsonSyntaxError, saying where, never quoting the body", () => {
    const cut = syntaxFailure('{"items":[{"hash":"0xsecret')
    assert.strictEqual(cut._tag, "JsonSyntaxError")
    assert.strictEqual(cut.length, 27)
    assert.include(cut.message, "ends before the JSON does")
    const html = syntaxFailure("<html><title>apikey=proapi_secret</title></html>")
    // V8's own message quotes the body here ('Unexpected token '<', "<html><tit"...'); ours does not.
    assert.include(html.message, "not valid JSON")
    assert.strictEqual(syntaxFailure("[1 2]").position, 3)
    for (const error of [cut, html]) {
      assert.notInclude(`${error.message} ${String(error)} ${JSON.stringify(error)}`, "secret")
    }
    assert.include(syntaxFailure("").message, "empty")
  })

  it("decodeResponseText is the same, as an Effect", () => {
    const exit = Effect.runSyncExit(
      S.decodeResponseText(S.BlocksValidatedResponse)(pageText([], '{"n":9007199254740993}'))
    )
    assert.deepStrictEqual(ok(exit).next_page_params, { n: "9007199254740993" })
  })
})

describe("decodeResponseText: a cursor's numbers go back as the server wrote them", () => {
  const decodeBlocks = S.decodeResponseTextExit(S.BlocksValidatedResponse)
  const cursorOf = (raw: string) => ok(decodeBlocks(pageText([block], raw))).next_page_params

  it("one rule: a number stays a number only when JavaScript writes it back the same", () => {
    const raw = '{"a":1.000000000000000000001,"b":-0,"c":1e21,"d":1E-7,"e":2.50,"f":7,"g":-3,"h":0.5,"i":1.5e-7,"j":0}'
    assert.deepStrictEqual(cursorOf(raw), {
      a: "1.000000000000000000001",
      b: "-0",
      c: "1e21",
      d: "1E-7",
      e: "2.50",
      f: 7,
      g: -3,
      h: 0.5,
      i: 1.5e-7,
      j: 0
    })
    // What JSON.parse alone makes of them: other places in the list.
    const parsed = ok(S.decodeResponseExit(S.BlocksValidatedResponse)(JSON.parse(pageText([], raw))))
    assert.deepStrictEqual([parsed.next_page_params?.a, Object.is(parsed.next_page_params?.b, -0)], [1, true])
  })

  it("only the cursor: the items' numbers decode as before, and an ordinary cursor costs no second parse", () => {
    const text = pageText([block], '{"block_number":1.0,"index":2}')
    const counts = countParses(() =>
      assert.deepStrictEqual(ok(decodeBlocks(text)).next_page_params?.block_number, "1.0")
    )
    assert.deepStrictEqual(counts, { plain: 1, revived: 1 })
    const page = ok(decodeBlocks(text))
    assert.deepStrictEqual(page.items, ok(decodeBlocks(pageText([block], "null"))).items)
    assert.deepStrictEqual(
      countParses(() => ok(decodeBlocks(pageText([block], '{"block_number":12,"index":0.25}')))),
      { plain: 1, revived: 0 }
    )
  })

  it("cursorNeedsText says when a cursor read from JSON.parse's value is not the server's", () => {
    assert.isTrue(S.cursorNeedsText(pageText([], '{"a":-0}')))
    assert.isTrue(S.cursorNeedsText(pageText([], '{"a":9007199254740993}')))
    assert.isFalse(S.cursorNeedsText(pageText([], '{"a":7,"b":"1.0","c":null}')))
    assert.isFalse(S.cursorNeedsText(pageText([], "null")))
  })

  it("property: any JSON number text in a cursor decodes to what goes back as that very text", () => {
    const digits = (min: number, max: number) =>
      fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""))
    const integer = fc.oneof(
      fc.constant("0"),
      fc.tuple(fc.constantFrom(..."123456789"), digits(0, 30)).map(([a, b]) => a + b)
    )
    const numberText = fc
      .tuple(
        fc.constantFrom("", "-"),
        integer,
        fc.option(digits(1, 30), { nil: undefined }),
        fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(1, 3)), { nil: undefined })
      )
      .map(
        ([sign, int, frac, exp]) =>
          `${sign}${int}${frac === undefined ? "" : `.${frac}`}${exp === undefined ? "" : exp.join("")}`
      )
    fc.assert(
      fc.property(numberText, numberText, (a, b) => {
        const cursor = cursorOf(`{"a":${a},"b":${b}}`) as Record<string, unknown>
        // What the client sends back: the value as text (the query string's form).
        assert.strictEqual(String(cursor.a), a)
        assert.strictEqual(String(cursor.b), b)
        // And a checkpoint's JSON carries it unchanged.
        const again = JSON.parse(JSON.stringify(cursor)) as Record<string, unknown>
        assert.strictEqual(String(again.a), a)
      }),
      { numRuns: 500 }
    )
  })
})
