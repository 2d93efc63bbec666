/**
 * The endpoints table, re-exported from `@blockscout-effect/schema` where it lives beside the schemas it
 * names (the simulated Blockscout derives its routes from it too, and must not depend on the client).
 *
 * @since 0.1.0
 */
export {
  type ArrayEndpoint,
  arrayRow,
  type Endpoint,
  type EndpointItem,
  type EndpointName,
  type EndpointRow,
  type EndpointShape,
  type EndpointTable,
  blockRange,
  endpoints,
  endpointTable,
  type Family,
  type Filter,
  type FilterKind,
  type ItemEndpoint,
  indexRange,
  itemRow,
  type KeyRange,
  type MethodKind,
  type PageEndpoint,
  type PathParam,
  type PathParamKind,
  pageRow,
  type RowItem
} from "@blockscout-effect/schema"
