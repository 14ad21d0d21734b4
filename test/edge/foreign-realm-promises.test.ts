/**
 * Next.js runs Edge middleware in a `vm` context whose `crypto.subtle` is the host's, so the WebCrypto backend's
 * promises can come from another realm than the code that awaits them (`instanceof Promise` is then false). Each
 * pending value of the backend is handed over here as such a foreign promise: session tokens must still round-trip
 * and interoperate with the Node backend. Before the fix, a foreign promise was taken for the value itself, the
 * key id became `{}`, and no token could be read (found by `test/e2e/next-edge-middleware.test.ts`).
 */
import { runInNewContext } from 'node:vm'
import { describe, expect, test } from 'vitest'
import type { CryptoBackend } from '../../src/crypto/crypto-backend.js'
import { cryptoBackend as nodeBackend } from '../../src/crypto/node/node-crypto-backend.js'
import { cryptoBackend as webBackend } from '../../src/crypto/web/web-crypto-backend.js'
import { SessionJwe } from '../../src/crypto/session-jwe.js'

const ForeignPromise = runInNewContext('Promise') as PromiseConstructor

/** The WebCrypto backend with every pending result re-wrapped in a promise of another realm. */
function foreignRealmBackend(): CryptoBackend {
  const wrapped: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(webBackend)) {
    wrapped[name] =
      typeof member === 'function'
        ? (...args: unknown[]) => {
            const result: unknown = (member as (...a: unknown[]) => unknown).apply(webBackend, args)
            return result instanceof Promise
              ? new ForeignPromise((ok, fail) => void result.then(ok, fail))
              : result
          }
        : member
  }
  return wrapped as unknown as CryptoBackend
}

describe('session tokens when WebCrypto promises come from another realm', () => {
  const secret = 'foreign-realm-secret-0123456789-abcdefgh'
  const salt = 'authjs.session-token'

  test('the backend really hands over foreign promises (the premise of this suite)', () => {
    const pending = foreignRealmBackend().deriveEncryptionKey('A256CBC-HS512', secret, salt)
    expect(pending instanceof Promise).toBe(false)
    expect(typeof (pending as PromiseLike<unknown>).then).toBe('function')
  })

  test('a token encrypted there decrypts there, and with the Node backend, both ways', async () => {
    const foreign = new SessionJwe(secret, salt, foreignRealmBackend())
    const node = new SessionJwe(secret, salt, nodeBackend)
    const made = await foreign.encrypt({ sub: 'user-1', name: 'Ada' }, 3600)
    expect((await foreign.decrypt(made))?.payload).toMatchObject({ sub: 'user-1', name: 'Ada' })
    expect((await node.decrypt(made))?.payload.sub).toBe('user-1')
    const fromNode = await node.encrypt({ sub: 'user-2' }, 3600)
    const read = await foreign.decrypt(fromNode)
    expect(read?.payload.sub).toBe('user-2')
    expect(read?.current).toBe(true)
  })

  test('a tampered token is still refused there', async () => {
    const foreign = new SessionJwe(secret, salt, foreignRealmBackend())
    const made = await foreign.encrypt({ sub: 'user-1' }, 3600)
    expect(await foreign.decrypt(`${made.slice(0, -3)}AAA`)).toBeNull()
  })
})
