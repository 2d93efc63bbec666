/**
 * The run-time side of `BlockscoutError.catchReason` / `catchReasons`: handle the failures whose reason has
 * one of the given tags, pass every other failure through. Their types, which remove the handled reasons
 * from the error channel, are on `BlockscoutErrorConstructor`.
 *
 * @internal
 */
import { Effect } from "effect"
import { dual } from "effect/Function"
import type { BlockscoutError, BlockscoutErrorReason } from "../BlockscoutError.ts"
import { isBlockscoutErrorReason } from "../BlockscoutErrorReason.ts"

/** A `BlockscoutError` of this package (told by its reason, so this module needs nothing else of the error's). */
const isBlockscoutError = (u: unknown): u is BlockscoutError =>
  typeof u === "object" &&
  u !== null &&
  (u as { readonly _tag?: unknown })._tag === "BlockscoutError" &&
  isBlockscoutErrorReason((u as { readonly reason?: unknown }).reason)

/** Handles the failures whose reason has tag `tag`. */
export const catchReason = dual(
  3,
  <A, E, R, A2, E2, R2>(
    self: Effect.Effect<A, E, R>,
    tag: string,
    f: (reason: BlockscoutErrorReason, error: BlockscoutError) => Effect.Effect<A2, E2, R2>
  ) =>
    Effect.catchIf(
      self,
      (error): error is E & BlockscoutError => isBlockscoutError(error) && error.reason._tag === tag,
      (error) => f(error.reason, error)
    )
)

/** Handles the failures whose reason has a tag among `cases`' keys, each with its own function. */
export const catchReasons = dual(
  2,
  <A, E, R>(
    self: Effect.Effect<A, E, R>,
    cases: Readonly<Record<string, (reason: BlockscoutErrorReason, error: BlockscoutError) => Effect.Effect<unknown>>>
  ) =>
    Effect.catchIf(
      self,
      (error): error is E & BlockscoutError =>
        isBlockscoutError(error) && Object.hasOwn(cases, error.reason._tag) && cases[error.reason._tag] !== undefined,
      (error) =>
        (cases[error.reason._tag] as (r: BlockscoutErrorReason, e: BlockscoutError) => Effect.Effect<unknown>)(
          error.reason,
          error
        )
    )
)
