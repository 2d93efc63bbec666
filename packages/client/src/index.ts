import { hello } from "@blockscout-effect/schema"
export const y: string = hello
