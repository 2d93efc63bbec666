/**
 * The twelve endpoints (docs/blockscout-api.md §4) in each of Blockscout's five OpenAPI documents, and the response
 * schema of this package that decodes each: what `openapi-samples.test.ts` samples and decodes.
 */
import * as path from "node:path"
import type { Schema } from "effect"
import * as S from "../../src/index.ts"

/** Where the specs live: vendored in the repository (vendor/blockscout/openapi). */
export const openapiDir = path.join(import.meta.dirname, "../../../../vendor/blockscout/openapi")

/** One spec file and the prefix of its v2 paths (the docs spec of the Pro API has none, nor `/api/v2`). */
export interface SpecFile {
  readonly name: string
  readonly file: string
  readonly prefix: string
}

/** The five documents. Both families serve all twelve endpoints, so each is sampled for every endpoint. */
export const specFiles: ReadonlyArray<SpecFile> = [
  { name: "pro-api", file: path.join(openapiDir, "pro-api.json"), prefix: "/{chain_id}/api/v2" },
  { name: "instance-v11.2.7", file: path.join(openapiDir, "instance-v11.2.7.yaml"), prefix: "/v2" },
  { name: "instance-v12.0.0-dev", file: path.join(openapiDir, "instance-v12.0.0-dev.yaml"), prefix: "/api/v2" },
  { name: "pro-api-docs", file: path.join(openapiDir, "pro-api-docs-with-examples.yaml"), prefix: "" },
  { name: "instance-docs", file: path.join(openapiDir, "instance-docs-with-examples.yaml"), prefix: "" }
]

/** A decodable response schema. */
export type ResponseSchema = Schema.Codec<unknown, unknown> & { readonly DecodingServices: never }

/** One endpoint: its id in docs/blockscout-api.md, its path under the v2 prefix (each spec's own spellings), its response schema. */
export interface Endpoint {
  readonly id: string
  readonly paths: ReadonlyArray<string>
  readonly schema: ResponseSchema
}

const codec = (schema: Schema.Top): ResponseSchema => schema as unknown as ResponseSchema

/** E1..E12 (E1 and E5 are the same path in both families). */
export const endpoints: ReadonlyArray<Endpoint> = [
  { id: "E1/E5 token-transfers", paths: ["/token-transfers"], schema: codec(S.TokenTransfersResponse) },
  {
    id: "E2 token instance transfers",
    paths: [
      "/tokens/{address_hash_param}/instances/{token_id_param}/transfers",
      "/tokens/{address_hash}/instances/{id}/transfers"
    ],
    schema: codec(S.TokenInstanceTransfersResponse)
  },
  {
    id: "E3 main-page transactions",
    paths: ["/main-page/transactions"],
    schema: codec(S.MainPageTransactionsResponse)
  },
  { id: "E4 transactions", paths: ["/transactions"], schema: codec(S.TransactionsResponse) },
  {
    id: "E6 transaction logs",
    paths: ["/transactions/{transaction_hash_param}/logs", "/transactions/{transaction_hash}/logs"],
    schema: codec(S.TransactionLogsResponse)
  },
  {
    id: "E7 blocks validated",
    paths: ["/addresses/{address_hash_param}/blocks-validated", "/addresses/{address_hash}/blocks-validated"],
    schema: codec(S.BlocksValidatedResponse)
  },
  {
    id: "E8 smart contracts",
    paths: ["/smart-contracts/", "/smart-contracts"],
    schema: codec(S.SmartContractsResponse)
  },
  { id: "E9 withdrawals", paths: ["/withdrawals"], schema: codec(S.WithdrawalsResponse) },
  {
    id: "E10 nft collections",
    paths: ["/addresses/{address_hash_param}/nft/collections", "/addresses/{address_hash}/nft/collections"],
    schema: codec(S.NftCollectionsResponse)
  },
  {
    id: "E11 internal transactions",
    paths: ["/addresses/{address_hash_param}/internal-transactions", "/addresses/{address_hash}/internal-transactions"],
    schema: codec(S.InternalTransactionsResponse)
  },
  {
    id: "E12 address withdrawals",
    paths: ["/addresses/{address_hash_param}/withdrawals", "/addresses/{address_hash}/withdrawals"],
    schema: codec(S.AddressWithdrawalsResponse)
  }
]
