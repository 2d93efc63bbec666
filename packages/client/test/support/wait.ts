/**
 * Waiting helpers for tests that hold a `TestClock` still while a real loopback exchange happens.
 */
import { assert } from "@effect/vitest"
import { type Duration, Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { RateLimitRegistry, makeRegistry } from "../../src/internal/limiter/registry.ts"
import type { ScriptedServer } from "./ScriptedServer.ts"

/** Real-time pause, to let the loopback exchange happen while the test clock stands still. */
export const settle = (ms = 25) => TestClock.withLive(Effect.sleep(`${ms} millis`))

/** Waits (in real time) until the server has seen `n` requests, then a little more. */
export const waitForRequests = (server: ScriptedServer, n: number) =>
  Effect.gen(function* () {
    while (server.requests.length < n) yield* settle(5)
    yield* settle()
  })

/**
 * Asserts that the client holds back its next request for exactly `millis` of virtual time: once the server
 * has seen `sent` requests, moving the clock to one millisecond short of `millis` sends nothing more; the
 * last millisecond is then given, so the caller can join the fiber and check what followed.
 */
export const assertHeldFor = (server: ScriptedServer, sent: number, millis: number, message?: string) =>
  Effect.gen(function* () {
    yield* waitForRequests(server, sent)
    yield* TestClock.adjust(`${millis - 1} millis`)
    yield* settle()
    assert.strictEqual(server.requests.length, sent, message ?? `nothing more sent before ${millis} ms`)
    yield* TestClock.adjust("1 millis")
  })

/** Runs an effect with a rate-limit registry of its own (no budget learnt by another test). */
export const isolatedLimits = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provideService(effect, RateLimitRegistry, makeRegistry())

/** Lets real macrotasks run (the client yields to the event loop after forking a prefetch). */
const macrotask = Effect.callback<void>((resume) => {
  setImmediate(() => resume(Effect.void))
})

/**
 * Runs `effect` to its end under `TestClock`, moving virtual time forward by `step` while it waits: for
 * in-process runs whose timeouts, backoffs, pacing and server windows are all virtual time.
 */
export const driven = <A, E>(effect: Effect.Effect<A, E>, step: Duration.Input = "20 millis") =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    for (let i = 0; i < 200_000 && fiber.pollUnsafe() === undefined; i++) {
      yield* macrotask
      yield* TestClock.adjust(step)
    }
    return yield* Fiber.join(fiber)
  })
