import { inspect } from 'node:util'
import * as o from 'oauth4webapi'
import { describe, expect, it } from 'vitest'
import { callbackError } from './callback-error.js'

const as: o.AuthorizationServer = { issuer: 'https://idp.example' }
const client: o.Client = { client_id: 'c' }

describe('callbackError', () => {
  it('keeps the tokens of a refused token response out of the logged error and its causes', async () => {
    // An OIDC token response without an ID token: oauth4webapi throws with the whole body as its `cause`.
    const response = Response.json({
      access_token: 'SECRET-ACCESS-TOKEN',
      refresh_token: 'SECRET-REFRESH-TOKEN',
      token_type: 'bearer',
    })
    const thrown = await o
      .processAuthorizationCodeResponse(as, client, response, { requireIdToken: true })
      .catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(o.OperationProcessingError)
    const error = callbackError('token', thrown)
    expect(error.reason).toBe('token_invalid')
    const logged = inspect(error, { depth: Infinity }) + JSON.stringify(error.cause ?? {})
    expect(logged).not.toMatch(/SECRET-/)
    expect(logged).toMatch(/id_token/)
  })

  it("keeps an attacker's error_description to one bounded, printable line", () => {
    const params = new URLSearchParams({
      error: 'access_denied\n[gatehouse][error] forged',
      error_description: `denied\r\n[gatehouse][info] admin signed in${'x'.repeat(500)}`,
    })
    const thrown = (() => {
      try {
        o.validateAuthResponse(as, client, params, o.skipStateCheck)
      } catch (e) {
        return e
      }
    })()
    // The premise: oauth4webapi refused the response; without a throw this case would test nothing.
    expect(thrown).toBeInstanceOf(Error)
    const error = callbackError('authorization_response', thrown)
    expect(error.message).not.toMatch(/[\r\n]/)
    expect(error.message.length).toBeLessThan(300)
    expect(error.reason).not.toMatch(/[\r\n]/)
  })
})
