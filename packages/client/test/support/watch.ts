/**
 * Watching a run from the side: how late a 10 ms timer fires while it runs (a bound on how long the event
 * loop is blocked, not a speed figure) and how far memory grows. Hostile-server tests assert both: the client
 * must stay responsive and bounded whatever a server sends.
 *
 * Lateness counts only time this thread spent running: a timer that fires late because the machine gave the
 * process no CPU (other processes on a loaded machine) is not a block. For each firing, the lateness taken is
 * the smaller of how late it fired and how much CPU this thread used since the previous firing; a synchronous
 * block of 150 ms shows as 150 ms, a process left waiting for a core as little.
 */
import { Effect } from "effect"

/** What the watch saw: the worst timer lateness and the peak growth of memory over the start. */
export interface Watched<A> {
  readonly result: A
  /** The latest a 10 ms timer fired after its due time, in milliseconds, while this thread was running. */
  readonly maxLagMillis: number
  /** Peak of heap used plus array buffers over its value at the start, in bytes. */
  readonly peakGrowthBytes: number
}

const memory = () => {
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.arrayBuffers
}

/** CPU time of this thread in milliseconds (of the process, where the runtime cannot tell threads apart). */
const threadCpu = (): number => {
  const usage = typeof process.threadCpuUsage === "function" ? process.threadCpuUsage() : process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

/** Runs `effect` (to its exit) under the watch. */
export const watched = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<Watched<A>, E, R> =>
  Effect.suspend(() => {
    const start = memory()
    let peak = start
    let maxLag = 0
    let due = performance.now() + 10
    let cpu = threadCpu()
    let timer: ReturnType<typeof setTimeout> | undefined
    const record = () => {
      const now = performance.now()
      const used = threadCpu()
      maxLag = Math.max(maxLag, Math.min(now - due, used - cpu))
      cpu = used
      peak = Math.max(peak, memory())
      return now
    }
    const tick = () => {
      due = record() + 10
      timer = setTimeout(tick, 10)
    }
    timer = setTimeout(tick, 10)
    const stop = Effect.sync(() => {
      clearTimeout(timer)
      // The last stretch counts too: a block at the very end never let the timer fire.
      record()
    })
    return effect.pipe(
      Effect.ensuring(stop),
      Effect.map((result) => ({ result, maxLagMillis: maxLag, peakGrowthBytes: peak - start }))
    )
  })
