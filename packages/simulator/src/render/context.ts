/**
 * What every resource's renderer shares (the base of `Renderer`): the chain, the server mode, timestamp
 * formatting and the caches of address and token objects (a few hundred). The resource modules take this, and
 * call each other's renderers directly, so none of them depends on the class that names them all.
 *
 * @internal
 */
import type { SimulatedChain } from "../SimulatedChain.ts"
import { hash } from "../internal/hash.ts"
import type { Json } from "../internal/query.ts"

/** Which server a response is shaped for: a per-instance server of release line 11 or 12, or the Pro API. */
export type ServerMode = "11" | "12" | "pro"

const iso = (millis: number, pro: boolean): string => {
  const s = new Date(millis).toISOString()
  return pro ? `${s.slice(0, -5)}Z` : `${s.slice(0, -1)}000Z`
}

/** The state of one server mode's rendering: its chain and mode, its caches, its timestamps. */
export class RenderContext {
  readonly chain: SimulatedChain
  readonly mode: ServerMode
  readonly pro: boolean
  /** Address objects by lower-case hash. */
  readonly addresses = new Map<string, Json>()
  /** Token objects by token index. */
  readonly tokens = new Map<number, Json>()
  /** Call data arguments by (template slot, position): the same arguments recur, which keeps hashing off the hot path. */
  readonly rawInputs = new Map<number, string>()
  private lastMillis = -1
  private lastTimestamp = ""

  constructor(chain: SimulatedChain, mode: ServerMode) {
    this.chain = chain
    this.mode = mode
    this.pro = mode === "pro"
  }

  /** A block time: `2024-01-01T00:00:12.000000Z` per instance, `2024-01-01T00:00:12Z` on the Pro API. */
  timestamp(millis: number): string {
    if (millis !== this.lastMillis) {
      this.lastTimestamp = iso(millis, this.pro)
      this.lastMillis = millis
    }
    return this.lastTimestamp
  }

  /**
   * A database time (`verified_at`, `inserted_at`), which unlike block times has sub-second digits: the
   * instance writes all six (`...:30.116055Z`), the Pro API none. `salt` picks the microseconds.
   */
  preciseTimestamp(millis: number, salt: number): string {
    if (this.pro) return iso(millis, true)
    const micros = String(hash(this.chain.seed, 0x7135, salt) % 1000).padStart(3, "0")
    return `${new Date(millis).toISOString().slice(0, -1)}${micros}Z`
  }
}
