/**
 * What the generated texts say of a row, the same in the method files and the README's table: its label,
 * whether its methods take options, the name and types of those options.
 */
import type { Endpoint, Filter } from "../../src/endpoints.ts"

/** Whether a row's methods take an options object (a paged row always: `cursor`, `pageSize`). */
export const hasOptions = (row: Endpoint): boolean => row.shape === "page" || row.filters.length > 0

/** The name of a row's options interface. */
export const parametersName = (row: Endpoint): string =>
  `${row.shape === "item" ? "Get" : "List"}${row.method}Parameters`

/** `E4 \`GET /transactions\`` */
export const endpointLabel = (row: Endpoint): string => `${row.ids} \`GET ${row.path}\``

const literalUnion = (values: ReadonlyArray<string> | undefined) =>
  (values ?? []).map((value) => JSON.stringify(value)).join(" | ")

/** A filter's type, as `FilterValue` derives it. */
export const filterType = (filter: Filter): string => {
  switch (filter.kind) {
    case "literal":
      return literalUnion(filter.values)
    case "literals":
      return `ReadonlyArray<${literalUnion(filter.values)}>`
    case "text":
    case "address":
    case "hash":
      return "string"
    case "names":
      return "ReadonlyArray<string>"
    case "integer":
      return "number | bigint | string"
  }
}

/** A path parameter's argument type, as `PathArguments` derives it. */
export const pathArgumentType: Record<Endpoint["pathParams"][number]["kind"], string> = {
  address: "string",
  hash: "string",
  tokenId: "string | bigint",
  block: "string | number | bigint",
  blockNumber: "string | number | bigint"
}

/** What a row's streams take besides its list's options (`StreamParametersOf`). */
export const streamParametersName = (row: Endpoint): string => {
  const range = row.shape === "page" ? row.range : undefined
  return range === undefined
    ? "StreamParameters"
    : range.dimension === "block"
      ? "BlockPartitionParameters"
      : "IndexPartitionParameters"
}
