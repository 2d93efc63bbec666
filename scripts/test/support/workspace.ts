/**
 * The workspace as the packaging tests see it: its root, and the publishable packages (`packages/*` not
 * marked private) with their manifests.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"

/** The repository's root folder. */
export const root = resolve(import.meta.dirname, "../../..")

/** A package manifest: the fields these tests read (exports targets are subpath maps or strings). */
export interface Manifest {
  readonly name: string
  readonly version: string
  readonly private?: boolean
  readonly description?: string
  readonly keywords?: ReadonlyArray<string>
  readonly license?: string
  readonly homepage?: string
  readonly bugs?: { readonly url: string }
  readonly repository: { readonly type: string; readonly url: string; readonly directory?: string }
  readonly engines?: Record<string, string>
  readonly type?: string
  readonly sideEffects?: boolean
  readonly files?: ReadonlyArray<string>
  readonly scripts: Record<string, string>
  readonly exports: Record<string, string | Record<string, string>>
  readonly publishConfig: {
    readonly access?: string
    readonly exports: Record<string, string | Record<string, string>>
  }
  readonly dependencies?: Record<string, string>
  readonly peerDependencies?: Record<string, string>
  readonly peerDependenciesMeta?: Record<string, { readonly optional?: boolean }>
}

/** A JSON file, parsed, as the type the caller says it holds. */
export const readJson = <A>(path: string): A => JSON.parse(readFileSync(path, "utf8"))

/** The publishable packages: folder name and manifest. */
export const publishable: ReadonlyArray<{ readonly name: string; readonly manifest: Manifest }> = readdirSync(
  join(root, "packages")
)
  .filter((name) => existsSync(join(root, "packages", name, "package.json")))
  .map((name) => ({ name, manifest: readJson<Manifest>(join(root, "packages", name, "package.json")) }))
  .filter(({ manifest }) => manifest.private !== true)
