/**
 * The test configuration: every project of the workspace, run by `pnpm test`
 * (`vitest run --config vitest.workspace.ts`). vitest 5 no longer picks up a file of this name on its
 * own, so the test command names it; the projects live in `test.projects`.
 *
 * Workspace packages resolve to their TypeScript sources through the `source` export condition, so
 * tests never run against a stale `dist/`.
 */
import { defineConfig } from "vitest/config"

const shared = {
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } }
}

export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    projects: [
      { ...shared, test: { name: "schema", root: "packages/schema", include: ["test/**/*.test.ts"] } },
      { ...shared, test: { name: "simulator", root: "packages/simulator", include: ["test/**/*.test.ts"] } },
      { ...shared, test: { name: "client", root: "packages/client", include: ["test/**/*.test.ts"] } },
      { ...shared, test: { name: "export", root: "packages/export", include: ["test/**/*.test.ts"] } },
      { ...shared, test: { name: "backfill", root: "packages/backfill", include: ["test/**/*.test.ts"] } },
      { ...shared, test: { name: "examples", root: "examples", include: ["test/**/*.test.ts"] } },
      { ...shared, test: { name: "workspace", root: "scripts", include: ["test/**/*.test.ts"] } }
    ]
  }
})
