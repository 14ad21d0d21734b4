/**
 * The session token codec: compact JWE with `alg: dir`, `enc: A256CBC-HS512`, wire-compatible with Auth.js v5
 * (tokens of either decrypt with the other) and built for the session hot path: keys are derived and imported once
 * per instance, the usual header is recognised by a string lookup instead of being decoded and parsed, and the
 * crypto goes through `#crypto`: synchronous on `node:crypto` (every method then returns its value, not a promise),
 * asynchronous on WebCrypto.
 *
 * @module
 */
import { cryptoBackend } from '#crypto'
import { aadLength } from './crypto-backend.js'
import type {
  A256CbcHs512Key,
  A256CbcHs512Result,
  A256GcmKey,
  CryptoBackend,
  MaybePromise,
} from './crypto-backend.js'
import { isPending, maybeThen } from './maybe-then.js'
import type { JWT } from '../types.js'
import { VerifiedTokenCache } from './verified-token-cache.js'

/** Seconds of clock skew allowed on `exp` and `nbf`, as Auth.js passes to jose's `jwtDecrypt`. */
const CLOCK_TOLERANCE = 15

/**
 * Longer tokens are rejected before any crypto. A cookie-borne token is bounded by the request header limit (16 KiB
 * in Node) anyway; the cap keeps a Bearer header from making us MAC megabytes.
 */
const MAX_TOKEN_LENGTH = 64 * 1024

/** The result of {@link SessionJwe.decrypt}. */
export interface DecryptedSessionToken {
  /** The claims. */
  payload: JWT
  /** The decrypted JSON text; compare it to tell whether a re-issued token would change anything. */
  plaintext: string
  /** The `iat` claim, when the token has one. */
  iat?: number
  /**
   * Whether the first (current) secret decrypted it with the encryption we write. `false` means an older secret of
   * a rotation (or A256GCM): re-issue it, so a retired (perhaps leaked) secret stops protecting live sessions
   * without waiting for `updateAge`.
   */
  current: boolean
}

interface CbcKey {
  readonly kid: string
  readonly key: A256CbcHs512Key
  /** The base64url protected header this key writes, which is also the AAD. */
  readonly header: string
  readonly aad: Uint8Array
  readonly al: Uint8Array
}

interface GcmKey {
  readonly kid: string
  readonly key: A256GcmKey
}

interface Keys {
  readonly primary: CbcKey
  readonly cbc: readonly CbcKey[]
  readonly gcm: readonly GcmKey[]
  readonly byHeader: ReadonlyMap<string, CbcKey>
}

/** Options of {@link SessionJwe}. */
export interface SessionJweOptions {
  /**
   * Remember up to this many recently verified tokens ({@link VerifiedTokenCache}), so repeated checks of one
   * token skip the crypto; `0` (the default) for none. The session cookie's codec keeps 1024.
   */
  verifiedTokens?: number
}

interface JoseHeader {
  enc: 'A256CBC-HS512' | 'A256GCM'
  kid: string | undefined
  fields: Record<string, unknown>
}

/**
 * Encrypts and decrypts session tokens for one list of secrets and one salt (the cookie name); build it once and
 * reuse it.
 *
 * @example
 * ```ts
 * const jwe = new SessionJwe(['new-secret', 'old-secret'], '__Secure-authjs.session-token')
 * const token = jwe.encrypt({ sub: 'user-1' }, 30 * 24 * 60 * 60)
 * jwe.decrypt(token)?.payload.sub // 'user-1'
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-7.1
 */
export class SessionJwe {
  readonly #crypto: CryptoBackend
  /** The keys; still pending, right after construction, with WebCrypto. */
  #keys: MaybePromise<Keys>
  readonly #verified: VerifiedTokenCache | undefined

  /**
   * Derives every key; the first secret encrypts, each one decrypts. `crypto` is for tests, which run the same
   * cases on both backends.
   */
  constructor(
    secrets: string | readonly string[],
    salt: string,
    crypto: CryptoBackend = cryptoBackend,
    options: SessionJweOptions = {},
  ) {
    const list = typeof secrets === 'string' ? [secrets] : [...secrets]
    if (list.length === 0) throw new TypeError('SessionJwe needs at least one secret')
    this.#crypto = crypto
    const { verifiedTokens = 0 } = options
    this.#verified = verifiedTokens > 0 ? new VerifiedTokenCache(verifiedTokens) : undefined
    const cbc = maybeAll(list.map((secret) => cbcKey(crypto, secret, salt)))
    const gcm = maybeAll(list.map((secret) => gcmKey(crypto, secret, salt)))
    const keys = maybeThen(cbc, (cbcKeys) => maybeThen(gcm, (gcmKeys) => collectKeys(cbcKeys, gcmKeys)))
    if (isPending(keys)) {
      // Swap the promise for the keys once they exist; a failure stays in the promise for the first caller.
      keys.then((ready) => (this.#keys = ready)).catch(() => {})
    }
    this.#keys = keys
  }

  /**
   * Encrypts `payload` with the first secret, setting `iat` to now, `exp` to now + `maxAgeSeconds` and a fresh
   * `jti`, overwriting any previous values of those claims, as Auth.js does on every re-issue.
   */
  encrypt(
    payload: Record<string, unknown>,
    maxAgeSeconds: number,
    now: number = Date.now(),
  ): MaybePromise<string> {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new TypeError('The JWT payload must be a plain object')
    }
    if (!Number.isFinite(maxAgeSeconds)) throw new TypeError(`Invalid maxAge ${String(maxAgeSeconds)}`)
    if (!Number.isFinite(now)) throw new TypeError(`Invalid time ${String(now)}`)
    const iat = Math.floor(now / 1000)
    const crypto = this.#crypto
    // Spreading keeps existing claims at their place in the JSON, as jose's claim setters do.
    const claims = { ...payload, iat, exp: iat + maxAgeSeconds, jti: crypto.randomUUID() }
    const plaintext = crypto.encodeUtf8(JSON.stringify(claims))
    // Explicit checks rather than maybeThen: no closure on the synchronous (Node) hot path.
    const keys = this.#keys
    if (isPending(keys)) return keys.then((ready) => this.#encryptWith(ready.primary, plaintext))
    return this.#encryptWith(keys.primary, plaintext)
  }

  #encryptWith(key: CbcKey, plaintext: Uint8Array): MaybePromise<string> {
    const crypto = this.#crypto
    const result = crypto.encryptA256CbcHs512(key.key, plaintext, key.aad, key.al)
    if (isPending(result)) return result.then((parts) => compact(crypto, key, parts))
    return compact(crypto, key, result)
  }

  /**
   * Decrypts and validates a token, returning `null` for anything that is not a current token of ours: malformed,
   * tampered, expired (beyond 15 s), not yet valid, encrypted with an unknown secret, or using any header feature
   * we do not implement (`zip`, `crit`, an `alg` other than `dir`). It never throws.
   *
   * The key is picked by `kid`; a token without `kid` is tried with every secret (Auth.js tries only the first,
   * which breaks rotation for such tokens).
   */
  decrypt(token: string, now: number = Date.now()): MaybePromise<DecryptedSessionToken | null> {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null
    // A NaN clock would make every expiry comparison false, i.e. accept expired tokens.
    if (!Number.isFinite(now)) return null
    const verified = this.#verified?.get(token)
    if (verified !== undefined) {
      // The crypto is skipped, never the time checks: an expired token is refused (and forgotten) as before.
      const payload = verified.flat === undefined ? parseJson(verified.text) : { ...verified.flat }
      const claims =
        payload === null ? null : checkedClaims(payload, verified.text, undefined, now, verified.current)
      if (claims === null) this.#verified!.delete(token)
      return claims
    }
    const headerEnd = token.indexOf('.')
    // `dir` has no encrypted key: the second segment must be empty (RFC 7518 §4.5).
    if (headerEnd <= 0 || token.charCodeAt(headerEnd + 1) !== 0x2e) return null
    const ivStart = headerEnd + 2
    const ivEnd = token.indexOf('.', ivStart)
    if (ivEnd === -1) return null
    const tagStart = token.indexOf('.', ivEnd + 1) + 1
    if (tagStart === 0 || token.indexOf('.', tagStart) !== -1) return null

    const crypto = this.#crypto
    const iv = crypto.decodeBase64url(token.slice(ivStart, ivEnd))
    const ciphertext = crypto.decodeBase64url(token.slice(ivEnd + 1, tagStart - 1))
    const tag = crypto.decodeBase64url(token.slice(tagStart))
    if (iv === null || ciphertext === null || tag === null) return null
    const headerSegment = token.slice(0, headerEnd)
    const keys = this.#keys
    if (isPending(keys)) {
      return keys.then(
        (ready) => this.#decryptWith(ready, token, headerSegment, iv, ciphertext, tag, now),
        () => null,
      )
    }
    return this.#decryptWith(keys, token, headerSegment, iv, ciphertext, tag, now)
  }

  #decryptWith(
    keys: Keys,
    token: string,
    headerSegment: string,
    iv: Uint8Array,
    ciphertext: Uint8Array,
    tag: Uint8Array,
    now: number,
  ): MaybePromise<DecryptedSessionToken | null> {
    const crypto = this.#crypto
    const known = keys.byHeader.get(headerSegment)
    if (known !== undefined) {
      const current = known === keys.primary
      const plaintext = crypto.decryptA256CbcHs512(known.key, iv, ciphertext, tag, known.aad, known.al)
      if (isPending(plaintext)) {
        return plaintext.then((bytes) =>
          bytes === null ? null : this.#verifiedClaims(token, bytes, now, current),
        )
      }
      return plaintext === null ? null : this.#verifiedClaims(token, plaintext, now, current)
    }

    const header = parseHeader(crypto, headerSegment)
    if (header === null) return null
    // The segment passed strict base64url decoding, so it is ASCII: its UTF-8 bytes are its exact encoding.
    const aad = crypto.encodeUtf8(headerSegment)
    const found =
      header.enc === 'A256CBC-HS512'
        ? firstDecrypted(candidates(keys.cbc, header.kid), (key) =>
            crypto.decryptA256CbcHs512(key.key, iv, ciphertext, tag, aad, aadLength(aad)),
          )
        : firstDecrypted(candidates(keys.gcm, header.kid), (key) =>
            crypto.decryptA256Gcm(key.key, iv, ciphertext, tag, aad),
          )
    return maybeThen(found, (result: { key: CbcKey | GcmKey; plaintext: Uint8Array } | null) => {
      if (result === null) return null
      const current = result.key === keys.primary
      const claims = readClaims(crypto, result.plaintext, header.fields, now, current)
      // A header of another writer (no `kid`, other members, A256GCM) is inside the authenticated data as well, so
      // this exact string decrypts to these bytes again; the header-against-claims check above depends on neither
      // the time nor anything else, so a hit may skip it with the crypto.
      if (claims !== null) this.#remember(token, claims, current)
      return claims
    })
  }

  #remember(token: string, claims: DecryptedSessionToken, current: boolean): void {
    this.#verified?.set(token, { text: claims.plaintext, current, flat: flatCopy(claims.payload) })
  }

  /** The claims of a token that decrypted under one of our headers, remembered when they are valid now. */
  #verifiedClaims(
    token: string,
    plaintext: Uint8Array,
    now: number,
    current: boolean,
  ): DecryptedSessionToken | null {
    const claims = readClaims(this.#crypto, plaintext, undefined, now, current)
    if (claims !== null) this.#remember(token, claims, current)
    return claims
  }
}

/** The compact serialization of our A256CBC-HS512 token (RFC 7516 §7.1). */
function compact(crypto: CryptoBackend, key: CbcKey, { iv, ciphertext, tag }: A256CbcHs512Result): string {
  return `${key.header}..${crypto.encodeBase64url(iv)}.${crypto.encodeBase64url(ciphertext)}.${crypto.encodeBase64url(tag)}`
}

function cbcKey(crypto: CryptoBackend, secret: string, salt: string): MaybePromise<CbcKey> {
  return maybeThen(crypto.deriveEncryptionKey('A256CBC-HS512', secret, salt), (raw) =>
    maybeThen(crypto.jwkThumbprint(raw), (kid) =>
      maybeThen(crypto.importA256CbcHs512Key(raw), (key: A256CbcHs512Key) => {
        // Member order as Auth.js's setProtectedHeader({ alg, enc, kid }) gives, so our header segment is
        // byte-identical.
        const header = crypto.encodeBase64url(
          crypto.encodeUtf8(JSON.stringify({ alg: 'dir', enc: 'A256CBC-HS512', kid })),
        )
        const aad = crypto.encodeUtf8(header)
        return { kid, key, header, aad, al: aadLength(aad) }
      }),
    ),
  )
}

function gcmKey(crypto: CryptoBackend, secret: string, salt: string): MaybePromise<GcmKey> {
  return maybeThen(crypto.deriveEncryptionKey('A256GCM', secret, salt), (raw) =>
    maybeThen(crypto.jwkThumbprint(raw), (kid) =>
      maybeThen(crypto.importA256GcmKey(raw), (key) => ({ kid, key })),
    ),
  )
}

function collectKeys(cbc: readonly CbcKey[], gcm: readonly GcmKey[]): Keys {
  const byHeader = new Map<string, CbcKey>()
  // With a repeated secret the first occurrence answers, as in the kid loop of Auth.js.
  for (const key of cbc) if (!byHeader.has(key.header)) byHeader.set(key.header, key)
  return { primary: cbc[0] as CbcKey, cbc, gcm, byHeader }
}

/** `Promise.all` that stays synchronous when no element is pending. */
function maybeAll<T>(values: readonly MaybePromise<T>[]): MaybePromise<T[]> {
  return values.some((value) => isPending(value)) ? Promise.all(values) : (values as T[])
}

/** Tries each key in turn and answers with the first that decrypts, synchronously while the backend is. */
function firstDecrypted<Key>(
  keys: readonly Key[],
  attempt: (key: Key) => MaybePromise<Uint8Array | null>,
  from = 0,
): MaybePromise<{ key: Key; plaintext: Uint8Array } | null> {
  for (let index = from; index < keys.length; index++) {
    const key = keys[index] as Key
    const result = attempt(key)
    if (isPending(result)) {
      return result.then((plaintext) =>
        plaintext === null ? firstDecrypted(keys, attempt, index + 1) : { key, plaintext },
      )
    }
    if (result !== null) return { key, plaintext: result }
  }
  return null
}

function candidates<Key extends { kid: string }>(
  keys: readonly Key[],
  kid: string | undefined,
): readonly Key[] {
  if (kid === undefined) return keys
  const match = keys.find((key) => key.kid === kid)
  return match === undefined ? [] : [match]
}

function parseHeader(crypto: CryptoBackend, segment: string): JoseHeader | null {
  const fields = parseJsonObject(crypto, crypto.decodeBase64url(segment))
  if (fields === null) return null
  // RFC 7516 §4.1.13: a `crit` we do not understand must be rejected; we understand none. `zip` would need a
  // decompression step (a compression bomb vector) that Auth.js never uses.
  if (fields['crit'] !== undefined || fields['zip'] !== undefined) return null
  // Only direct encryption: anything else (`none`, key wrapping, PBES2) is not a session token of ours.
  if (fields['alg'] !== 'dir') return null
  const { enc, kid } = fields
  if (enc !== 'A256CBC-HS512' && enc !== 'A256GCM') return null
  if (kid !== undefined && typeof kid !== 'string') return null
  return { enc, kid, fields }
}

function readClaims(
  crypto: CryptoBackend,
  plaintext: Uint8Array,
  header: Record<string, unknown> | undefined,
  now: number,
  current: boolean,
): DecryptedSessionToken | null {
  const text = crypto.decodeUtf8(plaintext)
  if (text === null) return null
  const payload = parseJson(text)
  return payload === null ? null : checkedClaims(payload, text, header, now, current)
}

/** Checks parsed claims at the time `now` (the caller owns `payload`, which is returned). */
function checkedClaims(
  payload: JWT,
  text: string,
  header: Record<string, unknown> | undefined,
  now: number,
  current: boolean,
): DecryptedSessionToken | null {
  // The checks and their order are jose's `jwtDecrypt` with `clockTolerance: 15`, which Auth.js uses.
  const { iat, nbf, exp } = payload
  if (iat !== undefined && typeof iat !== 'number') return null
  const seconds = Math.floor(now / 1000)
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds + CLOCK_TOLERANCE)) return null
  if (exp !== undefined && (typeof exp !== 'number' || exp <= seconds - CLOCK_TOLERANCE)) return null
  // RFC 7519 §5.3: claims replicated into the header must equal the payload's.
  if (header !== undefined) {
    for (const claim of ['iss', 'sub'] as const) {
      if (header[claim] !== undefined && header[claim] !== payload[claim]) return null
    }
    if (header['aud'] !== undefined && JSON.stringify(header['aud']) !== JSON.stringify(payload['aud']))
      return null
  }
  return typeof iat === 'number'
    ? { payload, plaintext: text, iat, current }
    : { payload, plaintext: text, current }
}

function parseJsonObject(crypto: CryptoBackend, bytes: Uint8Array | null): Record<string, unknown> | null {
  if (bytes === null) return null
  // JSON must be UTF-8 (RFC 8259 §8.1); jose decodes fatally, so invalid bytes reject rather than become U+FFFD.
  const text = crypto.decodeUtf8(bytes)
  return text === null ? null : parseJson(text)
}

/**
 * A frozen copy of claims whose values are all strings, numbers, booleans or `null` (a usual session token), else
 * `undefined`: a spread of it is then the same object `JSON.parse` would give (same keys in the same order, same
 * values), at a fraction of the cost.
 */
function flatCopy(payload: JWT): Readonly<JWT> | undefined {
  for (const value of Object.values(payload)) {
    if (value !== null && typeof value === 'object') return undefined
  }
  return Object.freeze({ ...payload })
}

function parseJson(text: string): JWT | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  // RFC 7519 §7.2: the claims set must be a JSON object, not an array or a primitive.
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JWT) : null
}
