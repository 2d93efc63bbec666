/**
 * C2 `GET /smart-contracts/{address}/audit-reports`: a verified contract's audit reports, every one on one page
 * (`next_page_params` null, as `render("audit_reports.json")` writes it): none, one or two per contract, from the
 * seed. 404 for an address that is not a verified contract (`validate_smart_contract`). No server version takes
 * `items_count` here: sending it is a 422, as OpenApiSpex answers an undeclared parameter.
 *
 * @internal
 */
import { notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

const auditors = ["Trail of Bits", "OpenZeppelin", "ChainSecurity", "Spearbit", "Cantina"]

export const smartContractAuditReports: RouteHandler = {
  // No version declares a page size here (11.2.7, 12.0 and the Pro API take only the address): 422 when sent.
  refusesItemsCount: ["11", "12", "pro"],
  handle: (ctx) => {
    const contract = ctx.chain.smartContracts.find((c) => c.address === ctx.params.address)
    if (contract === undefined) throw notFound()
    const count = ctx.chain.noise(contract.id, 0xa0d1) % 3
    const items = Array.from({ length: count }, (_, i) => {
      const company = auditors[(contract.id + i) % auditors.length]!
      const day = 1 + (ctx.chain.noise(contract.id, 0xa0d2, i) % 28)
      return {
        audit_company_name: company,
        audit_report_url: `https://audits.example.invalid/${company.toLowerCase().replace(/ /g, "-")}/${contract.name}.pdf`,
        audit_publish_date: `2024-${String(1 + i * 5).padStart(2, "0")}-${String(day).padStart(2, "0")}`
      }
    })
    return ok({ items, next_page_params: null })
  }
}
