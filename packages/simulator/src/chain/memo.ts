/**
 * Values computed once per chain and key, on first use, and kept for the chain's life (a chain is immutable):
 * an address's coin history, a token's holders.
 *
 * @internal
 */
import type { SimulatedChain } from "../SimulatedChain.ts"

/** `compute`, memoized per chain (weakly: a dropped chain drops its values) and key. */
export const perChain = <K, V>(compute: (chain: SimulatedChain, key: K) => V) => {
  const cache = new WeakMap<SimulatedChain, Map<K, V>>()
  return (chain: SimulatedChain, key: K): V => {
    let values = cache.get(chain)
    if (values === undefined) {
      values = new Map()
      cache.set(chain, values)
    }
    if (!values.has(key)) values.set(key, compute(chain, key))
    return values.get(key) as V
  }
}
