/**
 * The endpoints table, re-exported from `@blockscout-effect/schema` where it lives beside the schemas it
 * names (the simulated Blockscout derives its routes from it too, and must not depend on the client).
 *
 * @since 0.1.0
 */
export {
  type Endpoint,
  type EndpointItem,
  type EndpointName,
  endpoints,
  type Family,
  type Filter,
  type FilterKind,
  type PathParam,
  type PathParamKind
} from "@blockscout-effect/schema"
