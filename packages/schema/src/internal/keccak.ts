/**
 * Keccak-256 (the pre-standard SHA-3 Ethereum uses), in plain TypeScript so that EIP-55 address checksums
 * (`AddressHelpers.ts`) need no dependency. Lanes are 64-bit, held as two 32-bit halves (BigInt would be
 * ~20x slower).
 *
 * @internal
 */

// Round constants of Keccak-f[1600], as [low, high] 32-bit halves.
const RC: ReadonlyArray<number> = [
  0x00000001, 0x00000000, 0x00008082, 0x00000000, 0x0000808a, 0x80000000, 0x80008000, 0x80000000, 0x0000808b,
  0x00000000, 0x80000001, 0x00000000, 0x80008081, 0x80000000, 0x00008009, 0x80000000, 0x0000008a, 0x00000000,
  0x00000088, 0x00000000, 0x80008009, 0x00000000, 0x8000000a, 0x00000000, 0x8000808b, 0x00000000, 0x0000008b,
  0x80000000, 0x00008089, 0x80000000, 0x00008003, 0x80000000, 0x00008002, 0x80000000, 0x00000080, 0x80000000,
  0x0000800a, 0x00000000, 0x8000000a, 0x80000000, 0x80008081, 0x80000000, 0x00008080, 0x80000000, 0x80000001,
  0x00000000, 0x80008008, 0x80000000
]

// ρ rotation offset of lane x + 5y.
const ROTATION: ReadonlyArray<number> = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14
]

// π: lane x + 5y moves to lane y + 5((2x + 3y) mod 5).
const PI: ReadonlyArray<number> = Array.from({ length: 25 }, (_, i) => {
  const x = i % 5
  const y = Math.floor(i / 5)
  return y + 5 * ((2 * x + 3 * y) % 5)
})

/** Keccak-f[1600] on 25 lanes stored as 50 uint32 words (lane i = words 2i low, 2i+1 high). */
const permute = (s: Uint32Array, b: Uint32Array, c: Uint32Array): void => {
  for (let round = 0; round < 24; round++) {
    // θ
    for (let x = 0; x < 5; x++) {
      c[2 * x] = s[2 * x]! ^ s[2 * x + 10]! ^ s[2 * x + 20]! ^ s[2 * x + 30]! ^ s[2 * x + 40]!
      c[2 * x + 1] = s[2 * x + 1]! ^ s[2 * x + 11]! ^ s[2 * x + 21]! ^ s[2 * x + 31]! ^ s[2 * x + 41]!
    }
    for (let x = 0; x < 5; x++) {
      const l = (x + 4) % 5
      const r = (x + 1) % 5
      const rl = c[2 * r]!
      const rh = c[2 * r + 1]!
      const dl = c[2 * l]! ^ ((rl << 1) | (rh >>> 31))
      const dh = c[2 * l + 1]! ^ ((rh << 1) | (rl >>> 31))
      for (let y = 0; y < 25; y += 5) {
        const i = 2 * (x + y)
        s[i] = s[i]! ^ dl
        s[i + 1] = s[i + 1]! ^ dh
      }
    }
    // ρ and π
    for (let i = 0; i < 25; i++) {
      const lo = s[2 * i]!
      const hi = s[2 * i + 1]!
      const n = ROTATION[i]!
      const j = PI[i]!
      if (n === 0) {
        b[2 * j] = lo
        b[2 * j + 1] = hi
      } else if (n < 32) {
        b[2 * j] = (lo << n) | (hi >>> (32 - n))
        b[2 * j + 1] = (hi << n) | (lo >>> (32 - n))
      } else if (n === 32) {
        b[2 * j] = hi
        b[2 * j + 1] = lo
      } else {
        const m = n - 32
        b[2 * j] = (hi << m) | (lo >>> (32 - m))
        b[2 * j + 1] = (lo << m) | (hi >>> (32 - m))
      }
    }
    // χ
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const i = 2 * (x + y)
        const i1 = 2 * (((x + 1) % 5) + y)
        const i2 = 2 * (((x + 2) % 5) + y)
        s[i] = b[i]! ^ (~b[i1]! & b[i2]!)
        s[i + 1] = b[i + 1]! ^ (~b[i1 + 1]! & b[i2 + 1]!)
      }
    }
    // ι
    s[0] = s[0]! ^ RC[2 * round]!
    s[1] = s[1]! ^ RC[2 * round + 1]!
  }
}

const RATE = 136 // bytes: 1600 - 2 * 256 bits

/**
 * The sponge with a 256-bit capacity: `domain` 0x01 is Keccak-256 (Ethereum), 0x06 is SHA3-256 (FIPS 202),
 * which lets a test check the permutation against Node's `sha3-256`.
 */
export const sponge256 = (input: Uint8Array, domain: number): Uint8Array => {
  const s = new Uint32Array(50)
  const b = new Uint32Array(50)
  const c = new Uint32Array(10)
  // Pad: domain bits after the message, 0x80 in the last byte of the final block.
  const blocks = Math.floor(input.length / RATE) + 1
  const padded = new Uint8Array(blocks * RATE)
  padded.set(input)
  padded[input.length] = domain
  padded[padded.length - 1] = padded[padded.length - 1]! | 0x80
  for (let offset = 0; offset < padded.length; offset += RATE) {
    for (let w = 0; w < RATE / 4; w++) {
      const p = offset + 4 * w
      s[w] = s[w]! ^ (padded[p]! | (padded[p + 1]! << 8) | (padded[p + 2]! << 16) | (padded[p + 3]! << 24))
    }
    permute(s, b, c)
  }
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = (s[i >> 2]! >>> (8 * (i & 3))) & 0xff
  return out
}

/** Keccak-256 of bytes (Ethereum's hash: `keccak256("")` is `c5d2…a470`). */
export const keccak256 = (input: Uint8Array): Uint8Array => sponge256(input, 0x01)

/** A string's UTF-8 bytes (written out: the module compiles without DOM or Node typings for TextEncoder). */
export const utf8 = (text: string): Uint8Array => {
  const out: Array<number> = []
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    if (cp < 0x80) out.push(cp)
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63))
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
  }
  return Uint8Array.from(out)
}

const hexDigits = "0123456789abcdef"

/** Keccak-256 of a string's UTF-8 bytes, as 64 lower-case hex digits. */
export const keccak256Hex = (text: string): string => {
  const digest = keccak256(utf8(text))
  let out = ""
  for (const byte of digest) out += hexDigits[byte >> 4]! + hexDigits[byte & 15]!
  return out
}
