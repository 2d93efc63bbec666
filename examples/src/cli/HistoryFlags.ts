/**
 * The flags of `blockscout address-history` beyond the common ones, and the common ones a history reads its
 * own way: `--kinds` (what to merge), and the block span and partition (`--from-block`, `--to-block`,
 * `--parts`, `--concurrency`), checked into the client's history options or a `UsageError` naming the flag.
 */
import type { HistoryKind } from "@blockscout-effect/client"
import { Effect, Option } from "effect"
import { Flag } from "effect/cli"
import { type CommonInput, listOf, usage } from "./Flags.ts"

const kindNames: Record<HistoryKind, string> = {
  transaction: "transaction",
  tokenTransfer: "token-transfer",
  internalTransaction: "internal-transaction"
}

/** The history's own flags (beside the common ones). */
export const historyFlags = {
  kinds: Flag.String("kinds").pipe(
    Flag.withDescription(
      "what to merge, comma-separated: transaction, token-transfer, internal-transaction (default all)"
    ),
    Flag.optional
  )
}

/** The kinds `--kinds` names, checked; `undefined` when not given (every kind). */
export const kindsOf = (text: Option.Option<string>) =>
  Effect.gen(function* () {
    if (Option.isNone(text)) return undefined
    const out: Array<HistoryKind> = []
    for (const name of listOf(text.value)) {
      const kind = (Object.keys(kindNames) as Array<HistoryKind>).find((k) => kindNames[k] === name)
      if (kind === undefined) {
        return yield* usage(`--kinds: ${JSON.stringify(name)} is not one of ${Object.values(kindNames).join(", ")}`)
      }
      if (out.includes(kind)) return yield* usage(`--kinds: ${name} is listed twice`)
      out.push(kind)
    }
    if (out.length === 0) return yield* usage("--kinds: name at least one kind")
    return out
  })

/**
 * The blocks and the partition the common flags ask of a history: `--from-block`/`--to-block` bound it,
 * `--parts`/`--concurrency` run it partitioned (`--concurrency auto` leaves the history's default: every part
 * at once). A history is keyed by block: `--from-index`/`--to-index` are refused, and so is a block span with
 * `--chains` (block numbers differ per chain).
 */
export const spanOf = (input: CommonInput, chains: boolean) =>
  Effect.gen(function* () {
    const get = Option.getOrUndefined
    const fromBlock = get(input.fromBlock)
    const toBlock = get(input.toBlock)
    const parts = get(input.parts)
    const concurrency = get(input.concurrency)
    for (const [flag, value] of [
      ["from-index", get(input.fromIndex)],
      ["to-index", get(input.toIndex)]
    ] as const) {
      if (value !== undefined) yield* usage(`--${flag}: a history is keyed by block: use --from-block/--to-block`)
    }
    if (fromBlock !== undefined && fromBlock < 0) yield* usage(`--from-block ${fromBlock}: must be 0 or more`)
    if (toBlock !== undefined && toBlock < (fromBlock ?? 0)) {
      yield* usage(`--to-block ${toBlock}: must be at least --from-block (${fromBlock ?? 0})`)
    }
    if (chains && (fromBlock !== undefined || toBlock !== undefined)) {
      yield* usage(
        "--chains runs each chain's whole history: block numbers differ per chain, drop --from-block/--to-block"
      )
    }
    if (parts !== undefined && !(parts >= 1 && parts <= 1024)) yield* usage(`--parts ${parts}: must be from 1 to 1024`)
    const workers = concurrency === undefined || concurrency === "auto" ? undefined : Number(concurrency)
    if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 64)) {
      yield* usage(`--concurrency ${concurrency}: must be auto or from 1 to 64 (block ranges merged at once)`)
    }
    const partitioned = parts !== undefined || concurrency !== undefined
    return {
      ...(fromBlock === undefined ? {} : { fromBlock }),
      ...(toBlock === undefined ? {} : { toBlock }),
      ...(partitioned ? { partition: { parts, concurrency: workers } } : {})
    }
  })
