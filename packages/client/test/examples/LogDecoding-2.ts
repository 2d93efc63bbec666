import { decodeLogs } from "@blockscout-effect/client"

const abi = [{ type: "event", name: "Ping", inputs: [{ name: "n", type: "uint256", indexed: true }] }] as const
const [first] = decodeLogs(
  [
    {
      topics: ["0x48257dc961b6f792c2b78a080dacfed693b660960a702de21cee364e20270e2f", `0x${"0".repeat(63)}7`],
      data: "0x"
    }
  ],
  abi
)
export const n: bigint | undefined = first?._tag === "Decoded" ? first.args.n : undefined
