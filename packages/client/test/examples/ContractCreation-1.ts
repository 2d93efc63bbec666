import { contractCreation } from "@blockscout-effect/client"
import { Effect, Option } from "effect"

export const createdAt = (address: string) =>
  contractCreation(address).pipe(Effect.map(Option.map((c) => ({ block: c.block?.height, creator: c.creator }))))
