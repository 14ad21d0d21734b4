import { partsToResponse, responseParts, type ResponseParts } from '../../answer/index.js'
import type { ResponseInternal } from '../../types.js'
import { delegateAll } from './delegate-all.js'

const parts = Symbol('gatehouse.responseParts')
const realResponse = Symbol('gatehouse.realResponse')

interface LazyResponseState {
  [parts]: ResponseParts
  [realResponse]: Response | undefined
}

function materialResponse(state: LazyResponseState): Response {
  return (state[realResponse] ??= partsToResponse(state[parts]))
}

// `status` and `ok` are the fast reads; every other member builds the real `Response` (its body stream and headers).
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Object.create is typed `any`
const responsePrototype: object = Object.create(Response.prototype, {
  status: {
    get(this: LazyResponseState) {
      return this[realResponse] ? this[realResponse].status : this[parts].status
    },
  },
  ok: {
    get(this: LazyResponseState) {
      const status = this[realResponse] ? this[realResponse].status : this[parts].status
      return status >= 200 && status <= 299
    },
  },
})
delegateAll(
  responsePrototype,
  Response.prototype,
  (self) => materialResponse(self as LazyResponseState),
  new Response(null),
)

/**
 * The `Response` of an internal result, as `toResponse` makes it, built only when something other than `status` or
 * `ok` is read: `writeWebResponse` writes an untouched one straight from its parts ({@link untouchedParts}), so an
 * answer that goes from a handler back to `node:http` costs no body stream and no `Headers`.
 */
export function lazyResponse(result: ResponseInternal): Response {
  const response = Object.create(responsePrototype) as LazyResponseState
  response[parts] = responseParts(result)
  response[realResponse] = undefined
  return response as unknown as Response
}

/** The parts of a lazy `Response` nothing has built yet (so nothing can have changed it), else `undefined`. */
export function untouchedParts(response: Response): ResponseParts | undefined {
  const state = response as unknown as Partial<LazyResponseState>
  return state[realResponse] === undefined ? state[parts] : undefined
}
