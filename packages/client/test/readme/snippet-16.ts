import { Blockscout, type FollowCheckpoint } from "@blockscout-effect/client"
import { Effect, Stream } from "effect"

// An address's token transfers as they happen, 2 blocks deep, from where the last run's final data ends.
export const watch = (address: string, checkpoint?: FollowCheckpoint) =>
  Blockscout.use((bs) =>
    bs.followAddressTokenTransfers(address, { type: ["ERC-20"] }, { confirmations: 2, from: checkpoint }).pipe(
      Stream.runForEach((event) => {
        switch (event._tag) {
          case "Added":
            return Effect.log(`+ ${event.item.transaction_hash} in block ${event.block.number}`)
          case "Retracted":
            return Effect.log(`- ${event.item.transaction_hash}: block ${event.block.hash} lost consensus`)
          case "Finalized":
            return Effect.log(`final up to ${event.block.number}`) // store event.checkpoint here
        }
      })
    )
  )
