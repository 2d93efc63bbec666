/**
 * The Pro family's other chains (`SimulatorOptions.otherChains`): one simulator per chain, built from the main
 * server's options with the chain's own, less what the main server keeps for all of them (keys, rate limit,
 * credits, latency are checked and counted once, by the main server, before a request reaches a chain).
 *
 * @internal
 */
import type { SimulatorOptions } from "../SimulatorOptions.ts"

/** The chains of `otherChains` by chain id, each made by `make`; a chain id listed twice (or the main one) throws. */
export const siblingsOf = <S>(options: SimulatorOptions, make: (options: SimulatorOptions) => S): Map<number, S> => {
  const out = new Map<number, S>()
  const main = options.chainId ?? 1
  for (const chain of options.otherChains ?? []) {
    if (chain.chainId === main || out.has(chain.chainId)) {
      throw new Error(`otherChains: chain ${chain.chainId} is served twice`)
    }
    out.set(
      chain.chainId,
      make({
        ...options,
        otherChains: undefined,
        rateLimit: undefined,
        credits: undefined,
        latency: undefined,
        faults: undefined,
        ...chain
      })
    )
  }
  return out
}
