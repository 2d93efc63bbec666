/**
 * Test helpers: loading fixtures, decoding with both decoders, and comparing decoded values.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { assert } from "@effect/vitest"
import { DateTime, Exit, Schema } from "effect"
import * as S from "../src/index.ts"
import { decodeResponseExit } from "../src/index.ts"
import { compileFast, invalid } from "../src/internal/compile.ts"

/**
 * The resources with fixtures, by fixture file name (`fixtures/<name>.json` holds objects of every spec family in
 * both modes), and the schema each decodes with.
 */
export const fixtureResources = S.resources

/** The fixtures of one resource, keyed `"<spec>/<mode>[/variant-n]"` (see fixtures/generate.py). */
export const loadFixtures = (resource: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "fixtures", `${resource}.json`), "utf8"))

/** The frontend mock objects of one file (see vendor/blockscout/frontend-mocks/README.md). */
export const mocksDir = path.join(import.meta.dirname, "../../../vendor/blockscout/frontend-mocks")

/**
 * Structural equality for decoded values: bigint by value, `DateTime` by instant, objects by own keys
 * (order-insensitive), arrays element-wise.
 */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (DateTime.isDateTime(a) || DateTime.isDateTime(b)) {
    return DateTime.isDateTime(a) && DateTime.isDateTime(b) && DateTime.toEpochMillis(a) === DateTime.toEpochMillis(b)
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]))
  }
  if (typeof a === "object" && typeof b === "object" && a !== null && b !== null) {
    const ka = Object.keys(a)
    const kb = Object.keys(b)
    return (
      ka.length === kb.length &&
      ka.every(
        (k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
      )
    )
  }
  return false
}

/** A JSON value built the way `JSON.parse(JSON.stringify(value))` builds it, without parsing text. */
const jsonCopy = (value: unknown): unknown => {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value
  if (typeof value === "number") return Number.isFinite(value) ? value : null
  if (Array.isArray(value)) return value.map((v) => (v === undefined || typeof v === "function" ? null : jsonCopy(v)))
  const object = value as { readonly toJSON?: () => unknown } & Record<string, unknown>
  if (typeof object.toJSON === "function") return jsonCopy(object.toJSON())
  return Object.fromEntries(
    Object.entries(object)
      .filter(([, v]) => v !== undefined && typeof v !== "function")
      .map(([k, v]) => [k, jsonCopy(v)])
  )
}

/**
 * The wire form of an encoded value: its JSON text, parsed back (throwing on bigint, so a missed encoding cannot
 * hide).
 *
 * Node 24's `JSON.parse` can read an escaped one-character key wrongly (`"\n"` or `"\u0000"` as a backslash) once
 * an earlier parse in the process made an object whose key at the same place ended in a backslash (a V8 defect,
 * Node.js issue 63785, open). Generated record keys meet it now and then, and it is not what these tests are about:
 * a parse that does not give back its own text is replaced by the same value built without parsing.
 */
export const toWire = (encoded: unknown): unknown => {
  const text = JSON.stringify(encoded)
  const parsed: unknown = JSON.parse(text)
  return JSON.stringify(parsed) === text ? parsed : jsonCopy(encoded)
}

/**
 * Decodes with Effect's decoder and with `decodeResponseExit`, and returns both exits.
 */
export const decodeBoth = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown) => ({
  slow: Schema.decodeUnknownExit(schema)(input),
  fast: decodeResponseExit(schema)(input)
})

/** Describes a failed exit for assertion messages. */
export const describeExit = (exit: Exit.Exit<unknown, unknown>): string =>
  Exit.isSuccess(exit) ? "success" : String(Exit.isFailure(exit) ? exit.cause : "")

/**
 * Decodes with both decoders and asserts both succeed with equal values, and that the fast path decoded it itself
 * (no fallback to Effect's decoder); returns the value.
 */
export const decodesFast = (schema: Schema.Codec<unknown, unknown>, input: unknown, where: string): unknown => {
  const { slow, fast } = decodeBoth(
    schema as Schema.Codec<unknown, unknown> & { readonly DecodingServices: never },
    input
  )
  assert.isTrue(Exit.isSuccess(slow), `${where}: ${describeExit(slow)}`)
  assert.isTrue(Exit.isSuccess(fast), `${where}: ${describeExit(fast)}`)
  const compiled = compileFast(schema.ast)
  assert.isDefined(compiled, `${where}: no fast path`)
  assert.notStrictEqual(compiled?.(input), invalid, `${where}: the fast path fell back to Effect's decoder`)
  if (Exit.isSuccess(slow) && Exit.isSuccess(fast)) assert.isTrue(sameValue(slow.value, fast.value), where)
  return Exit.isSuccess(fast) ? fast.value : undefined
}
