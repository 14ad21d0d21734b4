/**
 * A software authenticator for tests: real ES256 keys (node:crypto), real CBOR attestation objects (`none`, or
 * `packed` self attestation) and real signed assertions, as a CTAP2 platform authenticator would produce them. Each
 * ceremony can be bent (origin, RP ID, flags, counter, bytes) so that every server check has a response that fails
 * exactly that check.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_BE = 0x08
const FLAG_BS = 0x10
const FLAG_AT = 0x40

/** One key pair the authenticator holds. */
export interface StoredCredential {
  id: Buffer
  privateKey: KeyObject
  rpId: string
  userHandle: string
  counter: number
}

/** What a ceremony may bend, each for one negative test. */
export interface Bend {
  origin?: string
  rpId?: string
  userVerified?: boolean
  /** The counter to report (default: the stored one plus `counterStep`). */
  counter?: number
  /** A challenge other than the one in the options. */
  challenge?: string
  type?: string
  /** Changes the bytes before they are encoded in the response. */
  clientData?: (json: Buffer) => Buffer
  authenticatorData?: (bytes: Buffer) => Buffer
  signature?: (bytes: Buffer) => Buffer
}

export interface SoftwareAuthenticatorOptions {
  origin: string
  /** `none` (default) or `packed` self attestation. */
  attestation?: 'none' | 'packed'
  /** How much the counter grows per assertion; 0 keeps it at 0, like most synced passkeys. */
  counterStep?: number
  userVerification?: boolean
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' })
  const map = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ])
  return isoCBOR.encode(map)
}

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(counter >>> 0)
  return b
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = []
  readonly #options: Required<SoftwareAuthenticatorOptions>

  constructor(options: SoftwareAuthenticatorOptions) {
    this.#options = { attestation: 'none', counterStep: 1, userVerification: true, ...options }
  }

  #flags(bend: Bend, extra: number): number {
    const uv = bend.userVerified ?? this.#options.userVerification
    return FLAG_UP | (uv ? FLAG_UV : 0) | FLAG_BE | FLAG_BS | extra
  }

  #clientData(type: string, challenge: string, bend: Bend): Buffer {
    const json = Buffer.from(
      JSON.stringify({
        type: bend.type ?? type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? this.#options.origin,
        crossOrigin: false,
      }),
    )
    return bend.clientData ? bend.clientData(json) : json
  }

  /** `navigator.credentials.create()`: the RegistrationResponseJSON for creation options (JSON form). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, bend: Bend = {}) {
    const rpId = bend.rpId ?? options.rp.id!
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const id = randomBytes(16)
    const counter = bend.counter ?? 0
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    let authData: Buffer = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.#flags(bend, FLAG_AT)]),
      counterBytes(counter),
      Buffer.alloc(16), // AAGUID: zero for a software authenticator
      idLength,
      id,
      Buffer.from(coseKey(publicKey)),
    ])
    if (bend.authenticatorData) authData = bend.authenticatorData(authData)
    const clientDataJSON = this.#clientData('webauthn.create', options.challenge, bend)
    const attStmt =
      this.#options.attestation === 'packed'
        ? new Map<string, number | Uint8Array>([
            ['alg', -7],
            ['sig', sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey)],
          ])
        : new Map()
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, number | Uint8Array>>([
        ['fmt', this.#options.attestation],
        ['attStmt', attStmt],
        ['authData', authData],
      ]),
    )
    const credential = { id, privateKey, rpId, userHandle: options.user.id, counter }
    this.credentials.push(credential)
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /**
   * `navigator.credentials.get()`: the AuthenticationResponseJSON for request options. Uses the first allowed
   * credential it holds, or (discoverable) the last one it made for the RP ID, unless `credential` names one.
   */
  authenticate(
    options: { challenge: string; rpId?: string; allowCredentials?: Array<{ id: string }> },
    bend: Bend = {},
    credential?: StoredCredential,
  ) {
    const allowed = options.allowCredentials?.map((c) => c.id)
    const chosen =
      credential ??
      [...this.credentials]
        .reverse()
        .find((c) => c.rpId === options.rpId && (!allowed?.length || allowed.includes(b64url(c.id))))
    if (!chosen) throw new Error('the software authenticator holds no credential for these options')
    chosen.counter = bend.counter ?? chosen.counter + this.#options.counterStep
    let authData: Buffer = Buffer.concat([
      sha256(bend.rpId ?? chosen.rpId),
      Buffer.from([this.#flags(bend, 0)]),
      counterBytes(chosen.counter),
    ])
    if (bend.authenticatorData) authData = bend.authenticatorData(authData)
    const clientDataJSON = this.#clientData('webauthn.get', options.challenge, bend)
    let signature: Buffer = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      chosen.privateKey,
    )
    if (bend.signature) signature = bend.signature(signature)
    return {
      id: b64url(chosen.id),
      rawId: b64url(chosen.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: chosen.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
