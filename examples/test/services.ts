/**
 * Real PostgreSQL and Redis servers for tests, each started in a temporary directory on a free loopback port
 * and stopped when the scope closes (`.ci/run` installs Debian's `postgresql` and `redis-server` when missing).
 *
 * PostgreSQL refuses to run as root, so under root (CI) its processes run as the `postgres` user the Debian
 * package creates, owning the data directory.
 */
import { Effect, Schedule, type Scope } from "effect"
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createConnection, createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

/**
 * `n` distinct free loopback ports: servers are opened on port 0 together (so the system cannot hand out one
 * port twice), then closed.
 */
export const freePorts = (n: number) =>
  Effect.callback<ReadonlyArray<number>>((resume) => {
    const servers = Array.from({ length: n }, () => createServer())
    const ports: Array<number> = []
    for (const server of servers) {
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        ports.push(typeof address === "object" && address !== null ? address.port : 0)
        if (ports.length === n) {
          let closed = 0
          for (const s of servers) s.close(() => ++closed === n && resume(Effect.succeed(ports)))
        }
      })
    }
  })

/** A free loopback port. */
export const freePort = Effect.map(freePorts(1), (ports) => ports[0]!)

/** Resolves once something accepts TCP connections on the port. */
const listening = (port: number) =>
  Effect.callback<void, Error>((resume) => {
    const socket = createConnection({ host: "127.0.0.1", port })
    socket.once("connect", () => {
      socket.destroy()
      resume(Effect.void)
    })
    socket.once("error", (e) => resume(Effect.fail(e)))
  }).pipe(Effect.retry({ schedule: Schedule.spaced("100 millis"), times: 200 }))

/** Where Debian puts PostgreSQL's server programs (`/usr/lib/postgresql/<major>/bin`), or PATH. */
const pgBin = (program: string): string => {
  const root = "/usr/lib/postgresql"
  if (existsSync(root)) {
    const majors = readdirSync(root).sort((a, b) => Number(b) - Number(a))
    for (const major of majors)
      if (existsSync(join(root, major, "bin", program))) return join(root, major, "bin", program)
  }
  return program
}

const postgresUser = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim())
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim())
  return { uid, gid }
}

const started = (child: ChildProcess) =>
  Effect.addFinalizer(() =>
    Effect.callback<void>((resume) => {
      if (child.exitCode !== null || child.signalCode !== null) return resume(Effect.void)
      child.once("exit", () => resume(Effect.void))
      child.kill("SIGTERM")
    }).pipe(Effect.timeoutOrElse({ duration: "10 seconds", orElse: () => Effect.sync(() => child.kill("SIGKILL")) }))
  )

const tempDir = (prefix: string) =>
  Effect.acquireRelease(
    Effect.sync(() => mkdtempSync(join(tmpdir(), prefix))),
    (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
  )

/** A PostgreSQL server for the scope: its `postgres://` URL (user `postgres`, trust auth, loopback only). */
export const postgres: Effect.Effect<string, Error, Scope.Scope> = Effect.gen(function* () {
  const dir = yield* tempDir("pg-")
  const data = join(dir, "data")
  const user = postgresUser()
  if (user !== undefined) chownSync(dir, user.uid, user.gid)
  const port = yield* freePort
  const as = user === undefined ? {} : { uid: user.uid, gid: user.gid }
  yield* Effect.try({
    try: () =>
      execFileSync(pgBin("initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"], {
        ...as,
        stdio: "ignore"
      }),
    catch: (e) => new Error(`initdb failed: ${String(e)}`)
  })
  const server = spawn(
    pgBin("postgres"),
    ["-D", data, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"],
    { ...as, stdio: "ignore" }
  )
  yield* started(server)
  // Accepting TCP is not yet accepting queries (recovery at start-up): ask pg_isready.
  yield* Effect.try({
    try: () => execFileSync(pgBin("pg_isready"), ["-h", "127.0.0.1", "-p", String(port), "-q"]),
    catch: () => new Error("PostgreSQL is not ready")
  }).pipe(Effect.retry({ schedule: Schedule.spaced("100 millis"), times: 200 }))
  return `postgres://postgres@127.0.0.1:${port}/postgres`
})

/** A Redis server for the scope: its `redis://` URL (loopback only, no persistence). */
export const redis: Effect.Effect<string, Error, Scope.Scope> = Effect.gen(function* () {
  const dir = yield* tempDir("redis-")
  const port = yield* freePort
  const server = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"],
    { stdio: "ignore" }
  )
  yield* started(server)
  yield* listening(port)
  return `redis://127.0.0.1:${port}`
})
