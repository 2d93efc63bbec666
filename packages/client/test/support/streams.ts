/**
 * Running a stream the way the failure tests read it: to its end or its failure, keeping what it emitted
 * before it failed.
 */
import { Effect, Stream } from "effect"

/**
 * Runs `stream` until it fails: what it emitted, in order, and its error (a stream that ends without failing
 * is a defect: the test expected a failure).
 */
export const runToFailure = <A, E, R>(
  stream: Stream.Stream<A, E, R>
): Effect.Effect<{ readonly emitted: ReadonlyArray<A>; readonly error: E }, never, R> =>
  Effect.gen(function* () {
    const emitted: Array<A> = []
    const error = yield* stream.pipe(
      Stream.runForEach((a) => Effect.sync(() => emitted.push(a))),
      Effect.flip,
      Effect.mapError(() => new Error("the stream ended without failing")),
      Effect.orDie
    )
    return { emitted, error }
  })
