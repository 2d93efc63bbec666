/**
 * Waiting helpers for tests that hold a `TestClock` still while a real loopback exchange happens.
 */
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { RateLimits, makeRegistry } from "../../src/internal/rateLimit.ts"
import type { ScriptedServer } from "./ScriptedServer.ts"

/** Real-time pause, to let the loopback exchange happen while the test clock stands still. */
export const settle = (ms = 25) => TestClock.withLive(Effect.sleep(`${ms} millis`))

/** Waits (in real time) until the server has seen `n` requests, then a little more. */
export const waitForRequests = (server: ScriptedServer, n: number) =>
  Effect.gen(function* () {
    while (server.requests.length < n) yield* settle(5)
    yield* settle()
  })

/** Runs an effect with a rate-limit registry of its own (no budget learnt by another test). */
export const isolatedLimits = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provideService(effect, RateLimits, makeRegistry())
