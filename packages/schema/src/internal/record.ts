/**
 * A record of string keys (`{ [key: string]: V }`) with a fast decoder: the compiler does not handle index
 * signatures, so maps the API sends (an advanced filter's resolved `methods` and `tokens`) register their own.
 */
import { Schema } from "effect"
import { invalid, isRecord, registerFast } from "./compile.ts"

/**
 * `Schema.Record(Schema.String, value)` with a fast path: each own key's value decoded by `value`'s fast decoder.
 * An own `__proto__` key is left to Effect's decoder, as for cursors.
 */
export const StringRecord = <S extends Schema.Top>(value: S) => {
  const schema = Schema.Record(Schema.String, value)
  registerFast(schema, (compile) => {
    const item = compile(value.ast)
    if (item === undefined) return undefined
    return (u) => {
      if (!isRecord(u)) return invalid
      const out: Record<string, unknown> = {}
      for (const key of Object.keys(u)) {
        if (key === "__proto__") return invalid
        const v = item(u[key])
        if (v === invalid) return invalid
        out[key] = v
      }
      return out
    }
  })
  return schema
}
