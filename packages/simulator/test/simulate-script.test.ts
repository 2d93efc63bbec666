// `pnpm simulate`'s command line (scripts/simulate.ts): help, and usage errors as one line with exit code 2.
import { describe, expect, it } from "@effect/vitest"
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
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
      for (const option of [
        "--port",
        "--seed",
        "--blocks",
        "--density",
        "--chain-id",
        "--version",
        "--rate-limit",
        "--credits"
      ]) {
        expect(r.stdout).toContain(option)
      }
      expect(r.stdout).toContain("--latency")
      expect(r.stdout).toContain("--fault-rate")
      for (const option of [
        "--live",
        "--block-time",
        "--reorg ",
        "--reorg-rate",
        "--reorg-depth",
        "--reincluded",
        "--lag-rate"
      ]) {
        expect(r.stdout).toContain(option)
      }
      expect(r.stdout).toContain("--rate-window")
      expect(r.stdout).toContain("--rate-limiter K")
    }
  })

  it.each([
    [["--bogus"], "Unknown option '--bogus'"],
    [["--port"], "argument missing"],
    [["--port", "http"], "--port must be an integer, from 0 to 65535"],
    [["--version", "13"], "--version must be 11 or 12"],
    [["--fault-rate", "1.5"], "--fault-rate must be a number from 0 to 1"],
    [["--blocks=0"], "--blocks must be an integer, 1 or more"],
    [["--density", "spiky"], "--density must be even, bursts or growing"],
    [["--reorg-rate", "2"], "--reorg-rate must be a number from 0 to 1"],
    [["--reorg", "12"], "--reorg must be HEAD:DEPTH"],
    [["--block-time", "0"], "--block-time must be an integer, 1 or more"],
    [["--rate-limit", "5", "--rate-limiter", "leaky"], "--rate-limiter must be fixed, token-bucket or sliding-log"],
    [["--rate-limiter", "token-bucket"], "--rate-window and --rate-limiter need --rate-limit"],
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

describe("pnpm simulate serving", () => {
  it("prints the base URL, then addresses, tokens and transaction hashes that answer", {
    timeout: 30_000
  }, async () => {
    const child = spawn(process.execPath, ["--conditions=source", script, "--blocks", "400"], {
      stdio: ["ignore", "pipe", "pipe"]
    })
    try {
      const lines = await firstLines(child, 8)
      const baseUrl = lines[0]!
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(lines[1]).toContain(`${baseUrl}/1/api/v2`)
      const text = lines.slice(2).join("\n")
      const addresses = [...text.matchAll(/0x[0-9a-f]{40}\b/g)].map((m) => m[0])
      const hashes = [...text.matchAll(/0x[0-9a-f]{64}\b/g)].map((m) => m[0])
      expect(addresses.length).toBeGreaterThanOrEqual(8)
      expect(hashes.length).toBe(2)
      const ask = async (path: string) => {
        const r = await fetch(`${baseUrl}/api/v2${path}`)
        expect(r.status, path).toBe(200)
        return (await r.json()) as { items: Array<unknown> }
      }
      expect((await ask(`/transactions/${hashes[0]}/logs`)).items.length).toBeGreaterThan(0)
      const holder = /NFT holder[^:]*: (0x[0-9a-f]{40})/.exec(text)![1]
      expect((await ask(`/addresses/${holder}/nft/collections`)).items.length).toBeGreaterThan(0)
      const miner = /miner[^:]*: +(0x[0-9a-f]{40})/.exec(text)![1]
      expect((await ask(`/addresses/${miner}/blocks-validated`)).items.length).toBeGreaterThan(0)
      const router = /router[^:]*: (0x[0-9a-f]{40})/.exec(text)![1]
      expect((await ask(`/addresses/${router}/internal-transactions`)).items.length).toBeGreaterThan(0)
      const nft = /(0x[0-9a-f]{40}) \(ERC-721/.exec(text)![1]
      expect((await ask(`/tokens/${nft}/instances/0/transfers`)).items.length).toBeGreaterThan(0)
    } finally {
      child.kill("SIGTERM")
    }
  })

  it("--rate-limiter token-bucket: the bucket's headers (whole tokens left, the time until it is full)", {
    timeout: 30_000
  }, async () => {
    const args = ["--blocks", "50", "--rate-limit", "2", "--rate-window", "10000", "--rate-limiter", "token-bucket"]
    const child = spawn(process.execPath, ["--conditions=source", script, ...args], {
      stdio: ["ignore", "pipe", "pipe"]
    })
    try {
      const [baseUrl] = await firstLines(child, 1)
      const statuses: Array<[number, string | null, string | null]> = []
      for (let i = 0; i < 3; i++) {
        const r = await fetch(`${baseUrl}/api/v2/blocks`)
        await r.arrayBuffer()
        statuses.push([r.status, r.headers.get("x-ratelimit-limit"), r.headers.get("x-ratelimit-remaining")])
      }
      // Two tokens, one back every 5 s: the third request within that is refused.
      expect(statuses).toEqual([
        [200, "2", "1"],
        [200, "2", "0"],
        [429, "2", "0"]
      ])
    } finally {
      child.kill("SIGTERM")
    }
  })
})

describe("pnpm simulate --live", () => {
  it("grows the chain on the real clock and reorganises it, listing the replaced blocks", {
    timeout: 30_000
  }, async () => {
    const child = spawn(
      process.execPath,
      [
        "--conditions=source",
        script,
        "--blocks",
        "100",
        "--block-time",
        "50",
        "--reorg-rate",
        "1",
        "--reorg-depth",
        "2"
      ],
      { stdio: ["ignore", "pipe", "pipe"] }
    )
    try {
      const lines = await firstLines(child, 9)
      const baseUrl = lines[0]!
      expect(lines[8]).toMatch(/^live: a block every 50 ms from block 100, reorganisations on 1 of blocks/)
      type Block = { height: number; hash: string; parent_hash: string; type: string }
      const ask = async (path: string) => {
        const r = await fetch(`${baseUrl}/api/v2${path}`)
        expect(r.status, path).toBe(200)
        return (await r.json()) as { items: Array<Block> } & Block
      }
      // Wait for the chain to grow (no timing asserted: only that it does, within the test's timeout).
      let top: Block | undefined
      for (;;) {
        top = (await ask("/blocks?items_count=5")).items[0]
        if (top !== undefined && top.height >= 104) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const replaced = (await ask("/blocks?type=reorg")).items
      expect(replaced.length).toBeGreaterThan(0)
      expect(replaced.every((b) => b.type === "reorg")).toBe(true)
      const old = await ask(`/blocks/${replaced[0]!.hash}`)
      expect(old.type).toBe("reorg")
      expect((await ask(`/blocks/${old.height}`)).hash).not.toBe(old.hash)
    } finally {
      child.kill("SIGTERM")
    }
  })
})

/** The first `n` lines the child prints on stdout. */
const firstLines = (child: ChildProcess, n: number): Promise<Array<string>> =>
  new Promise((resolve, reject) => {
    let text = ""
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8")
      const lines = text.split("\n")
      if (lines.length > n) resolve(lines.slice(0, n))
    })
    child.on("exit", (code) => reject(new Error(`pnpm simulate exited with ${code} after: ${text}`)))
  })
