import { describe, expect, it } from "@effect/vitest"
import { createHash } from "node:crypto"
import {
  checksumAddress,
  equalsAddress,
  isAddress,
  isChecksumAddress,
  normalizeAddress
} from "../src/AddressHelpers.ts"
import { keccak256Hex, sponge256 } from "../src/internal/keccak.ts"

describe("keccak-256", () => {
  it("matches known digests", () => {
    expect(keccak256Hex("")).toBe("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
    expect(keccak256Hex("abc")).toBe("4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45")
    expect(keccak256Hex("The quick brown fox jumps over the lazy dog")).toBe(
      "4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15"
    )
    // The ERC-20 Transfer event topic: keccak256 of the event signature.
    expect(keccak256Hex("Transfer(address,address,uint256)")).toBe(
      "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
    )
  })

  it("the same permutation with SHA-3 padding equals Node's sha3-256 across block boundaries", () => {
    for (const length of [0, 1, 55, 135, 136, 137, 271, 272, 273, 1000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + 17) & 255)
      const ours = Buffer.from(sponge256(bytes, 0x06)).toString("hex")
      expect(ours, `length ${length}`).toBe(createHash("sha3-256").update(bytes).digest("hex"))
    }
  })
})

describe("EIP-55 checksums", () => {
  // The examples in EIP-55 itself: all caps, all lower, and mixed.
  const examples = [
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
    "0xde709f2102306220921060314715629080e2fb77",
    "0x27b1fdb04752bbc536007a920d24acb045561c26",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"
  ]
  it("turns EIP-55's example addresses, from any case, into their checksum form", () => {
    for (const address of examples) {
      expect(checksumAddress(address.toLowerCase())).toBe(address)
      expect(checksumAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(address)
    }
  })
})

describe("address helpers", () => {
  const mixed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
  const lower = mixed.toLowerCase()

  it("isAddress accepts 0x and 40 hex digits in any case, and nothing else", () => {
    for (const ok of [mixed, lower, `0x${mixed.slice(2).toUpperCase()}`]) expect(isAddress(ok)).toBe(true)
    for (const bad of [
      "",
      "0x",
      mixed.slice(0, 41),
      `${mixed}0`,
      `0X${mixed.slice(2)}`,
      `0x${"g".repeat(40)}`,
      ` ${mixed}`,
      `0x${"ab".repeat(32)}`,
      42,
      null,
      undefined
    ]) {
      expect(isAddress(bad), JSON.stringify(bad)).toBe(false)
    }
  })

  it("normalizeAddress gives the lower-case form and refuses what is not an address", () => {
    expect(normalizeAddress(mixed)).toBe(lower)
    expect(normalizeAddress(`0x${mixed.slice(2).toUpperCase()}`)).toBe(lower)
    expect(() => normalizeAddress("0x1234")).toThrow(/Expected an address \(0x and 40 hex digits\), got "0x1234"/)
    expect(() => checksumAddress("vitalik.eth")).toThrow(TypeError)
  })

  it("equalsAddress compares without case; a non-address equals nothing, not even itself", () => {
    expect(equalsAddress(mixed, lower)).toBe(true)
    expect(equalsAddress(lower, `0x${lower.slice(2).toUpperCase()}`)).toBe(true)
    expect(equalsAddress(lower, `0x${"0".repeat(40)}`)).toBe(false)
    expect(equalsAddress("0xzz", "0xzz")).toBe(false)
    expect(equalsAddress("", "")).toBe(false)
  })

  it("isChecksumAddress accepts the exact EIP-55 form only", () => {
    expect(isChecksumAddress(mixed)).toBe(true)
    expect(isChecksumAddress(lower)).toBe(false)
    // One letter's case flipped breaks the checksum.
    expect(isChecksumAddress(`0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed`)).toBe(false)
    expect(isChecksumAddress("not an address")).toBe(false)
  })

  it("checksumAddress gives the same answer when the memo answers", () => {
    const first = checksumAddress(lower)
    expect(checksumAddress(lower)).toBe(first)
    expect(first).toBe(mixed)
  })
})
