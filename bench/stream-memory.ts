/**
 * Stream memory benchmark: peak RSS of a process streaming N token transfers from the simulated Blockscout
 * (in another process, so only the client's memory is measured), for the sequential stream and the
 * partitioned stream in chain and arrival order, over the fetch and undici HTTP clients; with what the peak
 * is made of, and two baselines that run none of the client's code.
 *
 * Run: pnpm bench:memory   (node --conditions=source bench/stream-memory.ts [counts=100000,1000000]
 *      [modes=sequential,chain,arrival] [transports=fetch,undici])
 * Modes: `sequential`, `chain`, `arrival` (the client's streams), `loop` (a hand-written loop: `fetch`,
 * `JSON.parse` and the client's decoder, following the cursors; its transport is always `fetch`), `idle` (the
 * client's modules loaded, nothing streamed: what any process using it starts from). Transports: `fetch`
 * (`FetchHttpClient.layer`), `undici` (`NodeHttpClient.layerUndici`), `node` (`NodeHttpClient.layerNodeHttp`).
 * `--v8-flags "<flags>"` runs every case with those V8 flags (e.g. `--max-semi-space-size=16`) and says so on
 * each row: the target is about V8's defaults, which a library cannot change. `--snapshots DIR` also writes two
 * heap snapshots per case (after a forced GC, at a third and at two thirds of the items) to compare what the
 * heap holds as the stream goes on. `--consumer-ms N` makes the consumer wait N ms after each page (a sink
 * writing somewhere), which is when a partitioned stream holds pages back.
 *
 * Each case is a fresh process. Peak RSS is the process's maximum resident set (`resourceUsage().maxRSS`); the
 * other columns are the peaks of samples taken every 10 ms: the young generation (V8's new space and new
 * large-object space, committed), the old generation (old, large-object, code and trusted spaces, committed),
 * memory outside the heap (`external`: body buffers), and the live heap after a forced GC at the end. The client
 * runs with its defaults but no pacing (the server is unlimited and local), so the figures are the stream's own
 * working set at full speed. Figures go to BENCHMARKS.md, "Stream memory".
 */
import { type ChildProcess, spawn } from "node:child_process"
import { getHeapSpaceStatistics, writeHeapSnapshot } from "node:v8"
import { NodeHttpClient } from "@effect/platform-node"
import { Effect, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
// Relative imports: the workspace root does not depend on its packages.
import { Blockscout, type BlockscoutShape, endpoints } from "../packages/client/src/index.ts"
import { decodeResponseExit } from "../packages/schema/src/index.ts"

type Mode = "sequential" | "chain" | "arrival" | "loop" | "idle"
type Transport = "fetch" | "undici" | "node"

/** A chain long enough for a million token transfers (about 4 a block). */
const blocks = 300_000

const mib = (bytes: number) => Math.round(bytes / 2 ** 20)

/** Peaks of the memory samples, in bytes. */
const peaks = { young: 0, old: 0, external: 0 }
const young = new Set(["new_space", "new_large_object_space"])
const sample = () => {
  let youngBytes = 0
  let oldBytes = 0
  for (const space of getHeapSpaceStatistics()) {
    if (young.has(space.space_name)) youngBytes += space.space_size
    else oldBytes += space.space_size
  }
  peaks.young = Math.max(peaks.young, youngBytes)
  peaks.old = Math.max(peaks.old, oldBytes)
  peaks.external = Math.max(peaks.external, process.memoryUsage().external)
}

const streamOf = (bs: BlockscoutShape, mode: "sequential" | "chain" | "arrival") =>
  mode === "sequential" ? bs.streamTokenTransfers() : bs.streamTokenTransfers({ partition: { order: mode } })

/**
 * The hand-written loop: `fetch`, `JSON.parse` and the decoder the client uses, following the cursors at the
 * largest page, with nothing else (no retries, limiter, spans or checks). Returns the items seen.
 */
const loop = async (url: string, count: number, consumerMs: number): Promise<number> => {
  const decode = decodeResponseExit(endpoints.tokenTransfers.response as never) as (
    json: unknown,
    text: string
  ) => { readonly _tag: string; readonly value?: { readonly items: ReadonlyArray<unknown> } }
  let seen = 0
  let next: Record<string, unknown> | null = {}
  while (seen < count && next !== null) {
    const query = new URLSearchParams({ items_count: "100" })
    for (const [key, value] of Object.entries(next)) query.set(key, String(value))
    const text = await (await fetch(`${url}/api/v2/token-transfers?${query}`)).text()
    const json = JSON.parse(text) as { readonly next_page_params: Record<string, unknown> | null }
    const page = decode(json, text)
    if (page._tag !== "Success") throw new Error("the page did not decode")
    seen += page.value?.items.length ?? 0
    next = json.next_page_params
    if (consumerMs > 0) await new Promise((resolve) => setTimeout(resolve, consumerMs))
  }
  return Math.min(seen, count)
}

/** One measured run, in this process: streams `count` items and prints one JSON line. */
const child = async (
  count: number,
  mode: Mode,
  transport: Transport,
  consumerMs: number,
  snapshots: string | undefined
) => {
  let server: ChildProcess | undefined
  // The server goes with this process, however it ends.
  process.on("exit", () => server?.kill())
  server = spawn(process.execPath, ["--conditions=source", "scripts/simulate.ts", "--blocks", String(blocks)], {
    stdio: ["ignore", "pipe", "inherit"]
  })
  const stdout = server.stdout
  const url = await new Promise<string>((resolve) =>
    stdout?.once("data", (data) => resolve(String(data).split("\n")[0]?.trim() ?? ""))
  )
  const timer = setInterval(sample, 10)
  const gc = (globalThis as { gc?: () => void }).gc
  let seen = 0
  const marks = snapshots === undefined ? [] : [Math.floor(count / 3), Math.floor((2 * count) / 3)]
  const started = performance.now()
  const cpuStarted = process.cpuUsage()
  if (mode === "idle") {
    await new Promise((resolve) => setTimeout(resolve, 1000))
  } else if (mode === "loop") {
    seen = await loop(url, count, consumerMs)
  } else {
    const program = Blockscout.use((bs) =>
      streamOf(bs, mode).pipe(
        Stream.take(count),
        Stream.runForEach(() =>
          Effect.suspend(() => {
            seen += 1
            if (marks.includes(seen)) {
              gc?.()
              writeHeapSnapshot(`${snapshots}/${mode}-${transport}-${seen}.heapsnapshot`)
            }
            return consumerMs > 0 && seen % 100 === 0 ? Effect.sleep(consumerMs) : Effect.void
          })
        )
      )
    )
    await Effect.runPromise(
      program.pipe(
        Effect.provide(Blockscout.layerInstance({ baseUrl: url, rateLimit: false })),
        Effect.provide(
          transport === "undici"
            ? NodeHttpClient.layerUndici
            : transport === "node"
              ? NodeHttpClient.layerNodeHttp
              : FetchHttpClient.layer
        )
      )
    )
  }
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuStarted)
  clearInterval(timer)
  sample()
  gc?.()
  console.log(
    JSON.stringify({
      count: seen,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      youngMiB: mib(peaks.young),
      oldMiB: mib(peaks.old),
      externalMiB: mib(peaks.external),
      heapAfterGcMiB: gc === undefined ? undefined : mib(process.memoryUsage().heapUsed)
    })
  )
  process.exit(0)
}

/** Runs one case in a fresh process and returns its JSON line. */
const runCase = (
  count: number,
  mode: Mode,
  transport: Transport,
  v8Flags: ReadonlyArray<string>,
  consumerMs: number,
  snapshots: string | undefined
) =>
  new Promise<Record<string, number>>((resolve, reject) => {
    const flags = [...v8Flags, "--conditions=source", "--expose-gc", import.meta.filename]
    const args = ["--child", String(count), mode, transport, String(consumerMs), ...(snapshots ? [snapshots] : [])]
    const proc = spawn(process.execPath, [...flags, ...args], { stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    proc.stdout.on("data", (data) => {
      out += String(data)
    })
    proc.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}")) : reject(new Error(`case exited ${code}`))
    )
  })

/** Takes `--name value` out of `argv`. */
const option = (argv: Array<string>, name: string): string | undefined => {
  const at = argv.indexOf(name)
  return at >= 0 ? argv.splice(at, 2)[1] : undefined
}

const argv = process.argv.slice(2)
if (argv[0] === "--child") {
  await child(Number(argv[1]), argv[2] as Mode, argv[3] as Transport, Number(argv[4]), argv[5])
} else {
  const snapshots = option(argv, "--snapshots")
  const v8Flags = (option(argv, "--v8-flags") ?? "").split(" ").filter((flag) => flag !== "")
  const consumerMs = Number(option(argv, "--consumer-ms") ?? 0)
  const counts = (argv[0] ?? "100000,1000000").split(",").map(Number)
  const modes = (argv[1] ?? "sequential,chain,arrival").split(",") as Array<Mode>
  const transports = (argv[2] ?? "fetch,undici").split(",") as Array<Transport>
  const setting = [
    v8Flags.length === 0 ? "V8 defaults" : `V8 flags: ${v8Flags.join(" ")}`,
    consumerMs > 0 ? `consumer ${consumerMs} ms a page` : "consumer counting items"
  ].join(", ")
  console.log(`Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, ${setting}`)
  console.log("")
  console.log(
    "| stream | HTTP client | items | seconds | CPU s | peak RSS (MiB) | young gen | old gen | external | heap after GC |"
  )
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
  for (const transport of transports) {
    for (const mode of modes) {
      // The baselines run the same whatever the client's transport: once.
      if ((mode === "loop" || mode === "idle") && transport !== transports[0]) continue
      for (const count of mode === "idle" ? [0] : counts) {
        const r = await runCase(count, mode, transport, v8Flags, consumerMs, snapshots)
        const client = mode === "loop" ? "fetch (hand-written)" : mode === "idle" ? "-" : transport
        console.log(
          `| ${mode} | ${client} | ${Number(r.count).toLocaleString("en-US")} | ${Number(r.seconds).toFixed(1)} | ` +
            `${Number(r.cpuSeconds).toFixed(1)} | ${r.peakRssMiB} | ${r.youngMiB} | ${r.oldMiB} | ${r.externalMiB} | ` +
            `${r.heapAfterGcMiB} |`
        )
      }
    }
  }
}
