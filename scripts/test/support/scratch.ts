/**
 * What the packaging tests do outside the repository: a temporary folder per test file (removed after its
 * tests), and commands run there with their output kept for the failure message.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll } from "vitest"
import { root } from "./workspace.ts"

/** The workspace's TypeScript compiler. */
export const tsc = join(root, "node_modules/.bin/tsc")

/** A fresh temporary folder named `<prefix>...`, removed after the calling file's tests. */
export const scratchDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Runs a command in `cwd` and returns its standard output; a failure throws with the command and its output. */
export const run = (cmd: string, args: ReadonlyArray<string>, cwd: string): string => {
  try {
    return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd}:\n${e.stdout ?? ""}\n${e.stderr ?? ""}\n${e.message}`)
  }
}
