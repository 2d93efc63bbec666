/**
 * Partitioned streams as the service hands them out: every item, or every page with the progress after it,
 * of a row whose history splits into key ranges (`plan.ts`), fetched by the engine (`engine.ts`).
 *
 * @internal
 */
import { Result, Stream } from "effect"
import type * as Errors from "../../BlockscoutError.ts"
import type { PartitionOptions } from "../../Partition.ts"
import type { PageWithCursor } from "../../Parameters.ts"
import type { Prepared } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import { makeBudget } from "../pagination/budget.ts"
import { type Emission, run } from "./engine.ts"
import { plan } from "./plan.ts"

/** How a partitioned stream was asked for. */
export interface PartitionRequest {
  readonly ctx: ClientContext
  readonly prepared: Prepared
  readonly spanName: string
  readonly partition: PartitionOptions | true
  readonly creditBudget: number | undefined
}

const partitioned = <A, Out>(
  request: PartitionRequest,
  withProgress: boolean,
  emit: (emission: Emission<A>) => ReadonlyArray<Out>
): Stream.Stream<Out, Errors.BlockscoutError> => {
  const planned = plan<A>(request.prepared, request.partition)
  if (Result.isFailure(planned)) return Stream.fail(planned.failure)
  return run<A, Out>(
    {
      ctx: request.ctx,
      prepared: request.prepared,
      spanName: request.spanName,
      ...planned.success,
      budget: makeBudget(request.ctx, request.prepared, request.creditBudget),
      withProgress
    },
    emit
  )
}

/**
 * Every item of the span: in chain order, exactly the sequential stream's items and order restricted to the
 * span; in arrival order, each page's items in order, pages as they come.
 */
export const partitionedItems = <A>(request: PartitionRequest): Stream.Stream<A, Errors.BlockscoutError> =>
  partitioned<A, A>(request, false, (emission) => emission.page.items)

/**
 * Every page of the span holding items, each with the cursor it was fetched with, the server's next cursor
 * and the whole stream's progress once it is out (pages whose items all fell outside their range are not
 * emitted; the progress of the next page covers them).
 */
export const partitionedPages = <A>(
  request: PartitionRequest
): Stream.Stream<PageWithCursor<A>, Errors.BlockscoutError> =>
  partitioned<A, PageWithCursor<A>>(request, true, ({ page, progress }) =>
    page.items.length === 0
      ? []
      : [
          {
            items: page.items,
            next_page_params: page.next,
            cursor: page.cursor,
            progress,
            ...(page.meta === undefined ? {} : { meta: page.meta })
          }
        ]
  )
