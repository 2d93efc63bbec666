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
