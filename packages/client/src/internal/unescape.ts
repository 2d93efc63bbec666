/**
 * Unescaping with a map back to the source: the forms a text takes on the wire and in a server's echo
 * (percent-encoding in any case, `+` for a space, JSON string escapes, HTML character references), decoded in
 * one linear pass that remembers where each decoded character came from. `redact.ts` looks for secrets in
 * these decoded views and replaces the source span each match covers, so a secret is found however it was
 * escaped, and the text shown keeps its own form everywhere else.
 *
 * Linear in the text's length, with no regular expression: every escape is at most a dozen characters long,
 * and each position is decoded once.
 *
 * @internal
 */

/** A decoded text and, for each of its UTF-16 units (and one past the end), the source offset it starts at. */
export interface View {
  readonly text: string
  /**
   * `starts[i]` is where unit `i` starts in the source; `starts[text.length]` is the source's length.
   * `undefined` for the source itself (unit `i` is at `i`).
   */
  readonly starts: ArrayLike<number> | undefined
}

/** The text as it is. */
export const identity = (text: string): View => ({ text, starts: undefined })

/** Source span `[from, to)` of view units `[i, j)`. */
export const sourceSpan = (view: View, i: number, j: number): readonly [number, number] =>
  view.starts === undefined ? [i, j] : [view.starts[i]!, view.starts[j]!]

/** `outer` is a view of `inner`'s text: the same view, mapped to `inner`'s source. */
export const compose = (outer: View, inner: View): View => {
  const innerStarts = inner.starts
  const outerStarts = outer.starts
  if (innerStarts === undefined) return outer
  if (outerStarts === undefined) return { text: outer.text, starts: innerStarts }
  const starts = new Int32Array(outer.text.length + 1)
  for (let i = 0; i <= outer.text.length; i++) starts[i] = innerStarts[outerStarts[i]!]!
  return { text: outer.text, starts }
}

const hexValue = (code: number): number =>
  code >= 48 && code <= 57
    ? code - 48
    : code >= 65 && code <= 70
      ? code - 55
      : code >= 97 && code <= 102
        ? code - 87
        : -1

/** The byte of `%XX` at `i` (either case), or -1. */
const percentByte = (text: string, i: number): number => {
  if (text.charCodeAt(i) !== 37 || i + 2 >= text.length) return -1
  const hi = hexValue(text.charCodeAt(i + 1))
  const lo = hexValue(text.charCodeAt(i + 2))
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo
}

/** A run of `%XX` bytes forming one UTF-8 character at `i`: its code point and source length, or undefined. */
const percentChar = (text: string, i: number): readonly [number, number] | undefined => {
  const lead = percentByte(text, i)
  if (lead < 0) return undefined
  if (lead < 0x80) return [lead, 3]
  const extra = lead >= 0xf0 && lead < 0xf8 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : -1
  if (extra < 0) return undefined
  let code = lead & (0x3f >> extra)
  for (let k = 1; k <= extra; k++) {
    const byte = percentByte(text, i + 3 * k)
    if (byte < 0x80 || byte >= 0xc0) return undefined
    code = (code << 6) | (byte & 0x3f)
  }
  return code > 0x10ffff ? undefined : [code, 3 * (extra + 1)]
}

/** Up to `max` hex digits at `i`: the value and how many digits, or undefined when there are none. */
const hexRun = (text: string, i: number, max: number): readonly [number, number] | undefined => {
  let value = 0
  let n = 0
  while (n < max && i + n < text.length) {
    const digit = hexValue(text.charCodeAt(i + n))
    if (digit < 0) break
    value = value * 16 + digit
    n++
  }
  return n === 0 ? undefined : [value, n]
}

const decimalRun = (text: string, i: number, max: number): readonly [number, number] | undefined => {
  let value = 0
  let n = 0
  while (n < max && i + n < text.length) {
    const code = text.charCodeAt(i + n)
    if (code < 48 || code > 57) break
    value = value * 10 + code - 48
    n++
  }
  return n === 0 ? undefined : [value, n]
}

const jsonEscapes: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t"
}

const namedEntities: ReadonlyArray<readonly [string, string]> = [
  ["&amp;", "&"],
  ["&lt;", "<"],
  ["&gt;", ">"],
  ["&quot;", '"'],
  ["&apos;", "'"],
  ["&nbsp;", " "],
  ["&sol;", "/"],
  ["&plus;", "+"],
  ["&equals;", "="]
]

/** A JSON escape at `i` (`\/`, `\"`, `\u0026`): the text it stands for and its source length. */
const jsonEscape = (text: string, i: number): readonly [string, number] | undefined => {
  const next = text[i + 1]
  if (next === undefined) return undefined
  if (next === "u" || next === "U") {
    const hex = hexRun(text, i + 2, 4)
    return hex === undefined || hex[1] !== 4 ? undefined : [String.fromCharCode(hex[0]), 6]
  }
  const plain = jsonEscapes[next]
  return plain === undefined ? undefined : [plain, 2]
}

/** An HTML character reference at `i` (`&amp;`, `&#38;`, `&#x26;`): the text it stands for and its length. */
const htmlEntity = (text: string, i: number): readonly [string, number] | undefined => {
  if (text.charCodeAt(i + 1) === 35) {
    const isHex = text[i + 2] === "x" || text[i + 2] === "X"
    const at = i + (isHex ? 3 : 2)
    const run = isHex ? hexRun(text, at, 8) : decimalRun(text, at, 9)
    if (run === undefined || run[0] > 0x10ffff) return undefined
    const end = at + run[1]
    const length = end - i + (text.charCodeAt(end) === 59 ? 1 : 0)
    return [String.fromCodePoint(run[0]), length]
  }
  for (const [name, value] of namedEntities) {
    if (text.startsWith(name, i) || text.slice(i, i + name.length).toLowerCase() === name) {
      return [value, name.length]
    }
  }
  return undefined
}

/**
 * One decoding pass: `%XX` runs (UTF-8, either hex case), `+` as a space when `plus`, JSON escapes and HTML
 * character references, each decoded where it starts; anything else is kept. Linear in `text`'s length.
 */
export const decode = (text: string, plus: boolean): View => {
  // The decoded text is never longer than the source: one offset array of the source's length serves.
  const starts = new Int32Array(text.length + 1)
  const pieces: Array<string> = []
  let length = 0
  let copied = 0
  let i = 0
  /** Keeps the literal run before `i`, then `decoded` for the `size` source characters at `i`. */
  const take = (decoded: string, size: number) => {
    for (let k = copied; k < i; k++) starts[length++] = k
    if (i > copied) pieces.push(text.slice(copied, i))
    for (let k = 0; k < decoded.length; k++) starts[length++] = i
    pieces.push(decoded)
    i += size
    copied = i
  }
  while (i < text.length) {
    const code = text.charCodeAt(i)
    const found =
      code === 37
        ? percentChar(text, i)
        : code === 43 && plus
          ? ([32, 1] as const)
          : code === 92
            ? jsonEscape(text, i)
            : code === 38
              ? htmlEntity(text, i)
              : undefined
    if (found === undefined) i++
    else take(typeof found[0] === "number" ? String.fromCodePoint(found[0]) : found[0], found[1])
  }
  for (let k = copied; k < text.length; k++) starts[length++] = k
  if (text.length > copied) pieces.push(text.slice(copied))
  starts[length] = text.length
  return { text: pieces.join(""), starts: starts.subarray(0, length + 1) }
}

/** Whether a text holds anything `decode` would change: most texts do not, and need no decoded view. */
export const hasEscapes = (text: string): boolean =>
  text.includes("%") || text.includes("+") || text.includes("\\") || text.includes("&")
