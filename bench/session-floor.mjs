/**
 * The least a server can do to answer `GET /auth/session` correctly for an Auth.js session cookie it has seen
 * before: find the one cookie, look the token up among those that already decrypted (by its tag, then the whole
 * string), check its expiry against the clock, and write the session JSON. No callbacks, no revocation, no
 * routing, no cookie re-issue, no logging: what any library's session check must do at the least, written inline
 * for one configuration. `http-server.mjs` mounts it in each framework the way Gatehouse's integration is mounted,
 * so that `BENCH_HTTP=1` shows how close to its framework alone a session check can get at all.
 *
 * @module
 */
import { hkdfSync } from 'node:crypto'
import { jwtDecrypt } from 'jose'

const COOKIE = 'authjs.session-token'
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

/**
 * A function from a `Cookie` header to the session JSON (`'null'` for no or a bad session), answering synchronously
 * for a token seen before and with a promise the first time (the decryption).
 */
export function sessionFloor(secret) {
  // Derived on the first miss: a framework's build evaluates the module without the secret in its environment.
  let key
  const verified = new Map()
  const answer = (claims) =>
    claims.exp * 1000 > Date.now()
      ? JSON.stringify({
          user: { name: claims.name, email: claims.email, image: claims.picture },
          expires: new Date(Date.now() + MAX_AGE_MS).toISOString(),
        })
      : 'null'
  return (cookie) => {
    if (typeof cookie !== 'string') return 'null'
    const at = cookie.startsWith(`${COOKIE}=`) ? 0 : cookie.indexOf(`; ${COOKIE}=`) + 2
    if (at === 1) return 'null'
    const start = at + COOKIE.length + 1
    const end = cookie.indexOf(';', start)
    const token = end === -1 ? cookie.slice(start) : cookie.slice(start, end)
    const tag = token.slice(token.lastIndexOf('.') + 1)
    const hit = verified.get(tag)
    if (hit !== undefined && hit.token === token) return answer(hit.claims)
    key ??= new Uint8Array(
      hkdfSync('sha256', secret, COOKIE, `Auth.js Generated Encryption Key (${COOKIE})`, 64),
    )
    return jwtDecrypt(token, key, { clockTolerance: 15 }).then(
      ({ payload }) => {
        verified.set(tag, { token, claims: Object.freeze(payload) })
        return answer(payload)
      },
      () => 'null',
    )
  }
}
