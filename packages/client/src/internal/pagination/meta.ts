/**
 * A page's `meta`: the completeness status 12.x servers and the Pro API put on internal-transaction lists
 * (`{ status: 1 | 2, message }`, the schema package's `PageMeta`). It stays on the page the client hands out,
 * and a page that says its list is not complete yet (any status but `PageMetaStatus.complete`) is reported as
 * an `IncompleteList` event with the blocks its items span (the range the server checked).
 *
 * @internal
 */
import { type PageMeta, PageMetaStatus } from "@blockscout-effect/schema"
import { Effect } from "effect"
import type { IncompleteListEvent } from "../../Options.ts"
import { type ClientContext, emit } from "../context.ts"

/** Newest and oldest `block_number` of a page's items; undefined when none carries one. */
export const blockSpan = (
  items: ReadonlyArray<unknown>
): { readonly from: number; readonly to: number } | undefined => {
  let lo = Number.POSITIVE_INFINITY
  let hi = Number.NEGATIVE_INFINITY
  for (const item of items) {
    const block =
      typeof item === "object" && item !== null ? (item as { block_number?: unknown }).block_number : undefined
    if (typeof block === "number") {
      if (block < lo) lo = block
      if (block > hi) hi = block
    }
  }
  return hi < lo ? undefined : { from: hi, to: lo }
}

/** Whether a page's `meta` says its list may still miss items. */
export const isIncomplete = (meta: PageMeta | undefined): meta is PageMeta =>
  meta !== undefined && meta.status !== PageMetaStatus.complete

/** Reports a page whose `meta` says its list is not complete yet; nothing for any other page. */
export const reportMeta = (
  ctx: ClientContext,
  endpoint: string,
  url: () => string,
  page: { readonly items: ReadonlyArray<unknown>; readonly meta?: PageMeta | undefined }
): Effect.Effect<void> => {
  if (!isIncomplete(page.meta) || ctx.onEvent === undefined) return Effect.void
  const blocks = blockSpan(page.items)
  const event: IncompleteListEvent = {
    _tag: "IncompleteList",
    endpoint,
    url: url(),
    status: page.meta.status,
    message: page.meta.message,
    ...(blocks === undefined ? {} : { blocks })
  }
  return emit(ctx, event)
}
