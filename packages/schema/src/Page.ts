/**
 * The page envelope of list endpoints and its cursor (SPEC.md 2.12).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { invalid, isRecord, registerFast } from "./internal/compile.ts"

/**
 * A `next_page_params` cursor: the keys to send back as query parameters, values kept exactly as sent.
 *
 * Gotcha: servers before 12.0 echo `apikey`/`key` into it; the client strips those before handing it out.
 */
export const NextPageParams = Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Finite]))
/** A decoded `next_page_params`. */
export type NextPageParams = typeof NextPageParams.Type

registerFast(NextPageParams, () => (u) => {
  if (!isRecord(u)) return invalid
  const out: Record<string, string | number> = {}
  for (const key of Object.keys(u)) {
    const value = u[key]
    if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) out[key] = value
    else return invalid
  }
  return out
})

/**
 * A page of items: `{ items, next_page_params }`; `next_page_params` is null on the last page.
 */
export const Page = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    items: Schema.Array(item),
    next_page_params: Schema.NullOr(NextPageParams)
  })
/** A decoded page of `A`. */
export interface Page<A> {
  readonly items: ReadonlyArray<A>
  readonly next_page_params: NextPageParams | null
}
