/**
 * What `pnpm generate` writes, as text, from the endpoints table and the sources (tests render the same and
 * fail when a written file is stale):
 * - `render/methods.ts`: the service's method types with their docs, in one file (`src/BlockscoutMethods.ts`);
 * - `render/readme.ts`: the README's method table, and its code blocks as files the build type-checks
 *   (`test/readme/`).
 */
export { methodsPath, renderMethods } from "./render/methods.ts"
export { readmeEnd, readmeStart, renderReadme, renderReadmeSnippets, renderReadmeTable } from "./render/readme.ts"
export { formatTs, packageDir } from "./render/text.ts"
