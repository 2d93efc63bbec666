/**
 * The matcher behind `LogDecoding.ts`: an ABI's events made ready once (selector, topic count, canonical
 * signature; malformed items skipped), then each log matched by its first topic and topic count (an anonymous
 * event by its topic count alone) and decoded with ox's `AbiEvent.decode`, every failure caught into a result.
 * Untyped here: the public module gives the results the ABI's types.
 *
 * @internal
 */
import * as AbiEvent from "ox/AbiEvent"

/** What one log gave, untyped. */
export type Matched =
  | {
      readonly _tag: "Decoded"
      readonly log: unknown
      readonly eventName: string
      readonly args: unknown
      readonly signature: string
    }
  | { readonly _tag: "NoMatchingEvent"; readonly log: unknown; readonly selector: string | undefined }
  | {
      readonly _tag: "DecodeFailed"
      readonly log: unknown
      readonly eventName: string
      readonly signature: string
      readonly message: string
    }

/** An ABI event ready to match: its selector (lowercase hex; none when anonymous) and topic count. */
interface Candidate {
  readonly event: AbiEvent.AbiEvent
  readonly selector: string | undefined
  readonly topics: number
  readonly signature: string
}

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> => typeof u === "object" && u !== null

/** Whether an ABI item has the shape of an event (what a hand-edited or server-sent ABI may lack). */
const isEvent = (item: unknown): item is AbiEvent.AbiEvent =>
  isRecord(item) &&
  item.type === "event" &&
  typeof item.name === "string" &&
  Array.isArray(item.inputs) &&
  (item.inputs as ReadonlyArray<unknown>).every((input) => isRecord(input) && typeof input.type === "string")

/** The events of an ABI as candidates; an event whose signature cannot be made (a malformed type) is skipped. */
const candidatesOf = (abi: ReadonlyArray<unknown>): ReadonlyArray<Candidate> => {
  const out: Array<Candidate> = []
  for (const item of abi) {
    if (!isEvent(item)) continue
    try {
      const indexed = item.inputs.filter((input) => "indexed" in input && input.indexed === true).length
      const signature = AbiEvent.format(item).replace(/^event /, "")
      const anonymous = item.anonymous === true
      out.push({
        event: item,
        selector: anonymous ? undefined : AbiEvent.getSelector(item).toLowerCase(),
        topics: anonymous ? indexed : indexed + 1,
        signature: canonical(item, signature)
      })
    } catch {
      // An event the library cannot even format: no log can be decoded with it.
    }
  }
  return out
}

/** `Name(type1,type2)`: the signature the selector hashes, without names or `indexed`. */
const canonical = (event: AbiEvent.AbiEvent, fallback: string): string => {
  const types = (inputs: ReadonlyArray<unknown>): string =>
    inputs
      .map((input) => {
        const p = input as { readonly type: string; readonly components?: ReadonlyArray<unknown> }
        return p.type.startsWith("tuple") && p.components !== undefined
          ? `(${types(p.components)})${p.type.slice(5)}`
          : p.type
      })
      .join(",")
  try {
    return `${event.name}(${types(event.inputs)})`
  } catch {
    return fallback
  }
}

const hexPattern = /^0x(?:[0-9a-fA-F]{2})*$/

/** The log's topics without Blockscout's `null` padding (a `null` before a value is kept, and fails to decode). */
const topicsOf = (log: { readonly topics: ReadonlyArray<unknown> }): ReadonlyArray<unknown> => {
  let end = log.topics.length
  while (end > 0 && log.topics[end - 1] === null) end--
  return log.topics.slice(0, end)
}

const messageOf = (error: unknown): string => {
  const text =
    error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
  const line = text.split("\n")[0] ?? ""
  return line.length > 200 ? `${line.slice(0, 197)}...` : line
}

const topicPattern = /^0x[0-9a-fA-F]{64}$/

/** The matcher of an ABI (anything but an array has no events): one result per log, never a thrown error. */
export const matcherOf = (abi: unknown): ((log: unknown) => Matched) => {
  const candidates = candidatesOf(Array.isArray(abi) ? abi : [])
  return (log) => {
    const topics = isRecord(log) && Array.isArray(log.topics) ? topicsOf(log as { topics: ReadonlyArray<unknown> }) : []
    const first = topics[0]
    const selector = typeof first === "string" ? first.toLowerCase() : undefined
    const matching = candidates.filter(
      (c) => c.topics === topics.length && (c.selector === undefined || c.selector === selector)
    )
    // Named events before anonymous ones: a selector match is evidence, a topic count alone is not.
    matching.sort((a, b) => (a.selector === undefined ? 1 : 0) - (b.selector === undefined ? 1 : 0))
    if (matching.length === 0) return { _tag: "NoMatchingEvent", log, selector }
    const data = isRecord(log) ? log.data : undefined
    let failed: Matched | undefined
    for (const candidate of matching) {
      try {
        if (typeof data !== "string" || !hexPattern.test(data)) throw new Error("the data is not hex")
        const hex: Array<`0x${string}`> = []
        for (const topic of topics) {
          if (typeof topic !== "string" || !topicPattern.test(topic)) throw new Error("a topic is not 32 bytes of hex")
          hex.push(topic.toLowerCase() as `0x${string}`)
        }
        const args = AbiEvent.decode(candidate.event, { topics: hex, data: data as `0x${string}` })
        return { _tag: "Decoded", log, eventName: candidate.event.name, args, signature: candidate.signature }
      } catch (error) {
        failed ??= {
          _tag: "DecodeFailed",
          log,
          eventName: candidate.event.name,
          signature: candidate.signature,
          message: messageOf(error)
        }
      }
    }
    return failed!
  }
}
