/**
 * `@blockscout-effect/client/testing`: `layerTest` (the `Blockscout` service over an in-process simulated
 * Blockscout, in one layer) and its `Simulator` service, plus everything of `@blockscout-effect/simulator`,
 * re-exported so that imports written before the simulator got its own package keep working.
 *
 * The simulator itself lives in `@blockscout-effect/simulator` (an optional peer dependency of the
 * client: install it beside the client to use this entry point); the client's tarball does not carry it.
 *
 * @since 0.1.0
 */
export * from "@blockscout-effect/simulator"
export { layerTest, Simulator, type TestClientOptions, type TestLayerOptions } from "./Simulator.ts"
