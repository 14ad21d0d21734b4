import { describe, expect, it } from 'vitest'
import { conformTokenResponse } from './conform-token-response.js'

const read = async (r: Response) => (await r.json()) as Record<string, unknown>

describe('conformTokenResponse', () => {
  it('adds a missing token_type and keeps the rest', async () => {
    const out = await conformTokenResponse(Response.json({ access_token: 'a', openid: 'o' }))
    expect(await read(out)).toEqual({ token_type: 'bearer', access_token: 'a', openid: 'o' })
  })

  it('unwraps a token set documented inside a data array', async () => {
    const out = await conformTokenResponse(Response.json({ data: [{ access_token: 'a', user_id: '1' }] }))
    expect(await read(out)).toEqual({ token_type: 'bearer', access_token: 'a', user_id: '1' })
  })

  it('passes a conforming response, an error response and a non-JSON body through untouched', async () => {
    const ok = Response.json({ access_token: 'a', token_type: 'Bearer' })
    expect(await conformTokenResponse(ok)).toBe(ok)
    const error = Response.json({ error: 'invalid_grant' }, { status: 400 })
    expect(await conformTokenResponse(error)).toBe(error)
    const html = new Response('<html>', { headers: { 'content-type': 'text/html' } })
    expect(await conformTokenResponse(html)).toBe(html)
    const list = Response.json([1, 2])
    expect(await conformTokenResponse(list)).toBe(list)
  })
})
