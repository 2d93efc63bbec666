/**
 * Block templates: what a block of the simulated chain holds (its transactions and their kinds, logs,
 * token transfer items, internal calls). The chain has {@link PERIOD} of them, chosen from the seed once;
 * block `h` uses template `h % PERIOD`, and everything else about it is a hash of `(seed, h, position)`.
 *
 * @internal
 */
import { contractCallMethods, type MethodKey, methods, transferMethods } from "./methods.ts"
import { PERIOD, ROUTERS, USERS } from "./constants.ts"
import type { TokenInfo, TokenType } from "./tokens.ts"

/**
 * A transaction kind, as Blockscout's `transaction_types` names it.
 *
 * @since 0.1.0
 * @category models
 */
export type TransactionKind =
  | "coin_transfer"
  | "contract_call"
  | "contract_creation"
  | "token_transfer"
  | "token_creation"

/**
 * A transaction of a block template.
 *
 * @since 0.1.0
 * @category models
 */
export interface TxTemplate {
  readonly position: number
  readonly kind: TransactionKind
  readonly types: ReadonlyArray<TransactionKind>
  readonly failed: boolean
  /** The method name the template calls (an NFT transaction calls `mint` instead when it mints). */
  readonly method: string | null
  /** The method's key in the methods table (selector and parameters). */
  readonly methodKey: MethodKey | null
  /** Router index for contract calls. */
  readonly router: number
  /** Token index for token transfers (the first transfer's token). */
  readonly token: number
  readonly logStart: number
  readonly logCount: number
  /** Indexes into the template's `logs`. */
  readonly transferLogs: ReadonlyArray<number>
  readonly internalCount: number
  readonly senderOffset: number
}

/**
 * A log of a block template: either a transfer log or a plain event.
 *
 * @since 0.1.0
 * @category models
 */
export interface LogTemplate {
  readonly index: number
  readonly txPosition: number
  /** Token index for a transfer log, -1 for a plain event. */
  readonly token: number
  /** Items in the log: 1, or more for an ERC-1155 batch. */
  readonly batchSize: number
  readonly fromOffset: number
  readonly toOffset: number
  /** Token id offset of the log's first item (items of a batch use consecutive offsets). */
  readonly idOffset: number
}

/**
 * One token transfer item of a block template (an ERC-1155 batch log has several).
 *
 * @since 0.1.0
 * @category models
 */
export interface TransferTemplate {
  readonly log: LogTemplate
  readonly logIndex: number
  /** Position within an ERC-1155 batch, null outside a batch. */
  readonly indexInBatch: number | null
  readonly txPosition: number
  readonly token: number
  readonly idOffset: number
}

/**
 * An internal transaction of a block template.
 *
 * @since 0.1.0
 * @category models
 */
export interface InternalTemplate {
  readonly txPosition: number
  readonly index: number
  readonly fromRouter: number
  /** The counterpart: a user offset (`toUser`) or another router (`toRouter`), or a contract creation. */
  readonly to:
    | { readonly _tag: "User"; readonly offset: number }
    | { readonly _tag: "Router"; readonly router: number }
    | {
        readonly _tag: "Create"
      }
  readonly failed: boolean
}

/**
 * A block template: what every block `h` with `h % period === slot` holds (`SimulatedChain.period`).
 *
 * @since 0.1.0
 * @category models
 */
export interface BlockTemplate {
  readonly slot: number
  /** Transactions by position (ascending). */
  readonly transactions: ReadonlyArray<TxTemplate>
  readonly logs: ReadonlyArray<LogTemplate>
  /** Token transfer items in Blockscout's listing order: log index descending, batch items ascending. */
  readonly transfers: ReadonlyArray<TransferTemplate>
  /** Internal transactions in listing order: transaction position descending, index descending. */
  readonly internals: ReadonlyArray<InternalTemplate>
}

const kindTypes = (kind: TransactionKind, hasTransfers: boolean): ReadonlyArray<TransactionKind> => {
  switch (kind) {
    case "coin_transfer":
      return ["coin_transfer"]
    case "contract_call":
      return hasTransfers ? ["token_transfer", "contract_call"] : ["contract_call"]
    case "contract_creation":
      return ["contract_creation"]
    case "token_creation":
      return ["token_creation", "contract_creation"]
    case "token_transfer":
      return ["token_transfer", "contract_call"]
  }
}

/**
 * Builds one block template from the construction PRNG: 3 to 13 transactions, or `size` when given (an
 * uneven chain's density, `chain/density.ts`; the draw is made either way, so the rest does not shift).
 */
export const makeTemplate = (
  slot: number,
  rand: () => number,
  tokens: ReadonlyArray<TokenInfo>,
  size?: number
): BlockTemplate => {
  const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(rand() * xs.length)]!
  const drawn = 3 + Math.floor(rand() * 11)
  const txCount = size ?? drawn
  const transactions: Array<TxTemplate> = []
  const logs: Array<LogTemplate> = []
  const internals: Array<InternalTemplate> = []
  const byType = (type: TokenType) => tokens.filter((t) => t.type === type)
  for (let position = 0; position < txCount; position++) {
    const r = rand()
    const kind: TransactionKind =
      r < 0.22
        ? "coin_transfer"
        : r < 0.5
          ? "contract_call"
          : r < 0.56
            ? "contract_creation"
            : r < 0.95
              ? "token_transfer"
              : "token_creation"
    const failed = rand() < 0.06
    const logStart = logs.length
    const transferLogs: Array<number> = []
    let token = -1
    let firstBatch = false
    if (kind === "token_transfer" && !failed) {
      const count = 1 + Math.floor(rand() * 3)
      for (let k = 0; k < count; k++) {
        const tr = rand()
        const type: TokenType = tr < 0.55 ? "ERC-20" : tr < 0.75 ? "ERC-721" : tr < 0.9 ? "ERC-1155" : "ERC-404"
        const t = pick(byType(type))
        const fromOffset = Math.floor(rand() * USERS)
        const batchSize = type === "ERC-1155" && rand() < 0.5 ? 2 + Math.floor(rand() * 5) : 1
        if (token < 0) {
          token = t.index
          firstBatch = batchSize > 1
        }
        transferLogs.push(logs.length)
        logs.push({
          index: logs.length,
          txPosition: position,
          token: t.index,
          batchSize,
          fromOffset,
          toOffset: (fromOffset + 1 + Math.floor(rand() * (USERS - 1))) % USERS,
          idOffset: Math.floor(rand() * 1000)
        })
      }
    }
    // Most calls emit an event or two; one call in a few templates emits many (a log list that spans pages).
    const events =
      kind === "contract_call" && !failed ? (rand() < 0.08 ? 55 + Math.floor(rand() * 70) : Math.floor(rand() * 3)) : 0
    for (let e = 0; e < events; e++) {
      logs.push({
        index: logs.length,
        txPosition: position,
        token: -1,
        batchSize: 1,
        fromOffset: 0,
        toOffset: 0,
        idOffset: 0
      })
    }
    const router = Math.floor(rand() * ROUTERS)
    const internalCount = kind === "contract_call" ? Math.floor(rand() * 4) : 0
    for (let i = 0; i < internalCount; i++) {
      const ir = rand()
      internals.push({
        txPosition: position,
        index: i + 1,
        fromRouter: router,
        to:
          ir < 0.6
            ? { _tag: "User", offset: Math.floor(rand() * USERS) }
            : ir < 0.92
              ? { _tag: "Router", router: (router + 1 + Math.floor(rand() * (ROUTERS - 1))) % ROUTERS }
              : { _tag: "Create" },
        failed: failed || rand() < 0.03
      })
    }
    // A token transfer calls a method of its first token's kind; a failed one (no logs) an ERC-20 transfer.
    // One draw whatever the kind, so the rest of the chain does not depend on the method tables.
    const roll = rand()
    const choices: ReadonlyArray<MethodKey> =
      kind === "contract_call"
        ? contractCallMethods
        : kind === "token_transfer"
          ? transferMethods(token >= 0 ? tokens[token]!.type : "ERC-20", firstBatch)
          : []
    const methodKey = choices.length === 0 ? null : choices[Math.floor(roll * choices.length)]!
    transactions.push({
      position,
      kind,
      types: kindTypes(kind, transferLogs.length > 0),
      failed,
      method: methodKey === null ? null : methods[methodKey].name,
      methodKey,
      router,
      token,
      logStart,
      logCount: logs.length - logStart,
      transferLogs,
      internalCount,
      senderOffset: Math.floor(rand() * USERS)
    })
  }
  const transfers: Array<TransferTemplate> = []
  for (let l = logs.length - 1; l >= 0; l--) {
    const log = logs[l]!
    if (log.token < 0) continue
    for (let b = 0; b < log.batchSize; b++) {
      transfers.push({
        log,
        logIndex: log.index,
        indexInBatch: log.batchSize > 1 ? b : null,
        txPosition: log.txPosition,
        token: log.token,
        idOffset: log.idOffset + b
      })
    }
  }
  internals.sort((a, b) => b.txPosition - a.txPosition || b.index - a.index)
  return { slot, transactions, logs, transfers, internals }
}

export { PERIOD }
