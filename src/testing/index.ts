/**
 * `gatehouse/testing`: the adapter conformance suite, for authors of adapters. It needs no particular test
 * runner: pass `describe`, `it`, `beforeAll` and `afterAll` from yours.
 *
 * @module
 */
export {
  adapterConformance,
  type ConformanceDb,
  type ConformanceOptions,
  type TestRunner,
} from './adapter-conformance.js'
