/**
 * A real `redis-server` for the test's scope: started on a free loopback port, its files in a temporary
 * directory, stopped and removed when the scope closes. No persistence, no other clients.
 *
 * Needs `redis-server` on the PATH (`apt-get install redis-server`; `.ci/run` installs it when missing).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, type Scope } from "effect"

/** Whether `redis-server` can be run here. */
export const redisAvailable = (): boolean => spawnSync("redis-server", ["--version"]).status === 0

/** A free port on 127.0.0.1 (the kernel's choice, released for the server to take). */
const freePort = Effect.callback<number>((resume) => {
  const probe = createServer()
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    probe.close(() => resume(Effect.succeed(port)))
  })
})

/** Waits for the server's "Ready to accept connections" line (or its exit). */
const ready = (child: ChildProcess, log: Array<string>) =>
  Effect.callback<void, Error>((resume) => {
    const onData = (chunk: Buffer) => {
      log.push(chunk.toString())
      if (log.join("").includes("Ready to accept connections")) resume(Effect.void)
    }
    child.stdout?.on("data", onData)
    child.once("exit", (code) =>
      resume(Effect.fail(new Error(`redis-server exited (${code}) before it was ready:\n${log.join("")}`)))
    )
  }).pipe(
    Effect.timeoutOrElse({
      duration: "20 seconds",
      orElse: () => Effect.fail(new Error(`redis-server was not ready after 20 s:\n${log.join("")}`))
    })
  )

/** Starts `redis-server` for the scope; its `redis://` URL. */
export const redisServer: Effect.Effect<string, Error, Scope.Scope> = Effect.gen(function* () {
  if (!redisAvailable()) {
    return yield* Effect.fail(new Error("redis-server is not installed: apt-get install redis-server (.ci/run does)"))
  }
  const dir = mkdtempSync(join(tmpdir(), "blockscout-redis-"))
  const port = yield* freePort
  const log: Array<string> = []
  const child = yield* Effect.acquireRelease(
    Effect.sync(() =>
      spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"],
        { stdio: ["ignore", "pipe", "pipe"] }
      )
    ),
    (child) =>
      Effect.callback<void>((resume) => {
        if (child.exitCode !== null || child.signalCode !== null) return resume(Effect.void)
        child.once("exit", () => resume(Effect.void))
        child.kill("SIGTERM")
      }).pipe(Effect.ensuring(Effect.sync(() => rmSync(dir, { recursive: true, force: true }))))
  )
  yield* ready(child, log)
  return `redis://127.0.0.1:${port}`
})
