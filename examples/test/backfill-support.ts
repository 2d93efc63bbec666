/**
 * Shared by the backfill tests: a token transfer's identity (as the `token_transfers` table keys it), the
 * identities of the sequential stream of a simulated server's whole history, and the CLI as a child process
 * killed at a chosen moment (`killWhen`, `killMidway`).
 */
import { Blockscout, type BlockscoutShape, historyEntryKey } from "@blockscout-effect/client"
import { layerHttpClient, type SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert } from "@effect/vitest"
import { type Duration, Effect, Fiber, Redacted, type Scope, Stream } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { DatabaseSync } from "node:sqlite"
import { freePort } from "./services.ts"
import { type Finished, node, repoRoot } from "./spawn.ts"

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

/** Reads a backfill's progress from its SQLite file (read-only: the child may be writing). */
export const progress = (db: string) => {
  let d: DatabaseSync | undefined
  try {
    d = new DatabaseSync(db, { readOnly: true })
    const rows = d.prepare("SELECT done, items FROM backfill_partitions").all() as Array<{
      done: number
      items: number
    }>
    return {
      partitions: rows.length,
      done: rows.filter((r) => r.done === 1).length,
      items: rows.reduce((n, r) => n + r.items, 0)
    }
  } catch {
    // Not created yet, or not migrated yet.
    return { partitions: 0, done: 0, items: 0 }
  } finally {
    d?.close()
  }
}

/**
 * Runs `node argv` and sends it `signal` (default SIGKILL) as soon as `reached` says so (asked every 20 ms);
 * returns how it ended. Dies if the child exits first (with what it printed) or if `reached` is not reached
 * `within` (default 45 s), so a run that stalls fails the test instead of hanging it.
 */
export const killWhen = (
  argv: ReadonlyArray<string>,
  options: {
    readonly env: Record<string, string>
    readonly reached: Effect.Effect<boolean>
    readonly signal?: NodeJS.Signals
    readonly within?: Duration.Input
  }
): Effect.Effect<Finished> =>
  Effect.gen(function* () {
    let child: ChildProcess | undefined
    const run = yield* node(argv, { env: options.env, onSpawn: (c) => (child = c) }).pipe(Effect.forkChild)
    const exited = Effect.flatMap(Fiber.join(run), (f) =>
      Effect.die(new Error(`the child exited (${f.code}) before the moment to stop it:\n${f.stderr}`))
    )
    const wait = Effect.gen(function* () {
      while (!(yield* options.reached)) yield* Effect.sleep("20 millis")
    })
    yield* wait.pipe(
      Effect.raceFirst(exited),
      Effect.timeoutOrElse({
        duration: options.within ?? "45 seconds",
        orElse: () => Effect.die(new Error(`the moment to stop the child did not come: ${argv.join(" ")}`))
      })
    )
    const signal = options.signal ?? "SIGKILL"
    child?.kill(signal)
    // A child that ignores a gentler signal is killed, and the test fails saying so.
    return yield* Fiber.join(run).pipe(
      Effect.timeoutOrElse({
        duration: "15 seconds",
        orElse: () =>
          Effect.sync(() => child?.kill("SIGKILL")).pipe(
            Effect.andThen(Effect.die(new Error(`the child did not stop on ${signal}: ${argv.join(" ")}`)))
          )
      })
    )
  })

/**
 * Runs `node argv` and kills it with SIGKILL once its partitions committed `items` items; returns the progress
 * it left, checked to be cut off (some partitions not done).
 */
export const killMidway = (argv: ReadonlyArray<string>, db: string, items: number, env: Record<string, string>) =>
  Effect.gen(function* () {
    const killed = yield* killWhen(argv, { env, reached: Effect.sync(() => progress(db).items >= items) })
    assert.strictEqual(killed.code, null, "killed by the signal")
    const halfway = progress(db)
    assert.isBelow(halfway.done, halfway.partitions, "some partitions were cut off")
    return halfway
  })
