/**
 * A vitest reporter that ends the run with one line, `N passed, N failed` (plus `, N skipped` when any
 * test was skipped), counted from the runner's own results. CI reads that line; the default reporter
 * above it keeps the usual per-file output.
 */
import type { Reporter, TestModule } from "vitest/node"

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === "passed") passed++
        else if (state === "failed") failed++
        else skipped++
      }
      // A file that fails to load (a syntax error, a throwing import) has no tests; count it as a
      // failure so a broken file can never read as green.
      if (module.state() === "failed" && module.children.allTests().next().done === true) failed++
    }
    failed += unhandledErrors.length
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}\n`)
  }
}
