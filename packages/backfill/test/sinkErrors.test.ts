/**
 * A sink's failure keeps the driver's words (PostgreSQL's own message is on the SQL reason's cause, the wrapper
 * only says "Query failed") and is retryable exactly where the SQL reason says so.
 */
import { assert, describe, it } from "@effect/vitest"
import { SqlError } from "effect/sql"
import { fromSink } from "../src/BackfillError.ts"

describe("sink failures", () => {
  it("keep the driver's message after the wrapper's", () => {
    const e = new SqlError.SqlError({
      reason: new SqlError.UniqueViolation({
        cause: new Error('duplicate key value violates unique constraint "pg_type_typname_nsp_index"'),
        message: "PgConnection: Query failed",
        constraint: "pg_type_typname_nsp_index"
      })
    })
    const failure = fromSink(e)
    assert.strictEqual(failure.reason, "Sink")
    assert.include(failure.message, "Query failed")
    assert.include(failure.message, "pg_type_typname_nsp_index")
    assert.isFalse(failure.retryable)
  })

  it("are retryable where the SQL reason is (a deadlock, a lost connection), and not otherwise", () => {
    const deadlock = new SqlError.SqlError({
      reason: new SqlError.DeadlockError({ cause: new Error("deadlock detected") })
    })
    const lost = new SqlError.SqlError({ reason: new SqlError.ConnectionError({ cause: new Error("ECONNRESET") }) })
    assert.isTrue(fromSink(deadlock).retryable)
    assert.isTrue(fromSink(lost).retryable)
    assert.isFalse(fromSink(new Error("EACCES: permission denied")).retryable)
    assert.strictEqual(fromSink(new Error("EACCES: permission denied")).message, "EACCES: permission denied")
  })
})
