/**
 * The registry of per-key limiters: what every layer of a process (or of one test) shares. It holds each
 * key's state (what its server announced, the gate, the requests in flight) and the `RateLimiter` that
 * spaces admissions: in memory by default, or over any `RateLimiterStore` (Redis, to share one key's
 * spacing across processes). The public layers are in `RateLimits.ts`.
 *
 * Keys are fingerprints (`key:<fnv>` per API key, `ip:<fnv>` per keyless instance), never the key itself:
 * they name entries in a shared store.
 *
 * @internal
 */
import { Context, Effect, Latch, Semaphore } from "effect"
import { RateLimiter } from "effect/persistence"
import { type KeyState, makeKeyState } from "./keyState.ts"

/** Where limiter state lives. */
export interface Registry {
  /** Spaces admissions; shared across processes when its store is. */
  readonly store: RateLimiter.RateLimiter
  /** Spaces admissions in this process alone while `store` fails (a Redis outage must not stop the work). */
  readonly local: RateLimiter.RateLimiter
  /** While the store fails: when to try it again (epoch ms; 0 = it answers). A warning is logged per outage. */
  storeRetryAt: number
  readonly keys: Map<string, KeyState>
}

const memoryLimiter = (): RateLimiter.RateLimiter =>
  Effect.runSync(RateLimiter.make.pipe(Effect.provide(RateLimiter.layerStoreMemory)))

/** A registry over `store`, or over a fresh in-memory store. */
export const makeRegistry = (store?: RateLimiter.RateLimiter): Registry => {
  const local = memoryLimiter()
  return { store: store ?? local, local, storeRetryAt: 0, keys: new Map() }
}

/**
 * The registry layers use. Its default is created once and cached on the reference, so every layer in the
 * process shares it; `RateLimits.layerMemory` (a fresh one) isolates.
 */
export const RateLimitRegistry = Context.Reference<Registry>("@blockscout-effect/client/RateLimits", {
  defaultValue: () => makeRegistry()
})

/** The state of `key` in `registry`, made on first use. */
export const keyState = (registry: Registry, key: string): KeyState => {
  let state = registry.keys.get(key)
  if (state === undefined) {
    state = makeKeyState(Semaphore.makeUnsafe(1), Latch.makeUnsafe(false))
    registry.keys.set(key, state)
  }
  return state
}

/** FNV-1a (64-bit) of a string, hex: a limiter key that does not reveal the API key. */
export const fingerprint = (text: string): string => {
  let hash = 0xcbf29ce484222325n
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i))
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn
  }
  return hash.toString(16).padStart(16, "0")
}
