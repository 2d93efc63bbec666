/**
 * Shared by the backfill tests: a token transfer's identity (as the `token_transfers` table keys it) and the
 * identities of the sequential stream of a simulated server's whole history.
 */
import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, type SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { Effect, Redacted, Stream } from "effect"

/** The identity columns of `token_transfers`, as read back. */
export interface TransferKey {
  readonly transaction_hash: string
  readonly log_index: number | string
  readonly token_id: string
}

/** One identity as text. */
export const transferKey = (t: TransferKey): string => `${t.transaction_hash}/${t.log_index}/${t.token_id}`

/** The identity of a decoded transfer (`token_id` is `''` for transfers that name none, as in the table). */
export const keyOfTransfer = (t: {
  readonly transaction_hash: string | null
  readonly log_index?: number | undefined
  readonly total: unknown
}): string =>
  transferKey({
    transaction_hash: t.transaction_hash ?? "",
    log_index: String(t.log_index),
    token_id: String((t.total as { token_id?: bigint | null } | null)?.token_id ?? "")
  })

/** The identities of every token transfer of a served simulator's Pro API, streamed sequentially. */
export const expectedTransfers = (server: {
  readonly baseUrl: string
  readonly chainId: number
  readonly simulator: SimulatedBlockscout
}) =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    return (yield* Stream.runCollect(bs.stream("tokenTransfers", {}))).map(keyOfTransfer)
  }).pipe(
    Effect.provide(
      Blockscout.layerPro({
        chainId: server.chainId,
        apiKey: Redacted.make("proapi_expected"),
        baseUrl: server.baseUrl,
        rateLimit: false
      })
    ),
    // In process, around the server's rate limit (its windows count per key: this key is its own).
    Effect.provide(layerHttpClient(server.simulator)),
    Effect.orDie
  )

/**
 * The argv of `node <cli> backfill run token-transfers` on a served simulator's Pro API, 10 items a page, with
 * `partitions` partitions and further flags.
 */
export const runTransfers = (
  cliMain: string,
  server: { readonly baseUrl: string; readonly chainId: number },
  partitions: number,
  ...flags: ReadonlyArray<string>
): ReadonlyArray<string> => [
  cliMain,
  ...["backfill", "run", "token-transfers", "--chain", String(server.chainId), "--base-url", server.baseUrl],
  ...["--partitions", String(partitions), "--page-size", "10", ...flags]
]
