/**
 * The contract rows beside E8 (the verified contracts list): one contract's code and verification, and its
 * audit reports. Spread into the table by `Endpoints.ts`; parameters are the backend's own
 * (`smart_contract_controller.ex`, `smart_contracts_api_v2_router.ex`, the 11.2.7 / 12.0 / Pro specs).
 *
 * @since 0.1.0
 */
import { itemRow, pageRow } from "../EndpointTable.ts"
import { AuditReportsResponse, SmartContractDetailsResponse } from "../SmartContractDetails.ts"
import { addressParams } from "./shared.ts"

/**
 * The contract rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const contractRows = {
  smartContract: itemRow({
    method: "SmartContract",
    credits: 20,
    ids: "C1",
    summary: "A contract's code and verification: ABI, sources, compiler settings, proxy type and implementations",
    path: "/smart-contracts/{address}",
    pathParams: addressParams,
    filters: [],
    response: SmartContractDetailsResponse,
    cursorKeys: [],
    gotcha:
      "A contract nobody verified is answered with its bytecode, creation status and proxy facts only (no abi or " +
      "sources; a verified twin's code when one matches); an address without code is NotFound."
  }),
  smartContractAuditReports: pageRow({
    method: "SmartContractAuditReports",
    since: "6.1.0",
    credits: 20,
    ids: "C2",
    summary: "A verified contract's audit reports (company, report URL, publish date)",
    path: "/smart-contracts/{address}/audit-reports",
    pathParams: addressParams,
    filters: [],
    response: AuditReportsResponse,
    // The server sends every report on one page (`next_page_params` is always null).
    cursorKeys: [],
    gotcha: "One page holds every report. An address that is not a verified contract is NotFound."
  })
} as const
