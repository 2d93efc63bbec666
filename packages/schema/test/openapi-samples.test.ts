import { assert, describe, it } from "@effect/vitest"
import { DateTime, Exit, Schema } from "effect"
import * as S from "../src/index.ts"
import { parseExact } from "../src/internal/exact.ts"
import { loadFixtures, sameValue } from "./support.ts"
import {
  beaconDepositEndpoints,
  endpoints,
  figureEndpoints,
  optimismEndpoints,
  scopedEndpoints,
  specFiles,
  stateEndpoints
} from "./support/openapi-endpoints.ts"
import {
  loadDocument,
  makeRng,
  makeSampler,
  responseSchema,
  sampleDateTime,
  sampleRegex,
  type SchemaNode
} from "./support/openapi-sampler.ts"

// Responses generated from Blockscout's own OpenAPI specs (all five documents, every endpoint with a response
// schema here) must decode,
// with both decoders, to equal values. The sampler's conventions (what it does where a spec leaves values free
// or contradicts itself) are documented in support/openapi-sampler.ts; the schema decisions in the README's
// "Nullability policy". Set OPENAPI_SAMPLES to sample more (the seeds are 1..N per endpoint and spec).
const samplesPerEndpoint = Number(process.env.OPENAPI_SAMPLES ?? 50)

describe("responses generated from Blockscout's OpenAPI specs decode", () => {
  for (const spec of specFiles) {
    const doc = loadDocument(spec.file)
    describe(spec.name, () => {
      for (const endpoint of [
        ...endpoints,
        ...scopedEndpoints,
        ...stateEndpoints,
        ...figureEndpoints,
        ...beaconDepositEndpoints,
        ...optimismEndpoints
      ]) {
        const path = endpoint.paths.map((p) => spec.prefix + p).find((p) => doc.paths[p] !== undefined)
        if (endpoint.absentFrom?.specs.includes(spec.name) === true) {
          it(`${endpoint.id}: not declared (${endpoint.absentFrom.why})`, () => {
            assert.isUndefined(path, `${spec.name} declares ${endpoint.id} now: sample it`)
          })
          continue
        }
        it(`${endpoint.id}: ${samplesPerEndpoint} samples decode with both decoders, to equal values`, () => {
          assert.isDefined(path, `${spec.name} declares ${endpoint.id}`)
          const declared = responseSchema(doc, path as string)
          assert.isDefined(declared, `${spec.name} ${path} has a 200 JSON response`)
          const schema = endpoint.narrow === undefined ? declared : endpoint.narrow(declared as SchemaNode, doc)
          const fast = S.decodeResponseTextExit(endpoint.schema)
          const slow = Schema.decodeUnknownExit(endpoint.schema)
          for (let seed = 1; seed <= samplesPerEndpoint; seed++) {
            const sampler = makeSampler(doc, makeRng(seed))
            // As JSON text, as a response body arrives; Effect's decoder gets the same text read exactly (numbers
            // beyond 2^53, which the sampler puts in free-form values and cursors, as their source text).
            const text = JSON.stringify(sampler.sample(schema as SchemaNode))
            const a = fast(text)
            const b = slow(parseExact(text))
            const where = `${spec.name} ${endpoint.id} seed ${seed}`
            assert.isTrue(Exit.isSuccess(a), `${where}: ${Exit.isFailure(a) ? String(a.cause) : ""}`)
            assert.isTrue(Exit.isSuccess(b), `${where}: Effect's decoder fails`)
            if (Exit.isSuccess(a) && Exit.isSuccess(b)) assert.isTrue(sameValue(a.value, b.value), where)
          }
        })
      }
    })
  }
})

describe("the sampler reaches the edges that broke decoding", () => {
  const rng = makeRng(42)
  const draws = <A>(f: () => A): Array<A> => Array.from({ length: 400 }, f)

  it("addresses in mixed case", () => {
    const addresses = draws(() => sampleRegex(rng, "^0x([A-Fa-f0-9]{40})$"))
    assert.isTrue(addresses.every((a) => S.addressPattern.test(a)))
    assert.isTrue(addresses.some((a) => /[a-f]/.test(a) && /[A-F]/.test(a)))
  })

  it("integer strings that are negative, and beyond 2^64", () => {
    const integers = draws(() => sampleRegex(rng, "^-?([1-9][0-9]*|0)$"))
    assert.isTrue(integers.every((s) => S.tokenIdPattern.test(s)))
    assert.isTrue(integers.some((s) => s.startsWith("-")))
    assert.isTrue(integers.some((s) => BigInt(s) > 2n ** 64n))
  })

  it("date-times with and without fractions, with Z and other offsets", () => {
    const times = draws(() => sampleDateTime(rng))
    assert.isTrue(times.some((t) => !t.includes(".")))
    assert.isTrue(times.some((t) => /\.\d{6}/.test(t)))
    assert.isTrue(times.some((t) => t.endsWith("+00:00")))
    assert.isTrue(times.some((t) => /[+-](0[1-9]|1\d):\d\d$/.test(t)))
  })

  it("cursors with null and boolean values, from the specs' additionalProperties: true", () => {
    const doc = loadDocument(specFiles[0]?.file as string)
    const schema = responseSchema(doc, "/{chain_id}/api/v2/token-transfers") as SchemaNode
    const values = Array.from({ length: 200 }, (_, seed) => makeSampler(doc, makeRng(seed)).sample(schema)).flatMap(
      (page) => Object.values((page as { next_page_params: object | null }).next_page_params ?? {})
    )
    assert.isTrue(values.includes(null))
    assert.isTrue(values.some((v) => typeof v === "boolean"))
  })
})

// Each of these failed before the schemas were widened (see the README's "Nullability policy").
describe("spec-valid values that used to fail", () => {
  const ok = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown): S["Type"] => {
    const fast = S.decodeResponseExit(schema)(input)
    const slow = Schema.decodeUnknownExit(schema)(input)
    assert.isTrue(Exit.isSuccess(fast) && Exit.isSuccess(slow) && sameValue(fast.value, slow.value))
    return Exit.isSuccess(fast) ? fast.value : assert.fail("unreachable")
  }
  const millis = (input: string) => DateTime.toEpochMillis(ok(S.Timestamp, input))

  it("timestamps with offsets, lower-case t/z, a space, and fractions of any length denote the same instant", () => {
    const instant = Date.UTC(2023, 6, 3, 20, 9, 59, 123)
    assert.strictEqual(millis("2023-07-03T20:09:59.123Z"), instant)
    assert.strictEqual(millis("2023-07-03T20:09:59.123456789z"), instant)
    assert.strictEqual(millis("2023-07-03t20:09:59.123+00:00"), instant)
    assert.strictEqual(millis("2023-07-04T01:39:59.123+05:30"), instant)
    assert.strictEqual(millis("2023-07-03T15:09:59.1234-05"), instant)
    assert.strictEqual(millis("2023-07-03 20:09:59.123-00:00"), instant)
    assert.strictEqual(millis("0099-01-01T00:00:00Z"), Date.parse("0099-01-01T00:00:00Z"))
    assert.isTrue(Exit.isFailure(S.decodeResponseExit(S.Timestamp)("2023-02-30T00:00:00Z")))
    assert.isTrue(Exit.isFailure(S.decodeResponseExit(S.Timestamp)("2023-07-03T20:09:59+24:00")))
  })

  it("a cursor keeps null and boolean values and drops array/object values", () => {
    const cursor = ok(S.NextPageParams, { block_number: null, is_pending: true, index: 3, hash: "0x1", x: [1], y: {} })
    assert.deepStrictEqual(cursor, { block_number: null, is_pending: true, index: 3, hash: "0x1" })
  })

  it("token decimals, holders and totals of any size and sign (integer strings) decode to bigint", () => {
    const token = ok(S.Token, {
      address_hash: "0x394c399dbA25B99Ab7708EdB505d755B3aa29997",
      name: null,
      symbol: null,
      type: "ERC-7984",
      decimals: "-123456789012345678901234567890",
      holders_count: "18446744073709551617",
      total_supply: null,
      exchange_rate: null
    })
    assert.strictEqual(token.decimals, -123456789012345678901234567890n)
    assert.strictEqual(token.holders_count, 18446744073709551617n)
  })

  it("statuses, fee types and metadata a newer server (or the docs spec) allows", () => {
    assert.strictEqual(ok(S.TransactionStatus, "dropped"), "dropped")
    assert.strictEqual(ok(S.Fee, { type: "estimated", value: "1" }).type, "estimated")
    const address = ok(S.Address, {
      hash: "0x394c399dbA25B99Ab7708EdB505d755B3aa29997",
      name: null,
      is_contract: null,
      is_verified: null,
      metadata: { slug: "x" }
    })
    assert.strictEqual(address.metadata, null)
  })

  it("bare objects of the per-instance docs spec: confirmation_duration, an NFT collection instance's token", () => {
    const transaction = Object.values(loadFixtures("Transaction"))[0] as object
    assert.strictEqual(ok(S.Transaction, { ...transaction, confirmation_duration: {} }).confirmation_duration, null)
    assert.deepStrictEqual(
      ok(S.Transaction, { ...transaction, confirmation_duration: [0, 1.5] }).confirmation_duration,
      [0, 1.5]
    )
    const instance = { id: "1", is_unique: null, owner: null }
    assert.strictEqual(ok(S.TokenInstance, { ...instance, token: {} }).token, null)
    // Only the empty object: a token of the wrong shape is still an error.
    assert.isTrue(Exit.isFailure(S.decodeResponseExit(S.TokenInstance)({ ...instance, token: { name: "x" } })))
  })

  it("decoded call parameters without name, type or value; free-form coin balances and market caps", () => {
    assert.deepStrictEqual(ok(S.DecodedInputParameter, {}), {})
    const contract = ok(S.SmartContract, { coin_balance: "n/a", market_cap: 1.5 })
    assert.strictEqual(contract.coin_balance, "n/a")
    assert.strictEqual(contract.market_cap, "1.5")
  })
})

describe("cursor keys that are special in JavaScript", () => {
  it("an own __proto__ key decodes the same with both decoders and never changes the prototype", () => {
    const input = JSON.parse('{"items":[],"next_page_params":{"__proto__":{"polluted":1},"index":1}}')
    const fast = S.decodeResponseExit(S.WithdrawalsResponse)(input)
    const slow = Schema.decodeUnknownExit(S.WithdrawalsResponse)(input)
    assert.strictEqual(fast._tag, slow._tag)
    if (Exit.isSuccess(fast) && Exit.isSuccess(slow)) {
      assert.isTrue(sameValue(fast.value, slow.value))
      assert.isUndefined((fast.value.next_page_params as { polluted?: unknown } | null)?.polluted)
    }
  })
})
