/**
 * `gatehouse/node`: glue for a plain `node:http` server.
 *
 * @module
 */
export { toWebRequest, type ToWebRequestOptions } from './to-web-request.js'
export { writeWebResponse } from './write-web-response.js'
