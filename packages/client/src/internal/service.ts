/**
 * The service itself: the table's methods over a client context, where it sends its requests, and the same
 * client on another chain (the same HTTP client and limiter registry, so the same key's limiter).
 *
 * @internal
 */
import { Effect } from "effect"
import type { HttpClient } from "effect/http"
import type { BlockscoutShape } from "../Blockscout.ts"
import { BlockscoutError, InvalidArgument } from "../BlockscoutError.ts"
import type { BlockscoutMethods } from "../BlockscoutMethods.ts"
import { endpoints } from "../endpoints.ts"
import type { BlockscoutOptions } from "../Options.ts"
import { fromCounters } from "../CountSources.ts"
import { toContext } from "./context.ts"
import { makeFollow } from "./follow/methods.ts"
import { estimateHistory } from "./history/estimate.ts"
import { makeHistory } from "./history/methods.ts"
import { makeMethods } from "./methods.ts"
import { makePaths } from "./path.ts"
import { announcedRate } from "./observed.ts"
import { estimateOf } from "./partition/estimate.ts"
import { type Checked, checkOptions } from "./options.ts"
import type { Registry } from "./limiter/registry.ts"
import { publicUrl } from "./redact.ts"

/** The service over checked options, an HTTP client and a limiter registry. */
export const build = (http: HttpClient.HttpClient, registry: Registry, checked: Checked): BlockscoutShape => {
  const { target, options } = checked
  const ctx = toContext(http, registry, target, options)
  const forChain = (chainId: number): Effect.Effect<BlockscoutShape, BlockscoutError<InvalidArgument>> =>
    target.family === "pro"
      ? Effect.map(
          Effect.fromResult(
            checkOptions({ ...options, family: "pro", chainId, baseUrl: target.baseUrl } as BlockscoutOptions)
          ),
          (next) => build(http, registry, next)
        )
      : Effect.fail(
          new BlockscoutError({
            reason: new InvalidArgument({
              endpoint: "",
              url: "",
              argument: "chainId",
              message: "forChain needs the Pro API: an explorer instance serves one chain"
            })
          })
        )
  const { page, pages, stream, get, ...methods } = makeMethods<BlockscoutMethods, typeof endpoints>(endpoints, ctx)
  // The by-name calls are `ByName<typeof endpoints>`: the same types, written with `EndpointItem` for hovers.
  const byName = { page, pages, stream, get } as Pick<BlockscoutShape, "page" | "pages" | "stream" | "get">
  const history = makeHistory({ page, pages, stream, get }, ctx.publicBase, {
    "blockscout.family": ctx.family,
    ...(ctx.chainId === undefined ? {} : { "blockscout.chain_id": ctx.chainId })
  })
  return {
    ...methods,
    ...history,
    ...makeFollow(
      endpoints,
      { ...byName, streamAddressHistory: history.streamAddressHistory },
      ctx.publicBase,
      target.chainId
    ),
    ...byName,
    ...makePaths(ctx),
    family: target.family,
    chainId: target.chainId,
    target: {
      family: target.family,
      baseUrl: publicUrl(target.baseUrl),
      chainId: target.chainId,
      apiUrl: ctx.publicBase
    },
    forChain,
    estimate: estimateOf(endpoints, ctx, () => fromCounters(byName)),
    estimateAddressHistory: estimateHistory(endpoints, ctx, () => fromCounters(byName)),
    budget: Effect.sync(() => ({
      requestsPerSecond: announcedRate(ctx.observed),
      creditsRemaining: ctx.observed.creditsRemaining,
      latencyMillis: ctx.observed.latencyMillis
    }))
  }
}
