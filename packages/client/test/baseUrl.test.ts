import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as BaseUrl from "../src/BaseUrl.ts"

const ok = (input: string, options?: BaseUrl.ParseOptions) => {
  const r = BaseUrl.parse(input, options)
  assert.isTrue(Result.isSuccess(r), input)
  return (r as Result.Success<BaseUrl.BaseUrl, never>).success
}

const refused = (input: string) => {
  const r = BaseUrl.parse(input)
  assert.isTrue(Result.isFailure(r), input)
  return (r as Result.Failure<never, BaseUrl.InvalidBaseUrl>).failure
}

describe("BaseUrl.parse", () => {
  it("accepts a base URL with or without /api/v2 and trailing slashes, as users paste it", () => {
    for (const input of [
      "https://eth.blockscout.com",
      "https://eth.blockscout.com/",
      "https://eth.blockscout.com/api/v2",
      "https://eth.blockscout.com/api/v2/",
      "  https://eth.blockscout.com/api/v2//  ",
      "HTTPS://ETH.Blockscout.com/api/v2"
    ]) {
      assert.deepStrictEqual(ok(input), { href: "https://eth.blockscout.com" }, input)
    }
  })

  it("keeps a port and a path prefix, and an http loopback", () => {
    assert.deepStrictEqual(ok("http://127.0.0.1:8555/api/v2/"), { href: "http://127.0.0.1:8555" })
    assert.deepStrictEqual(ok("https://example.org/explorer/api/v2"), { href: "https://example.org/explorer" })
    assert.deepStrictEqual(ok("http://[::1]:4000/"), { href: "http://[::1]:4000" })
  })

  it("reads the chain id of a pasted Pro API URL for the Pro family only", () => {
    assert.deepStrictEqual(ok("https://api.blockscout.com/8453/api/v2/", { family: "pro" }), {
      href: "https://api.blockscout.com",
      chainId: 8453
    })
    assert.deepStrictEqual(ok("https://api.blockscout.com/", { family: "pro" }), { href: "https://api.blockscout.com" })
    assert.deepStrictEqual(ok("https://example.org/1/api/v2"), { href: "https://example.org/1" })
  })

  it("refuses a query, a fragment, credentials, another scheme, or no scheme, naming the problem", () => {
    const cases: ReadonlyArray<readonly [string, BaseUrl.BaseUrlProblem, RegExp]> = [
      ["https://host/?x=1", "Query", /query/],
      ["https://host/api/v2?", "Query", /query/],
      ["https://host/#frag", "Fragment", /fragment/],
      ["https://user:pass@host/", "Credentials", /credentials/],
      ["https://token@host/", "Credentials", /credentials/],
      ["ftp://host", "Scheme", /not http or https/],
      ["file:///etc/passwd", "Scheme", /not http or https/],
      ["eth.blockscout.com", "NotAUrl", /not an absolute URL/],
      ["", "NotAUrl", /not an absolute URL/]
    ]
    for (const [input, problem, message] of cases) {
      const error = refused(input)
      assert.strictEqual(error._tag, "InvalidBaseUrl")
      assert.strictEqual(error.problem, problem, input)
      assert.match(error.message, message, input)
      assert.match(error.message, /expected http\(s\):\/\/host/, input)
    }
  })

  it("never repeats credentials or unparsable text in its message", () => {
    assert.notInclude(refused("https://alice:s3cret-key@host/?q").message, "s3cret-key")
    assert.notInclude(refused("https://alice:s3cret-key@host/").message, "alice")
    assert.notInclude(refused("not a url s3cret-key").message, "s3cret-key")
  })
})
