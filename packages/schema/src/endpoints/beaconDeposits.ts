/**
 * Beacon deposits (Ethereum's chain type, since 9.1.0: Pectra's EIP-6110 deposits read from the execution layer):
 * the chain's, an address's (as depositor), a block's and a transaction's, each highest index first, and their
 * count. Spread into the table by `Endpoints.ts`; paths from `api_router.ex` (`ethereum/deposit_controller.ex`
 * and the address, block and transaction controllers' `beacon_deposits`).
 *
 * @since 0.1.0
 */
import { BeaconDepositsCountResponse, BeaconDepositsResponse } from "../BeaconDeposit.ts"
import { itemRow, pageRow } from "../EndpointTable.ts"
import { addressParams, blockParams, hashParams } from "./shared.ts"

const ethereumOnly = "Ethereum's chain type only: other servers answer NotFound."

/**
 * The beacon deposit rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const beaconDepositRows = {
  beaconDeposits: pageRow({
    method: "BeaconDeposits",
    credits: 20,
    ids: "B1",
    since: "9.1.0",
    summary: "The chain's beacon deposits, highest index first",
    path: "/beacon/deposits",
    pathParams: [],
    filters: [],
    response: BeaconDepositsResponse,
    cursorKeys: ["index", "items_count"],
    gotcha: ethereumOnly
  }),
  addressBeaconDeposits: pageRow({
    method: "AddressBeaconDeposits",
    credits: 20,
    ids: "B2",
    since: "9.1.0",
    summary: "The beacon deposits an address made, highest index first",
    path: "/addresses/{address}/beacon/deposits",
    pathParams: addressParams,
    filters: [],
    response: BeaconDepositsResponse,
    cursorKeys: ["index", "items_count"],
    gotcha: `${ethereumOnly} An address that made none is an empty page.`
  }),
  blockBeaconDeposits: pageRow({
    method: "BlockBeaconDeposits",
    credits: 20,
    ids: "B3",
    since: "9.1.0",
    summary: "The beacon deposits made in one block, highest index first",
    path: "/blocks/{numberOrHash}/beacon/deposits",
    pathParams: blockParams,
    filters: [],
    response: BeaconDepositsResponse,
    cursorKeys: ["index", "items_count"],
    gotcha: `${ethereumOnly} An unknown block is NotFound.`
  }),
  transactionBeaconDeposits: pageRow({
    method: "TransactionBeaconDeposits",
    credits: 20,
    ids: "B4",
    since: "9.1.0",
    summary: "The beacon deposits one transaction made, highest index first",
    path: "/transactions/{hash}/beacon/deposits",
    pathParams: hashParams,
    filters: [],
    response: BeaconDepositsResponse,
    cursorKeys: ["index", "items_count"],
    gotcha: `${ethereumOnly} An unknown transaction is NotFound.`
  }),
  beaconDepositsCount: itemRow({
    method: "BeaconDepositsCount",
    credits: 20,
    ids: "B5",
    since: "9.1.0",
    summary: "How many beacon deposits the chain has had (the newest index plus one)",
    path: "/beacon/deposits/count",
    pathParams: [],
    filters: [],
    response: BeaconDepositsCountResponse,
    cursorKeys: [],
    gotcha: ethereumOnly
  })
} as const
