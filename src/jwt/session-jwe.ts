/**
 * The session token codec: compact JWE with `alg: dir`, `enc: A256CBC-HS512`, wire-compatible with Auth.js v5
 * (tokens of either decrypt with the other) and built for the session hot path: keys are derived and imported once
 * per instance, the usual header is recognised by a string lookup instead of being decoded and parsed, and the
 * crypto runs synchronously on `node:crypto`.
 *
 * @module
 */
import { isUtf8 } from 'node:buffer'
import { randomUUID } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import type { JWT } from '../types.js'
import {
  aadLength,
  decryptA256CbcHs512,
  encryptA256CbcHs512,
  importA256CbcHs512Key,
} from './a256cbc-hs512.js'
import type { A256CbcHs512Key } from './a256cbc-hs512.js'
import { decodeBase64url } from './decode-base64url.js'
import { decryptA256Gcm, importA256GcmKey } from './decrypt-a256gcm.js'
import { deriveEncryptionKey, jwkThumbprint } from './derive-encryption-key.js'

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
  readonly aad: Buffer
  readonly al: Buffer
}

interface GcmKey {
  readonly kid: string
  readonly key: KeyObject
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
  readonly #primary: CbcKey
  readonly #cbc: readonly CbcKey[]
  readonly #gcm: readonly GcmKey[]
  readonly #byHeader: ReadonlyMap<string, CbcKey>

  /** Derives every key; the first secret encrypts, each one decrypts. */
  constructor(secrets: string | readonly string[], salt: string) {
    const list = typeof secrets === 'string' ? [secrets] : [...secrets]
    if (list.length === 0) throw new TypeError('SessionJwe needs at least one secret')
    const cbc = list.map((secret) => cbcKey(secret, salt))
    this.#primary = cbc[0] as CbcKey
    this.#cbc = cbc
    this.#gcm = list.map((secret) => {
      const raw = deriveEncryptionKey('A256GCM', secret, salt)
      return { kid: jwkThumbprint(raw), key: importA256GcmKey(raw) }
    })
    const byHeader = new Map<string, CbcKey>()
    // With a repeated secret the first occurrence answers, as in the kid loop of Auth.js.
    for (const key of cbc) if (!byHeader.has(key.header)) byHeader.set(key.header, key)
    this.#byHeader = byHeader
  }

  /**
   * Encrypts `payload` with the first secret, setting `iat` to now, `exp` to now + `maxAgeSeconds` and a fresh
   * `jti`, overwriting any previous values of those claims, as Auth.js does on every re-issue.
   */
  encrypt(payload: Record<string, unknown>, maxAgeSeconds: number, now: number = Date.now()): string {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new TypeError('The JWT payload must be a plain object')
    }
    if (!Number.isFinite(maxAgeSeconds)) throw new TypeError(`Invalid maxAge ${String(maxAgeSeconds)}`)
    if (!Number.isFinite(now)) throw new TypeError(`Invalid time ${String(now)}`)
    const iat = Math.floor(now / 1000)
    // Spreading keeps existing claims at their place in the JSON, as jose's claim setters do.
    const claims = { ...payload, iat, exp: iat + maxAgeSeconds, jti: randomUUID() }
    const key = this.#primary
    const { iv, ciphertext, tag } = encryptA256CbcHs512(
      key.key,
      Buffer.from(JSON.stringify(claims), 'utf8'),
      key.aad,
      key.al,
    )
    return `${key.header}..${iv.toString('base64url')}.${ciphertext.toString('base64url')}.${tag.toString('base64url')}`
  }

  /**
   * Decrypts and validates a token, returning `null` for anything that is not a current token of ours: malformed,
   * tampered, expired (beyond 15 s), not yet valid, encrypted with an unknown secret, or using any header feature
   * we do not implement (`zip`, `crit`, an `alg` other than `dir`). It never throws.
   *
   * The key is picked by `kid`; a token without `kid` is tried with every secret (Auth.js tries only the first,
   * which breaks rotation for such tokens).
   */
  decrypt(token: string, now: number = Date.now()): DecryptedSessionToken | null {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null
    // A NaN clock would make every expiry comparison false, i.e. accept expired tokens.
    if (!Number.isFinite(now)) return null
    const headerEnd = token.indexOf('.')
    // `dir` has no encrypted key: the second segment must be empty (RFC 7518 §4.5).
    if (headerEnd <= 0 || token.charCodeAt(headerEnd + 1) !== 0x2e) return null
    const ivStart = headerEnd + 2
    const ivEnd = token.indexOf('.', ivStart)
    if (ivEnd === -1) return null
    const tagStart = token.indexOf('.', ivEnd + 1) + 1
    if (tagStart === 0 || token.indexOf('.', tagStart) !== -1) return null

    const iv = decodeBase64url(token.slice(ivStart, ivEnd))
    const ciphertext = decodeBase64url(token.slice(ivEnd + 1, tagStart - 1))
    const tag = decodeBase64url(token.slice(tagStart))
    if (iv === null || ciphertext === null || tag === null) return null

    const headerSegment = token.slice(0, headerEnd)
    const known = this.#byHeader.get(headerSegment)
    if (known !== undefined) {
      const plaintext = decryptA256CbcHs512(known.key, iv, ciphertext, tag, known.aad, known.al)
      return plaintext === null ? null : readClaims(plaintext, undefined, now, known === this.#primary)
    }

    const header = parseHeader(headerSegment)
    if (header === null) return null
    // The segment passed strict base64url decoding, so it is ASCII and latin1 is its exact byte encoding.
    const aad = Buffer.from(headerSegment, 'latin1')
    let plaintext: Buffer | null = null
    let current = false
    if (header.enc === 'A256CBC-HS512') {
      const al = aadLength(aad)
      for (const key of candidates(this.#cbc, header.kid)) {
        plaintext = decryptA256CbcHs512(key.key, iv, ciphertext, tag, aad, al)
        if (plaintext !== null) {
          current = key === this.#primary
          break
        }
      }
    } else {
      for (const key of candidates(this.#gcm, header.kid)) {
        plaintext = decryptA256Gcm(key.key, iv, ciphertext, tag, aad)
        if (plaintext !== null) break
      }
    }
    return plaintext === null ? null : readClaims(plaintext, header.fields, now, current)
  }
}

function cbcKey(secret: string, salt: string): CbcKey {
  const raw = deriveEncryptionKey('A256CBC-HS512', secret, salt)
  const kid = jwkThumbprint(raw)
  // Member order as Auth.js's setProtectedHeader({ alg, enc, kid }) gives, so our header segment is byte-identical.
  const header = Buffer.from(JSON.stringify({ alg: 'dir', enc: 'A256CBC-HS512', kid })).toString('base64url')
  const aad = Buffer.from(header, 'latin1')
  return { kid, key: importA256CbcHs512Key(raw), header, aad, al: aadLength(aad) }
}

function candidates<Key extends { kid: string }>(
  keys: readonly Key[],
  kid: string | undefined,
): readonly Key[] {
  if (kid === undefined) return keys
  const match = keys.find((key) => key.kid === kid)
  return match === undefined ? [] : [match]
}

function parseHeader(segment: string): JoseHeader | null {
  const fields = parseJsonObject(decodeBase64url(segment))
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
  plaintext: Buffer,
  header: Record<string, unknown> | undefined,
  now: number,
  current: boolean,
): DecryptedSessionToken | null {
  const text = utf8(plaintext)
  if (text === null) return null
  const payload = parseJson(text)
  if (payload === null) return null

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

function parseJsonObject(bytes: Buffer | null): Record<string, unknown> | null {
  if (bytes === null) return null
  const text = utf8(bytes)
  return text === null ? null : parseJson(text)
}

/** JSON must be UTF-8 (RFC 8259 §8.1); jose decodes fatally, so invalid bytes reject rather than become U+FFFD. */
function utf8(bytes: Buffer): string | null {
  return isUtf8(bytes) ? bytes.toString('utf8') : null
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
