import { cryptoBackend } from '#crypto'
import { adapterFor } from '../adapters/adapter-for.js'
import { candidateTokenHashes, storedTokenHash } from '../flows/email/verification-token-hashes.js'
import type { RequestContext } from '../routing/request-context.js'

/** What a password link is for: its identifier's prefix, so a reset link never verifies and the reverse. */
export type PasswordTokenPurpose = 'verify-email' | 'reset-password'

function hex(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out
}

const identifier = (purpose: PasswordTokenPurpose, email: string) => `gatehouse-${purpose}:${email}`

/**
 * Makes a one-time link token for `email`: 32 random bytes, only their SHA-256 (with the secret) stored, as a
 * verification token whose identifier names the purpose and the address (never one Auth.js's e-mail sign-in would
 * read: its identifiers are plain addresses). Returns the raw token for the link.
 */
export async function createPasswordToken(
  ctx: RequestContext,
  purpose: PasswordTokenPurpose,
  email: string,
  maxAgeSeconds: number,
): Promise<{ token: string; expires: Date }> {
  const adapter = adapterFor(ctx.config.adapter, 'passwords')!
  const token = hex(cryptoBackend.randomBytes(32))
  const expires = new Date(Date.now() + maxAgeSeconds * 1000)
  await adapter.createVerificationToken({
    identifier: identifier(purpose, email),
    token: storedTokenHash(token, ctx.config.secrets),
    expires,
  })
  return { token, expires }
}

/**
 * Uses a link's token once: the adapter's `useVerificationToken` deletes the row, and of any number of concurrent
 * callers only the one whose delete removed it gets it (DELETE … RETURNING, or the deleted-row count on MySQL).
 * `false` for a token that is unknown, used, of another address or purpose, or expired.
 */
export async function usePasswordToken(
  ctx: RequestContext,
  purpose: PasswordTokenPurpose,
  email: string,
  token: string,
): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(token)) return false
  const adapter = adapterFor(ctx.config.adapter, 'passwords')!
  for (const hash of candidateTokenHashes(token, ctx.config.secrets)) {
    const used = await adapter.useVerificationToken({ identifier: identifier(purpose, email), token: hash })
    if (used) return new Date(used.expires).getTime() > Date.now()
  }
  return false
}
