/**
 * A small chain model for the follow engine's tests: blocks with hashes and parent hashes, items that belong to
 * blocks, growth, reorganisations (the top blocks replaced, some of their items moved into the new blocks,
 * others dropped) and lagging answers (a replica that has not indexed the newest blocks yet). It answers the
 * engine's `ChainView` and `ItemReader`, and applies the next step of a script each time the engine asks for
 * the newest blocks, so a test's sequence of chain changes interleaves with the engine's rounds
 * deterministically.
 */
import { Effect, Stream } from "effect"
import type { BlockRef, ChainView, ItemReader } from "../../src/internal/follow/engine.ts"

export interface ModelItem {
  readonly id: string
  readonly block: number
  readonly blockHash: string
}

interface ModelBlock extends BlockRef {
  readonly items: ReadonlyArray<ModelItem>
}

/** One change of the chain, applied before a round reads it. */
export type Step =
  | { readonly _tag: "Grow"; readonly blocks: number; readonly items: ReadonlyArray<number> }
  | {
      readonly _tag: "Reorg"
      readonly depth: number
      readonly keep: ReadonlyArray<boolean>
      readonly items: ReadonlyArray<number>
    }
  | { readonly _tag: "Lag"; readonly behind: number }
  | { readonly _tag: "Idle" }
  /** The server loses a block (an indexer's gap: no list or lookup shows it) until `Fill`. */
  | { readonly _tag: "Hole"; readonly height: number }
  | { readonly _tag: "Fill" }

export class ChainModel {
  readonly chain: Array<ModelBlock> = []
  private serial = 0
  private lag = 0
  /** Heights the server does not show (an indexer's gap). */
  private readonly holes = new Set<number>()
  /** Rounds the engine has run (calls for the newest blocks). */
  rounds = 0
  /** Requests of each kind, for the cost assertions. */
  readonly calls = { newest: 0, at: 0, range: 0, items: 0 }

  readonly script: ReadonlyArray<Step>

  constructor(script: ReadonlyArray<Step>, genesis = 5) {
    this.script = script
    this.grow(genesis, [])
  }

  private newHash(n: number) {
    return `0x${n.toString(16)}h${(this.serial++).toString(16)}`
  }

  private makeBlock(n: number, count: number, carried: ReadonlyArray<ModelItem>): ModelBlock {
    const hash = this.newHash(n)
    const parent = n === 0 ? "0x0" : (this.chain[n - 1] as ModelBlock).hash
    const fresh = Array.from({ length: count }, () => `i${this.serial++}`)
    const items = [...carried.map((c) => c.id), ...fresh].map((id) => ({ id, block: n, blockHash: hash }))
    return { number: n, hash, parent, items }
  }

  grow(blocks: number, counts: ReadonlyArray<number>) {
    for (let i = 0; i < blocks; i++) {
      this.chain.push(this.makeBlock(this.chain.length, counts[i] ?? 1, []))
    }
  }

  /** Replaces the top `depth` blocks (and adds one more: the new branch is longer); `keep` moves items along. */
  reorg(depth: number, keep: ReadonlyArray<boolean>, counts: ReadonlyArray<number>) {
    const d = Math.min(depth, this.chain.length - 1)
    const replaced = this.chain.splice(this.chain.length - d, d)
    const moved = replaced.flatMap((b) => b.items).filter((_, i) => keep[i % Math.max(1, keep.length)] ?? false)
    for (let i = 0; i <= d; i++) {
      const carried = moved.filter((_, j) => j % (d + 1) === i)
      this.chain.push(this.makeBlock(this.chain.length, counts[i] ?? 1, carried))
    }
  }

  apply(step: Step) {
    this.lag = 0
    switch (step._tag) {
      case "Grow":
        return this.grow(step.blocks, step.items)
      case "Reorg":
        return this.reorg(step.depth, step.keep, step.items)
      case "Lag":
        this.lag = Math.min(step.behind, this.chain.length - 1)
        return
      case "Idle":
        return
      case "Hole":
        this.holes.add(step.height)
        return
      case "Fill":
        this.holes.clear()
        return
    }
  }

  /** The head the server answers with now (lower while lagging). */
  get served(): number {
    return this.chain.length - 1 - this.lag
  }

  get head(): number {
    return this.chain.length - 1
  }

  /** The canonical chain's items of blocks up to `top`, by identity. */
  canonical(top: number): Map<string, ModelItem> {
    const out = new Map<string, ModelItem>()
    for (const b of this.chain.slice(0, top + 1)) for (const item of b.items) out.set(item.id, item)
    return out
  }

  readonly view: ChainView = {
    newest: Effect.sync(() => {
      const step = this.script[this.rounds]
      this.rounds++
      if (step !== undefined) this.apply(step)
      else this.lag = 0
      this.calls.newest++
      const top = this.served
      return this.chain.slice(Math.max(0, top - 49), top + 1).filter((b) => !this.holes.has(b.number))
    }),
    at: (n) =>
      Effect.sync(() => {
        this.calls.at++
        return n <= this.served && !this.holes.has(n) ? this.chain[n] : undefined
      }),
    range: (from, to) =>
      Effect.sync(() => {
        this.calls.range++
        return this.chain.slice(from, Math.min(to, this.served) + 1).filter((b) => !this.holes.has(b.number))
      })
  }

  readonly reader: ItemReader<ModelItem> = {
    items: (from, to) =>
      Stream.suspend(() => {
        this.calls.items++
        const blocks = this.chain.slice(from, Math.min(to, this.served) + 1)
        // The list's order: newest block first, and within a block as the server lists them.
        return Stream.fromIterable(blocks.reverse().flatMap((b) => b.items))
      }),
    blockOf: (item) => item.block,
    identity: (item) => item.id
  }
}
