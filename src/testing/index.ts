/**
 * `gatehouse-auth/testing`: the adapter conformance suite, for authors of adapters. It needs no particular test
 * runner: pass `describe`, `it`, `beforeAll`, `afterAll` and a `skip` from yours.
 *
 * @module
 */
export {
  adapterConformance,
  capabilityMethods,
  type AdapterCapability,
  type ConformanceDb,
  type ConformanceOptions,
  type TestRunner,
} from './adapter-conformance.js'
