/**
 * Shared by the backfill tests: a token transfer's identity (as the `token_transfers` table keys it) and the
 * identities of the sequential stream of a simulated server's whole history.
 */
import { Blockscout, type BlockscoutShape, historyEntryKey } from "@blockscout-effect/client"
import { type ChildProcess, spawn } from "node:child_process"
import { layerHttpClient, type SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { Effect, Redacted, type Scope, Stream } from "effect"
import { freePort } from "./services.ts"
import { repoRoot } from "./spawn.ts"

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

/** A served simulator's Pro API, as the backfill tests' oracles read it: in process, around its rate limit. */
interface Served {
  readonly baseUrl: string
  readonly chainId: number
  readonly simulator: SimulatedBlockscout
}

/** Runs `f` with a client of a served simulator's Pro API, in process (its windows count per key: this key is its own). */
const inProcess = <A>(server: Served, f: (bs: BlockscoutShape) => Effect.Effect<A, unknown>) =>
  Blockscout.use(f).pipe(
    Effect.provide(
      Blockscout.layerPro({
        chainId: server.chainId,
        apiKey: Redacted.make("proapi_expected"),
        baseUrl: server.baseUrl,
        rateLimit: false
      })
    ),
    Effect.provide(layerHttpClient(server.simulator)),
    Effect.orDie
  )

/** The identities of every token transfer of a served simulator's Pro API, streamed sequentially. */
export const expectedTransfers = (server: Served) =>
  inProcess(server, (bs) =>
    Effect.map(Stream.runCollect(bs.stream("tokenTransfers", {})), (all) => all.map(keyOfTransfer))
  )

/**
 * The identities of an address's history on a served simulator's Pro API, as the client streams it
 * (`historyEntryKey`: `transaction:{hash}`, `tokenTransfer:{hash}:{logIndex}:{tokenId}`,
 * `internalTransaction:{hash}:{index}`), hashes as the server writes them.
 */
export const expectedHistory = (server: Served, address: string) =>
  inProcess(server, (bs) =>
    Effect.map(Stream.runCollect(bs.streamAddressHistory(address)), (all) => all.map(historyEntryKey))
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

/** A `blockscout backfill runner` process, listening. */
export interface RunnerProcess {
  readonly address: string
  readonly child: ChildProcess
  /** What it printed so far (stdout and stderr). */
  readonly output: () => string
}

/**
 * Starts `node <cli> backfill runner --runner 127.0.0.1:<free port> ...flags` and waits until it listens. A port
 * taken meanwhile by another test (it was free when chosen) makes the runner exit: it is started again on
 * another port, up to five times. The process is killed when the scope closes.
 */
export const startRunner = (
  cliMain: string,
  flags: ReadonlyArray<string>,
  env: Record<string, string>
): Effect.Effect<RunnerProcess, Error, Scope.Scope> =>
  Effect.gen(function* () {
    const port = yield* freePort
    const address = `127.0.0.1:${port}`
    let output = ""
    const child = spawn(
      process.execPath,
      ["--conditions=source", cliMain, "backfill", "runner", ...flags, "--runner", address],
      {
        cwd: repoRoot,
        env: { ...process.env, ...env }
      }
    )
    yield* Effect.addFinalizer(() => Effect.sync(() => child.kill("SIGKILL")))
    yield* Effect.callback<void, Error>((resume) => {
      const onData = (b: Buffer) => {
        output += b.toString()
        if (output.includes("Listening on")) resume(Effect.void)
      }
      child.stdout.on("data", onData)
      child.stderr.on("data", onData)
      child.once("exit", (code) => resume(Effect.fail(new Error(`runner ${address} exited (${code}): ${output}`))))
    })
    return { address, child, output: () => output }
  }).pipe(Effect.retry({ times: 4 }))
