/**
 * The repository's tests use the public scripted server (`scriptedServer` from
 * `@blockscout-effect/simulator/node`), under the names they were written with. These are the client's own
 * wire-level tests: they check which key went where (query or header, never taken from a cursor), so the
 * server keeps credentials as sent (`revealCredentials`); users' tests get them redacted by default.
 */
import { pageBody, type Script, type ScriptedReply, type ScriptedRequest } from "@blockscout-effect/simulator"
import { type ScriptedServer, scriptedServer as publicScriptedServer } from "@blockscout-effect/simulator/node"

export type { Script, ScriptedServer }
/** A request as the server saw it. */
export type Recorded = ScriptedRequest
/** What to answer. */
export type Reply = ScriptedReply

/** Starts a scripted server for the scope of the test, recording credentials as sent. */
export const scriptedServer = (script: Script) => publicScriptedServer(script, { revealCredentials: true })

/** A page body. */
export const page = pageBody

/** Whether a request is the client's read of the server's version (before a row that declares `since`). */
export const isVersionRead = (request: { readonly path: string }): boolean =>
  request.path.endsWith("/api/v2/config/backend-version")

/**
 * A script for rows that declare `since`: the version read answers a current release (`v12.0.0`), and `script`
 * sees only the other requests, numbered from 0 among themselves, as it would without the read.
 */
export const withVersion = (script: (request: ScriptedRequest, index: number) => ScriptedReply) => {
  let rows = 0
  return (request: ScriptedRequest): ScriptedReply =>
    isVersionRead(request) ? { body: { backend_version: "v12.0.0" } } : script(request, rows++)
}
