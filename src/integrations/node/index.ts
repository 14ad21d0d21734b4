/**
 * `gatehouse-auth/node`: glue for a plain `node:http` server.
 *
 * @module
 */
export { toNodeHandler, type NodeHandlerOptions, type WebHandler } from './to-node-handler.js'
export { toWebRequest, type ToWebRequestOptions } from './to-web-request.js'
export { writeWebResponse } from './write-web-response.js'
