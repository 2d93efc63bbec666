/**
 * @blockscout-effect/schema: Effect Schema codecs for every resource of Blockscout's explorer API v2.
 *
 * @since 0.1.0
 */
export * from "./Address.ts"
export * from "./Block.ts"
export * from "./Decode.ts"
export * from "./DecodedInput.ts"
export * from "./Endpoints.ts"
export * from "./ErrorBody.ts"
export * from "./InternalTransaction.ts"
export * from "./Log.ts"
export * from "./NftCollection.ts"
export * from "./Page.ts"
export * from "./Primitives.ts"
export * from "./Responses.ts"
export * from "./SmartContract.ts"
export * from "./Token.ts"
export * from "./TokenInstance.ts"
export * from "./TokenTransfer.ts"
export * from "./Transaction.ts"
export * from "./Withdrawal.ts"
