/**
 * Runs the repository's entry points as child processes, as a user's shell does: `node --conditions=source
 * <file> ...args` with no `BLOCKSCOUT_*` in the environment, collecting stdout, stderr and the exit code.
 */
import { Effect } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

/** How a child process ended. */
export interface Finished {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** The repository root. */
export const repoRoot = fileURLToPath(new URL("../../", import.meta.url))

/** An entry point's path from the repository root. */
export const entry = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url))

/** Runs `node --conditions=source ...args` (or another Node binary); `onSpawn` gets the child (to signal it). */
export const node = (
  args: ReadonlyArray<string>,
  options: {
    readonly cwd?: string
    readonly onSpawn?: (child: ChildProcess) => void
    readonly nodeBinary?: string
    readonly env?: Record<string, string>
  } = {}
) =>
  Effect.callback<Finished>((resume) => {
    const env: Record<string, string | undefined> = { ...process.env, ...options.env }
    for (const key of Object.keys(env)) if (key.startsWith("BLOCKSCOUT_") && !options.env?.[key]) delete env[key]
    const child = spawn(options.nodeBinary ?? process.execPath, ["--conditions=source", ...args], {
      cwd: options.cwd ?? repoRoot,
      env
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()))
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()))
    child.on("close", (code) => resume(Effect.succeed({ code, stdout, stderr })))
    options.onSpawn?.(child)
    return Effect.sync(() => {
      child.kill("SIGKILL")
    })
  })
