/**
 * Stream memory benchmark: peak RSS of a process streaming N token transfers from the simulated Blockscout
 * (in another process, so only the client's memory is measured), for the sequential stream and the
 * partitioned stream in chain and arrival order, over the fetch and undici HTTP clients.
 *
 * Run: pnpm bench:memory   (node --conditions=source bench/stream-memory.ts [counts=100000,1000000]
 *      [modes=sequential,chain,arrival] [transports=fetch,undici])
 * `--snapshots DIR` also writes two heap snapshots per run (after a GC, at a third and at two thirds of the
 * items; the process then runs with --expose-gc) for comparing what the heap holds as the stream goes on.
 *
 * Each case is a fresh process: peak RSS is the process's maximum resident set (`resourceUsage().maxRSS`),
 * the live heap the heap used after a forced GC at the end. The client runs with its defaults but no pacing
 * (the server is unlimited and local), so the figure is the stream's own working set at full speed.
 * Figures go to BENCHMARKS.md, "Stream memory".
 */
import { spawn } from "node:child_process"
import { writeHeapSnapshot } from "node:v8"
import { NodeHttpClient } from "@effect/platform-node"
import { Effect, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
// Relative imports: the workspace root does not depend on its packages.
import { Blockscout, type BlockscoutShape } from "../packages/client/src/index.ts"

type Mode = "sequential" | "chain" | "arrival"
type Transport = "fetch" | "undici"

/** A chain long enough for a million token transfers (about 4 a block). */
const blocks = 300_000

const streamOf = (bs: BlockscoutShape, mode: Mode) =>
  mode === "sequential" ? bs.streamTokenTransfers() : bs.streamTokenTransfers({ partition: { order: mode } })

/** One measured run, in this process: streams `count` items and prints one JSON line. */
const child = async (count: number, mode: Mode, transport: Transport, snapshots: string | undefined) => {
  const server = spawn(process.execPath, ["--conditions=source", "scripts/simulate.ts", "--blocks", String(blocks)], {
    stdio: ["ignore", "pipe", "inherit"]
  })
  const url = await new Promise<string>((resolve) =>
    server.stdout.once("data", (data) => resolve(String(data).split("\n")[0]?.trim() ?? ""))
  )
  const gc = (globalThis as { gc?: () => void }).gc
  let seen = 0
  const marks = snapshots === undefined ? [] : [Math.floor(count / 3), Math.floor((2 * count) / 3)]
  const program = Blockscout.use((bs) =>
    streamOf(bs, mode).pipe(
      Stream.take(count),
      Stream.runForEach(() =>
        Effect.sync(() => {
          seen += 1
          if (marks.includes(seen)) {
            gc?.()
            writeHeapSnapshot(`${snapshots}/${mode}-${transport}-${seen}.heapsnapshot`)
          }
        })
      )
    )
  )
  const started = performance.now()
  await Effect.runPromise(
    program.pipe(
      Effect.provide(Blockscout.layerInstance({ baseUrl: url, rateLimit: false })),
      Effect.provide(transport === "undici" ? NodeHttpClient.layerUndici : FetchHttpClient.layer)
    )
  )
  const seconds = (performance.now() - started) / 1000
  gc?.()
  server.kill()
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20)
  console.log(
    JSON.stringify({
      count: seen,
      mode,
      transport,
      seconds,
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      heapAfterGcMiB: gc === undefined ? undefined : mib(process.memoryUsage().heapUsed)
    })
  )
}

/** Runs one case in a fresh process and returns its JSON line. */
const runCase = (count: number, mode: Mode, transport: Transport, snapshots: string | undefined) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const flags = ["--conditions=source", "--expose-gc", import.meta.filename]
    const args = ["--child", String(count), mode, transport, ...(snapshots === undefined ? [] : [snapshots])]
    const proc = spawn(process.execPath, [...flags, ...args], { stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    proc.stdout.on("data", (data) => {
      out += String(data)
    })
    proc.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}")) : reject(new Error(`case exited ${code}`))
    )
  })

const argv = process.argv.slice(2)
if (argv[0] === "--child") {
  await child(Number(argv[1]), argv[2] as Mode, argv[3] as Transport, argv[4])
} else {
  const snapshotAt = argv.indexOf("--snapshots")
  const snapshots = snapshotAt >= 0 ? argv.splice(snapshotAt, 2)[1] : undefined
  const counts = (argv[0] ?? "100000,1000000").split(",").map(Number)
  const modes = (argv[1] ?? "sequential,chain,arrival").split(",") as Array<Mode>
  const transports = (argv[2] ?? "fetch,undici").split(",") as Array<Transport>
  console.log(`Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`)
  console.log("")
  console.log("| stream | HTTP client | items | seconds | peak RSS (MiB) | heap after GC (MiB) |")
  console.log("| --- | --- | ---: | ---: | ---: | ---: |")
  for (const transport of transports) {
    for (const mode of modes) {
      for (const count of counts) {
        const r = await runCase(count, mode, transport, snapshots)
        console.log(
          `| ${mode} | ${transport} | ${Number(r.count).toLocaleString("en-US")} | ${Number(r.seconds).toFixed(1)} | ` +
            `${r.peakRssMiB} | ${r.heapAfterGcMiB} |`
        )
      }
    }
  }
}
