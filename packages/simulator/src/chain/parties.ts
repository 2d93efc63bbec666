/**
 * Who a transaction involves, as data: its sender and its recipient (a user picked by offset, a router, a
 * token contract, or nobody for a creation). The renderer resolves a party at a block to an address; the
 * address-scoped lists read the same data backwards (which blocks put a given address in that place), so the
 * two can never disagree.
 *
 * @internal
 */
import type { TxTemplate } from "./templates.ts"

/** A party of a transaction: a user chosen by offset (`userAt(h, offset)`), a router, or a token contract. */
export type Party =
  | { readonly _tag: "User"; readonly offset: number }
  | { readonly _tag: "Router"; readonly router: number }
  | { readonly _tag: "Token"; readonly token: number }

/** The sender of a transaction template: always a user. */
export const senderOf = (tx: TxTemplate): Party => ({ _tag: "User", offset: tx.senderOffset })

/**
 * The recipient (`to`) of a transaction template: a coin transfer pays a user, a contract call calls its
 * router, a token transfer calls its first token (or, failed before any transfer, its router), and a creation
 * has none (its `created_contract` is new).
 */
export const recipientOf = (tx: TxTemplate): Party | null => {
  switch (tx.kind) {
    case "coin_transfer":
      return { _tag: "User", offset: tx.senderOffset + 1 + (tx.position % 60) }
    case "contract_call":
      return { _tag: "Router", router: tx.router }
    case "token_transfer":
      return tx.token >= 0 ? { _tag: "Token", token: tx.token } : { _tag: "Router", router: tx.router }
    case "contract_creation":
    case "token_creation":
      return null
  }
}

/** Whether a transaction template creates a contract (its `created_contract` is set once mined). */
export const createsContract = (tx: TxTemplate): boolean =>
  tx.kind === "contract_creation" || tx.kind === "token_creation"

/**
 * The coin value a transaction moves: a coin transfer's amount, and one contract call in three pays its router;
 * `amount(h, position, salt)` is the chain's deterministic amount.
 */
export const transactionValue = (
  tx: TxTemplate,
  key: number,
  salt: number,
  amount: (h: number, a: number, b: number) => bigint
): bigint =>
  tx.kind === "coin_transfer"
    ? amount(key, tx.position, 7 + salt)
    : tx.kind === "contract_call" && tx.position % 3 === 0
      ? amount(key, tx.position, 9)
      : 0n
