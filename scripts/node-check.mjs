// Checks the running Node before any TypeScript loads: every `pnpm` entry point (start, blockscout, simulate,
// bench:*) preloads this file (`node --import ./scripts/node-check.mjs ...`). Plain JavaScript that any Node
// with `--import` (18.19+, 20.x) can run, so an old Node says in one line what it needs instead of failing with
// ERR_UNKNOWN_FILE_EXTENSION on the first `.ts` file.
const required = [22, 19]
const [major, minor] = process.versions.node.split(".").map(Number)
if (major < required[0] || (major === required[0] && minor < required[1])) {
  process.stderr.write(
    `blockscout-effect needs Node >= ${required.join(".")} (this is ${process.versions.node}): ` +
      "run `. scripts/toolchain.sh` to put Node 24 and pnpm on PATH, then try again.\n"
  )
  process.exit(1)
}
