/**
 * The chain's address book: what each known address is (a user, a miner, a router, a token, another
 * contract) and what its address object shows (name, ENS name, contract and verification flags).
 *
 * @internal
 */
import type { SmartContractInfo } from "./contracts.ts"
import type { TokenInfo } from "./tokens.ts"

/**
 * What an address of the chain is.
 *
 * @since 0.1.0
 * @category models
 */
export type AddressKind = "user" | "miner" | "router" | "token" | "contract"

/**
 * An address the chain knows, with what the address object shows about it.
 *
 * @since 0.1.0
 * @category models
 */
export interface AddressInfo {
  readonly hash: string
  readonly kind: AddressKind
  readonly index: number
  readonly name: string | null
  readonly isContract: boolean
  readonly isVerified: boolean
  readonly ens: string | null
}

/** Builds the book, keyed by lower-case address. */
export const makeAddressBook = (pools: {
  readonly users: ReadonlyArray<string>
  readonly miners: ReadonlyArray<string>
  readonly routers: ReadonlyArray<string>
  readonly tokens: ReadonlyArray<TokenInfo>
  readonly contracts: ReadonlyArray<SmartContractInfo>
}): Map<string, AddressInfo> => {
  const book = new Map<string, AddressInfo>()
  const put = (info: AddressInfo): void => void book.set(info.hash, info)
  for (const [index, hash] of pools.users.entries()) {
    const ens = index % 4 === 0 ? `user${index}.eth` : null
    put({ hash, kind: "user", index, name: null, isContract: false, isVerified: false, ens })
  }
  for (const [index, hash] of pools.miners.entries()) {
    put({ hash, kind: "miner", index, name: `Validator ${index + 1}`, isContract: false, isVerified: false, ens: null })
  }
  for (const c of pools.contracts) {
    const token = pools.tokens.find((t) => t.address === c.address)
    const router = pools.routers.indexOf(c.address)
    put({
      hash: c.address,
      kind: token ? "token" : router >= 0 ? "router" : "contract",
      index: token ? token.index : router >= 0 ? router : c.id,
      name: c.name,
      isContract: true,
      isVerified: true,
      ens: null
    })
  }
  return book
}
