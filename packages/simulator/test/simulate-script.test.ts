// `pnpm simulate`'s command line (scripts/simulate.ts): help, and usage errors as one line with exit code 2.
import { describe, expect, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const script = fileURLToPath(new URL("../../../scripts/simulate.ts", import.meta.url))
const run = (...args: Array<string>) => {
  const r = spawnSync(process.execPath, ["--conditions=source", script, ...args], { encoding: "utf8", timeout: 10_000 })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe("pnpm simulate", () => {
  it("--help prints the usage with every option and exits 0", () => {
    for (const flag of ["--help", "-h"]) {
      const r = run(flag)
      expect(r.status).toBe(0)
      expect(r.stdout).toMatch(/^Usage: pnpm simulate \[options\]/)
      for (const option of ["--port", "--seed", "--blocks", "--chain-id", "--version", "--rate-limit", "--credits"]) {
        expect(r.stdout).toContain(option)
      }
      expect(r.stdout).toContain("--latency")
      expect(r.stdout).toContain("--fault-rate")
    }
  })

  it.each([
    [["--bogus"], "Unknown option '--bogus'"],
    [["--port"], "argument missing"],
    [["--port", "http"], "--port must be an integer, from 0 to 65535"],
    [["--version", "13"], "--version must be 11 or 12"],
    [["--fault-rate", "1.5"], "--fault-rate must be a number from 0 to 1"],
    [["--blocks=0"], "--blocks must be an integer, 1 or more"],
    [["serve"], "Unexpected argument 'serve'"]
  ])("%j is a one-line usage error with exit code 2", (args, message) => {
    const r = run(...args)
    expect(r.status).toBe(2)
    expect(r.stdout).toBe("")
    const lines = r.stderr.trimEnd().split("\n")
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^simulate: .* \(see --help\)$/)
    expect(lines[0]).toContain(message)
  })
})
