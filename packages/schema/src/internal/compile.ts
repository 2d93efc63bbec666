/**
 * A precompiled fast path for decoding: plain closures built once per schema from its AST.
 *
 * Why: Effect's schema parser builds an `Exit` per node and runs checks and transformations through generic
 * machinery; on 50-item pages that costs several times `JSON.parse` itself. This compiler turns the node kinds
 * our schemas use (structs, arrays, unions, literals, primitives) into direct closures, and uses hand-written
 * functions for our own codecs (registered with {@link registerFast} next to their definitions).
 *
 * Contract: a fast function returns the decoded value, or {@link invalid} for any input it does not fully
 * understand. It must never accept an input the schema rejects, and must produce the value the schema would.
 * On `invalid` the caller runs Effect's own decoder, which either succeeds (the fast path was merely
 * conservative) or produces the detailed error. Property tests check this equivalence for every schema.
 */
import type { SchemaAST } from "effect"

/** Returned by a fast decoder when it cannot (or must not) decode the input. */
export const invalid: unique symbol = Symbol.for("@blockscout-effect/schema/invalid")

/** A fast decoder: the decoded value or {@link invalid}. */
export type Fast = (input: unknown) => unknown

/** Builds a fast decoder, given a way to compile child ASTs (for codecs that wrap a struct). */
export type FastFactory = (compile: (ast: SchemaAST.AST) => Fast | undefined) => Fast | undefined

const registry = new WeakMap<SchemaAST.AST, FastFactory>()
// `Schema.optionalKey(X)` copies X's AST (and its last encoding link) with a new context but keeps X's
// transformation objects and checks: finding a registered codec through them covers the copies (the context only
// matters to the parent struct, which reads it itself).
const registryByParts = new WeakMap<object, FastFactory>()
// A declaration's copies (`Schema.optionalKey(Schema.Json)`) share its `run` function.
const partsOf = (ast: SchemaAST.AST): object | undefined =>
  ast.encoding !== undefined
    ? ast.encoding[ast.encoding.length - 1]?.transformation
    : (ast.checks ?? (ast._tag === "Declaration" ? ast.run : undefined))
const cache = new WeakMap<SchemaAST.AST, Fast | null>()

/**
 * Registers the fast decoder of a codec whose AST the generic compiler cannot handle (checks, transformations,
 * declarations). Keyed by AST identity, so register the exact schema that other schemas embed.
 */
export const registerFast = (schema: { readonly ast: SchemaAST.AST }, factory: FastFactory): void => {
  registry.set(schema.ast, factory)
  const parts = partsOf(schema.ast)
  if (parts !== undefined) registryByParts.set(parts, factory)
}

/** Whether a value is a non-array object, which is what a struct decodes from. */
export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * Compiles an AST to a fast decoder, or `undefined` when some node is not supported (the caller then uses
 * Effect's decoder alone). Results are cached per AST.
 */
export const compileFast = (ast: SchemaAST.AST): Fast | undefined => {
  const cached = cache.get(ast)
  if (cached !== undefined) return cached ?? undefined
  // Recursive schemas: a placeholder that delegates once the real function exists.
  let self: Fast | undefined
  cache.set(ast, (u) => (self === undefined ? invalid : self(u)))
  self = build(ast)
  cache.set(ast, self ?? null)
  return self
}

const build = (ast: SchemaAST.AST): Fast | undefined => {
  const parts = partsOf(ast)
  const factory = registry.get(ast) ?? (parts === undefined ? undefined : registryByParts.get(parts))
  if (factory !== undefined) return factory(compileFast)
  if (ast.encoding !== undefined || ast.checks !== undefined) return undefined
  if ("encodingChecks" in ast && ast.encodingChecks !== undefined) return undefined
  switch (ast._tag) {
    case "String":
      return (u) => (typeof u === "string" ? u : invalid)
    case "Number":
      // Stricter than Schema.Number (non-finite numbers go to the full decoder); JSON has none anyway.
      return (u) => (typeof u === "number" && Number.isFinite(u) ? u : invalid)
    case "Boolean":
      return (u) => (typeof u === "boolean" ? u : invalid)
    case "Null":
      return (u) => (u === null ? u : invalid)
    case "Never":
      // Only as `Schema.optionalKey(Schema.Never)`: a key that must be absent (a union member refusing another
      // member's identifying key). Any value there fails.
      return () => invalid
    case "Unknown":
    case "Any":
      return (u) => u
    case "Literal": {
      const literal = ast.literal
      return (u) => (u === literal ? u : invalid)
    }
    case "Arrays":
      return buildArray(ast)
    case "Objects":
      return buildObject(ast)
    case "Union":
      return buildUnion(ast)
    default:
      return undefined
  }
}

const buildArray = (ast: SchemaAST.Arrays): Fast | undefined => {
  if (ast.elements.length !== 0 || ast.rest.length !== 1) return undefined
  const [restAst] = ast.rest
  const item = restAst === undefined ? undefined : compileFast(restAst)
  if (item === undefined) return undefined
  return (u) => {
    if (!Array.isArray(u)) return invalid
    const n = u.length
    const out = new Array(n)
    for (let i = 0; i < n; i++) {
      const v = item(u[i])
      if (v === invalid) return invalid
      out[i] = v
    }
    return out
  }
}

const buildObject = (ast: SchemaAST.Objects): Fast | undefined => {
  if (ast.indexSignatures.length !== 0) return undefined
  const names: Array<string> = []
  const fields: Array<Fast> = []
  const optional: Array<boolean> = []
  for (const property of ast.propertySignatures) {
    if (typeof property.name !== "string" || property.name === "__proto__") return undefined
    const field = compileFast(property.type)
    if (field === undefined) return undefined
    names.push(property.name)
    fields.push(field)
    optional.push(property.type.context?.isOptional === true)
  }
  return generateObject(names, fields, optional) ?? interpretObject(names, fields, optional)
}

/**
 * Straight-line code for one struct: named property loads, direct calls of the field decoders, and an object
 * literal for the output, so V8 sees one shape per struct instead of keyed stores into a growing object (which
 * showed up as the main cost, with the garbage it left, when profiling). The literal holds the fields up to the
 * first optional one; later fields are named stores in declaration order, so the output's key order is the
 * schema's (as Effect's decoder gives it) whichever decoder ran. `undefined` when `new Function` is not allowed
 * (e.g. under a strict Content-Security-Policy); the interpreted closure then does the same work.
 */
const generateObject = (
  names: ReadonlyArray<string>,
  fields: ReadonlyArray<Fast>,
  optional: ReadonlyArray<boolean>
): Fast | undefined => {
  const lines: Array<string> = ["if (typeof u !== 'object' || u === null || Array.isArray(u)) return invalid"]
  const literal: Array<string> = []
  const stores: Array<string> = []
  names.forEach((name, i) => {
    const key = JSON.stringify(name)
    lines.push(`let v${i} = u[${key}]`)
    if (optional[i] === true) {
      lines.push(
        `if (v${i} === undefined) { if (${key} in u) return invalid } else { v${i} = f${i}(v${i}); if (v${i} === invalid) return invalid }`
      )
      stores.push(`if (v${i} !== undefined) o[${key}] = v${i}`)
    } else {
      lines.push(
        `if (v${i} === undefined) return invalid`,
        `v${i} = f${i}(v${i})`,
        `if (v${i} === invalid) return invalid`
      )
      if (stores.length === 0) literal.push(`${key}: v${i}`)
      else stores.push(`o[${key}] = v${i}`)
    }
  })
  lines.push(`const o = { ${literal.join(", ")} }`, ...stores, "return o")
  const params = fields.map((_, i) => `f${i}`)
  const source = `return function decodeStruct(u) {\n${lines.join("\n")}\n}`
  try {
    return new Function("invalid", ...params, source)(invalid, ...fields) as Fast
  } catch {
    return undefined
  }
}

const interpretObject = (
  names: ReadonlyArray<string>,
  fields: ReadonlyArray<Fast>,
  optional: ReadonlyArray<boolean>
): Fast => {
  const n = names.length
  return (u) => {
    if (!isRecord(u)) return invalid
    const out: Record<string, unknown> = {}
    for (let i = 0; i < n; i++) {
      const name = names[i] as string
      const value = u[name]
      if (value === undefined) {
        // An absent key is fine when optional; a present `undefined` is left to the full decoder.
        if (optional[i] === true && !(name in u)) continue
        return invalid
      }
      const decoded = (fields[i] as Fast)(value)
      if (decoded === invalid) return invalid
      out[name] = decoded
    }
    return out
  }
}

const buildUnion = (ast: SchemaAST.Union): Fast | undefined => {
  const members: Array<Fast> = []
  for (const type of ast.types) {
    const member = compileFast(type)
    if (member === undefined) return undefined
    members.push(member)
  }
  // Effect's `anyOf` unions return the first member (in order) that decodes; `oneOf` needs all members.
  if (ast.options?.mode === "oneOf") return undefined
  if (members.length === 2) {
    const [a, b] = members as [Fast, Fast]
    return (u) => {
      const v = a(u)
      return v !== invalid ? v : b(u)
    }
  }
  return (u) => {
    for (const member of members) {
      const v = member(u)
      if (v !== invalid) return v
    }
    return invalid
  }
}
