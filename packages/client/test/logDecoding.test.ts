/**
 * Event logs decoded with an ABI (`decodeLogs`, `logDecoder`, `decodeLogStream`, `abiOf`): the simulator's
 * token logs, which it renders with Blockscout's own `decoded` field, decode to the same event and arguments;
 * malformed logs, logs of no event, anonymous events and indexed dynamic types each get their own typed
 * result; and a verified contract's ABI is read from a loopback server.
 */
import { layerTest, tokenEventsAbi as tokens } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import * as AbiEvent from "ox/AbiEvent"
import * as AbiParameters from "ox/AbiParameters"
import * as Hash from "ox/Hash"
import * as Hex from "ox/Hex"
import { expectTypeOf } from "vitest"
import type { Log } from "@blockscout-effect/schema"
import { abiOf, Blockscout, decodeLogStream, decodeLogs, logDecoder } from "../src/index.ts"
import { instanceClient } from "./hostile/support.ts"
import { scriptedServer } from "./support/ScriptedServer.ts"

/** A value as Blockscout's `decoded.parameters` writes it: addresses lower-case here, numbers as strings. */
const asBlockscout = (value: unknown): unknown =>
  typeof value === "bigint"
    ? value.toString()
    : Array.isArray(value)
      ? value.map(asBlockscout)
      : typeof value === "string"
        ? value.toLowerCase()
        : value

describe("the simulator's decoded token logs", () => {
  it.effect("decode with the token ABIs to the event and arguments Blockscout's decoded gives", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const transfers = yield* Stream.runCollect(bs.streamTokenTransfers().pipe(Stream.take(400)))
      const hashes = [
        ...new Set(transfers.flatMap((t) => (t.transaction_hash === null ? [] : [t.transaction_hash])))
      ].slice(0, 60)
      const logs: Array<Log> = []
      for (const hash of hashes) logs.push(...(yield* bs.listTransactionLogs(hash)).items)
      const known = logs.filter((log) => log.decoded !== null)
      const kinds = new Set<string>()
      const decoded = decodeLogs(known, tokens)
      for (const result of decoded) {
        assert.strictEqual(result._tag, "Decoded")
        if (result._tag !== "Decoded") continue
        const expected = result.log.decoded!
        const call = expected.method_call ?? ""
        assert.strictEqual(call.split("(")[0], result.eventName)
        kinds.add(call)
        const args = result.args as Readonly<Record<string, unknown>>
        for (const parameter of expected.parameters) {
          assert.deepStrictEqual(
            asBlockscout(args[parameter.name]),
            asBlockscout(parameter.value),
            `${expected.method_call} ${parameter.name}`
          )
        }
      }
      // Every kind the simulator emits was met: ERC-20 and ERC-721 Transfer (told apart by their topic
      // count), ERC-1155 single and batch.
      assert.isAtLeast(kinds.size, 3, [...kinds].join("; "))
      // The logs Blockscout did not decode match no token event.
      for (const result of decodeLogs(
        logs.filter((log) => log.decoded === null),
        tokens
      )) {
        assert.notStrictEqual(result._tag, "Decoded")
      }
      // The stream form gives the same results.
      const streamed = yield* Stream.runCollect(Stream.fromIterable(known).pipe(decodeLogStream(tokens)))
      assert.deepStrictEqual(streamed, decoded)
    }).pipe(Effect.provide(layerTest({ family: "instance", seed: 7 })))
  )
})

const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, "0")
const erc20Topic = AbiEvent.getSelector("event Transfer(address indexed from, address indexed to, uint256 value)")
const alice = "0x00000000000000000000000000000000000a11ce"
const bob = "0x0000000000000000000000000000000000000b0b"
const topicOf = (address: string) => `0x${"0".repeat(24)}${address.slice(2)}`

describe("logs that do not decode are reported per log", () => {
  it("no matching event, malformed data or topics: one typed result each, nothing thrown", () => {
    const good = { topics: [erc20Topic, topicOf(alice), topicOf(bob), null], data: `0x${word(5)}` }
    const results = decodeLogs(
      [
        good,
        { topics: [`0x${"12".repeat(32)}`, topicOf(alice)], data: "0x" },
        { topics: [], data: "0x" },
        { topics: [erc20Topic, topicOf(alice)], data: `0x${word(5)}` },
        { topics: [erc20Topic, topicOf(alice), topicOf(bob)], data: "0x01" },
        { topics: [erc20Topic, topicOf(alice), topicOf(bob)], data: "0x" },
        { topics: [erc20Topic, topicOf(alice), topicOf(bob)], data: "not hex" },
        { topics: [erc20Topic, "0x1234", topicOf(bob)], data: `0x${word(5)}` },
        { topics: [erc20Topic, null, topicOf(bob)], data: `0x${word(5)}` }
      ],
      tokens
    )
    assert.deepStrictEqual(
      results.map((r) => r._tag),
      [
        "Decoded",
        "NoMatchingEvent",
        "NoMatchingEvent",
        "NoMatchingEvent",
        "DecodeFailed",
        "DecodeFailed",
        "DecodeFailed",
        "DecodeFailed",
        "DecodeFailed"
      ]
    )
    const first = results[0]!
    if (first._tag === "Decoded" && first.eventName === "Transfer") {
      // Addresses come back checksummed (EIP-55).
      assert.deepStrictEqual(asBlockscout(Object.values(first.args)), [alice, bob, "5"])
      assert.notStrictEqual(first.args.from, alice)
      assert.strictEqual(first.signature, "Transfer(address,address,uint256)")
    } else assert.fail("the first log decodes")
    const unknown = results[1]!
    assert.strictEqual(unknown._tag === "NoMatchingEvent" ? unknown.selector : "", `0x${"12".repeat(32)}`)
    const short = results[4]!
    if (short._tag === "DecodeFailed") {
      assert.strictEqual(short.eventName, "Transfer")
      assert.isAbove(short.message.length, 0)
    }
  })

  it("an ABI that is not one, or has malformed items, decodes nothing and throws nothing", () => {
    const log = { topics: [erc20Topic, topicOf(alice), topicOf(bob)], data: `0x${word(5)}` }
    for (const abi of [[], [null, 1, "x"], [{ type: "event", name: "Transfer", inputs: "no" }], [{ type: "event" }]]) {
      assert.strictEqual(decodeLogs([log], abi)[0]?._tag, "NoMatchingEvent")
    }
    const weird = [{ type: "event", name: "Transfer", inputs: [{ type: "uint999", indexed: true }] }]
    assert.notStrictEqual(decodeLogs([log], weird)[0]?._tag, "Decoded")
  })
})

describe("anonymous events and indexed dynamic types", () => {
  const abi = [
    {
      type: "event",
      name: "Dropped",
      anonymous: true,
      inputs: [
        { name: "who", type: "address", indexed: true },
        { name: "amount", type: "uint128", indexed: false }
      ]
    },
    {
      type: "event",
      name: "Named",
      inputs: [
        { name: "label", type: "string", indexed: true },
        { name: "blob", type: "bytes", indexed: true },
        { name: "list", type: "uint256[]", indexed: true },
        { name: "note", type: "string", indexed: false }
      ]
    }
  ] as const

  it("an anonymous event matches by its topic count, with no selector", () => {
    const [result] = decodeLogs([{ topics: [topicOf(alice)], data: `0x${word(42)}` }], abi)
    assert.strictEqual(result?._tag, "Decoded")
    if (result?._tag === "Decoded" && result.eventName === "Dropped") {
      expectTypeOf(result.args).toEqualTypeOf<{ who: `0x${string}`; amount: bigint }>()
      assert.strictEqual(result.args.who.toLowerCase(), alice)
      assert.strictEqual(result.args.amount, 42n)
    }
  })

  it("an indexed string, bytes or array is its value's hash; the data's string is the value", () => {
    const named = abi[1]
    // ox encodes no indexed array: the topics written as a contract's log would hold them.
    const list = Hash.keccak256(`0x${word(1)}${word(2)}`)
    const topics = [
      AbiEvent.getSelector(named),
      Hash.keccak256(Hex.fromString("alice")),
      Hash.keccak256("0xdeadbeef"),
      list
    ]
    const data = AbiParameters.encode(AbiParameters.from(["string note"]), ["hello"])
    const [result] = decodeLogs([{ topics, data }], abi)
    assert.strictEqual(result?._tag, "Decoded")
    if (result?._tag === "Decoded" && result.eventName === "Named") {
      assert.strictEqual(result.args.label, Hash.keccak256(Hex.fromString("alice")))
      assert.strictEqual(result.args.blob, Hash.keccak256("0xdeadbeef"))
      // abitype types it as the array; the log holds its hash.
      assert.strictEqual(result.args.list as unknown, list)
      assert.strictEqual(result.args.note, "hello")
      assert.strictEqual(result.signature, "Named(string,bytes,uint256[],string)")
    }
  })
})

describe("types", () => {
  it("a literal ABI types each event's arguments; a JSON ABI gives unknown", () => {
    const decode = logDecoder(tokens)
    const result = decode({ topics: [], data: "0x" })
    if (result._tag === "Decoded") {
      expectTypeOf(result.eventName).toEqualTypeOf<"Transfer" | "TransferSingle" | "TransferBatch">()
      if (result.eventName === "TransferBatch") {
        expectTypeOf(result.args.ids).toEqualTypeOf<ReadonlyArray<bigint>>()
      }
    }
    const loose: ReadonlyArray<unknown> = JSON.parse(JSON.stringify(tokens))
    const other = decodeLogs([{ topics: [], data: "0x" }], loose)[0]
    if (other?._tag === "Decoded") {
      expectTypeOf(other.eventName).toEqualTypeOf<string>()
      expectTypeOf(other.args).toEqualTypeOf<unknown>()
    }
  })
})

describe("abiOf", () => {
  const contract = "0x00000000000000000000000000000000c0ffee00"
  it.effect("reads a verified contract's ABI; NotFound without one; a bad address sends nothing", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) =>
        request.path.endsWith(contract)
          ? { body: { name: "Coffee", is_verified: true, abi: tokens } }
          : { body: { is_verified: false, abi: null } }
      )
      const layer = instanceClient(server.url, "fetch")
      const abi = yield* abiOf(contract).pipe(Effect.provide(layer))
      assert.deepStrictEqual(abi, tokens)
      const log = { topics: [erc20Topic, topicOf(alice), topicOf(bob)], data: `0x${word(1)}` }
      assert.strictEqual(decodeLogs([log], abi)[0]?._tag, "Decoded")
      const missing = yield* Effect.flip(abiOf(`0x${"ab".repeat(20)}`)).pipe(Effect.provide(layer))
      assert.strictEqual(missing.reason._tag, "NotFound")
      assert.strictEqual(server.requests[0]?.path, `/api/v2/smart-contracts/${contract}`)
      const bad = yield* Effect.flip(abiOf("0x12")).pipe(Effect.provide(layer))
      assert.strictEqual(bad.reason._tag, "InvalidArgument")
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped)
  )
})
