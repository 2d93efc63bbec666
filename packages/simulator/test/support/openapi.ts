/**
 * Blockscout's own OpenAPI documents (vendored under vendor/blockscout/openapi) as JSON Schema validators, so
 * tests can check that a simulated response is one the real server of that version could send.
 *
 * OpenAPI 3.0 is not JSON Schema: `nullable: true` is its own keyword. Each node is rewritten once before
 * compiling: a `type` gains `"null"`, an `enum` gains `null`, and a `$ref` / `allOf` / `anyOf` / `oneOf`
 * node is wrapped in `anyOf: [node, { type: "null" }]` (OpenAPI 3.0's intent, which Blockscout's generator
 * relies on for nullable references). `x-*` extensions and `example` are dropped; the specs use no
 * `format` or exclusive bounds, so nothing is lost there.
 */
import { Ajv, type ValidateFunction } from "ajv"
import * as fs from "node:fs"
import * as path from "node:path"
import { parse as parseYaml } from "yaml"

/** Where the specs live in the repository. */
export const openapiDir = path.join(import.meta.dirname, "../../../../vendor/blockscout/openapi")

/** The spec each simulated mode must satisfy: the instance's version line, or the Pro API. */
export type SpecName = "instance-v11.2.7" | "instance-v12.0.0-dev" | "pro-api"

const files: Record<SpecName, { readonly file: string; readonly prefix: string }> = {
  "instance-v11.2.7": { file: "instance-v11.2.7.yaml", prefix: "/v2" },
  "instance-v12.0.0-dev": { file: "instance-v12.0.0-dev.yaml", prefix: "/api/v2" },
  "pro-api": { file: "pro-api.json", prefix: "/{chain_id}/api/v2" }
}

type Node = { [key: string]: unknown }

/** Rewrites OpenAPI 3.0 schema nodes into JSON Schema (draft 7), recursively. */
const convert = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(convert)
  if (value === null || typeof value !== "object") return value
  const out: Node = {}
  for (const [k, v] of Object.entries(value as Node)) {
    if (k.startsWith("x-") || k === "example" || k === "examples" || k === "nullable") continue
    // `properties` maps names to schemas: convert the schemas, never treat a property name as a keyword.
    out[k] =
      k === "properties" ? Object.fromEntries(Object.entries(v as Node).map(([p, s]) => [p, convert(s)])) : convert(v)
  }
  if ((value as Node).nullable !== true) return out
  if (typeof out.type === "string") {
    out.type = [out.type, "null"]
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
    return out
  }
  return { anyOf: [out, { type: "null" }] }
}

/**
 * Where a spec contradicts the backend it was generated from, the backend wins; each patch says why.
 * - 11.2.7 and the Pro API declare a transaction's `to` non-nullable, but `TransactionView` writes
 *   `Helper.address_with_info(..., nil)`, which is null, for every contract creation (12.0's spec has
 *   it nullable).
 * - Every spec declares a hot contract's `transactions_count` and `total_gas_used` integers, but `stats_view.ex`
 *   `prepare_hot_contract` writes them with `to_string`.
 */
const errata: Record<SpecName, ReadonlyArray<(schemas: Record<string, Node>) => void>> = {
  "instance-v11.2.7": [(s) => nullableTo(s, ["Transaction", "TransactionResponse"]), hotContractCounts],
  "instance-v12.0.0-dev": [hotContractCounts],
  "pro-api": [(s) => nullableTo(s, ["Transaction", "TransactionResponse"]), hotContractCounts]
}

function hotContractCounts(schemas: Record<string, Node>): void {
  const properties = schemas.HotContract?.properties as Record<string, Node> | undefined
  for (const name of ["transactions_count", "total_gas_used"]) {
    if (properties?.[name]?.type !== "integer")
      throw new Error(`erratum: HotContract.${name} is no integer now; drop the patch`)
    properties[name] = { type: "string", pattern: "^[1-9][0-9]*$" }
  }
}

/**
 * Errata of inline response schemas, by the path's ending, for every spec (same reason: the backend wins).
 * - `/main-page/indexing-status`: the ratios are `Decimal`s, which the backend's JSON encoder writes as strings
 *   (`"1.00"`); the specs declare numbers.
 */
const responseErrata: ReadonlyArray<readonly [string, (schema: Node) => void]> = [
  [
    "/main-page/indexing-status",
    (schema) => {
      const properties = schema.properties as Record<string, Node>
      for (const name of ["indexed_blocks_ratio", "indexed_internal_transactions_ratio"]) {
        const ratio = properties[name]
        if (ratio?.type !== "number")
          throw new Error(`erratum: indexing status ${name} is no number now; drop the patch`)
        properties[name] = { ...ratio, type: "string", pattern: "^\\d+(\\.\\d+)?$", format: undefined }
      }
    }
  ]
]

function nullableTo(schemas: Record<string, Node>, names: ReadonlyArray<string>): void {
  for (const name of names) {
    const properties = schemas[name]?.properties as Record<string, Node> | undefined
    if (properties?.to === undefined) throw new Error(`erratum: ${name}.to is gone; drop the patch`)
    if (properties.to.nullable === true) throw new Error(`erratum: ${name}.to is nullable now; drop the patch`)
    properties.to = { allOf: [properties.to], nullable: true }
  }
}

/** A loaded spec: validators for the 200 response of each `GET` path, compiled on first use. */
export interface Spec {
  readonly name: SpecName
  /** The spec's path template matching a path under `/api/v2` (`/tokens/0x.../instances/1/transfers`), if any. */
  readonly pathOf: (template: string) => string | undefined
  /** The validator of a path's 200 JSON response (a spec path, as `pathOf` returns). */
  readonly response: (specPath: string) => ValidateFunction
  /** The query parameters a path declares (names). */
  readonly queryParameters: (specPath: string) => ReadonlyArray<string>
}

const cache = new Map<SpecName, Spec>()

/** Loads (once) and compiles (lazily, per path) one of the three specs. */
export const loadSpec = (name: SpecName): Spec => {
  const cached = cache.get(name)
  if (cached !== undefined) return cached
  const { file, prefix } = files[name]
  const text = fs.readFileSync(path.join(openapiDir, file), "utf8")
  const doc = (file.endsWith(".json") ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 })) as {
    paths: Record<string, { get?: Node }>
    components: Node
  }
  for (const patch of errata[name]) patch(doc.components.schemas as Record<string, Node>)
  const ajv = new Ajv({ strict: false, allErrors: true })
  // The two formats the specs use, checked as Blockscout writes them.
  ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/)
  ajv.addFormat("uri", (s: string) => URL.canParse(s))
  ajv.addSchema({ $id: "spec", components: convert(doc.components) })
  const validators = new Map<string, ValidateFunction>()
  const templates = Object.keys(doc.paths)
    .filter((p) => p.startsWith(prefix) && doc.paths[p]?.get !== undefined)
    .map((p) => ({
      full: p,
      segments: p
        .slice(prefix.length)
        .split("/")
        .filter((s) => s !== "")
    }))
  const get = (specPath: string): Node => {
    const op = doc.paths[specPath]?.get
    if (op === undefined) throw new Error(`${name} has no GET ${specPath}`)
    return op
  }
  const spec: Spec = {
    name,
    pathOf: (template) => {
      const segments = template.split("/").filter((s) => s !== "")
      const same = (a: string, b: string) => a === b || (a.startsWith("{") && b.startsWith("{"))
      return templates.find(
        (t) => t.segments.length === segments.length && t.segments.every((s, i) => same(s, segments[i]!))
      )?.full
    },
    response: (specPath) => {
      let v = validators.get(specPath)
      if (v === undefined) {
        const op = get(specPath) as { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }
        const declared = op.responses["200"]?.content?.["application/json"]?.schema
        if (declared === undefined) throw new Error(`${name} declares no 200 JSON response for ${specPath}`)
        const schema = structuredClone(declared) as Node
        for (const [ending, patch] of responseErrata) if (specPath.endsWith(ending)) patch(schema)
        // Inline response schemas refer to `#/components/...`: point them at the registered document.
        const rebased = JSON.parse(JSON.stringify(convert(schema)).replaceAll('"$ref":"#/', '"$ref":"spec#/'))
        v = ajv.compile(rebased)
        validators.set(specPath, v)
      }
      return v
    },
    queryParameters: (specPath) =>
      ((get(specPath).parameters ?? []) as Array<{ in: string; name: string }>)
        .filter((p) => p.in === "query")
        .map((p) => p.name)
  }
  cache.set(name, spec)
  return spec
}

/** The first few validation errors of a value, one line each, with the failing value's path. */
export const describeErrors = (validate: ValidateFunction, limit = 8): string =>
  (validate.errors ?? [])
    .slice(0, limit)
    .map((e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`)
    .join("\n")
