/**
 * `@blockscout-effect/client/testing/node`: the simulated Blockscout on a loopback port (`serve`),
 * re-exported from `@blockscout-effect/simulator/node`, where it lives now. Needs the optional peer
 * dependencies `@blockscout-effect/simulator` and `@effect/platform-node`.
 *
 * @since 0.1.0
 */
export {
  type ScriptedServer,
  type ScriptedServerOptions,
  type ServeOptions,
  type SimulatedServer,
  scriptedServer,
  serve
} from "@blockscout-effect/simulator/node"
