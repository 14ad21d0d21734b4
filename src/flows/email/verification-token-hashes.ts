import { cryptoBackend } from '#crypto'

/** The secrets an e-mail provider hashes tokens with: its own `secret`, else the configuration's (newest first). */
export function tokenSecrets(providerSecret: unknown, secrets: readonly string[]): readonly string[] {
  return typeof providerSecret === 'string' && providerSecret !== '' ? [providerSecret] : secrets
}

/**
 * The stored form of a raw sign-in token, as Auth.js stores it: the SHA-256 hex of `token + secret`
 * (wire-contract §2, `VerificationToken`), with the current (first) secret.
 */
export function storedTokenHash(token: string, secrets: readonly string[]): string {
  return cryptoBackend.sha256Hex(`${token}${secrets[0]!}`)
}

/**
 * Every stored form a raw token may have: one per secret, so that rotating the secret does not break links already
 * sent, then the comma-joined array that Auth.js hashes with when given several secrets (wire-contract §7.3), so
 * that links Auth.js sent from a shared database keep working.
 */
export function candidateTokenHashes(token: string, secrets: readonly string[]): string[] {
  const texts = secrets.length > 1 ? [...secrets, secrets.join(',')] : [...secrets]
  return [...new Set(texts.map((secret) => cryptoBackend.sha256Hex(`${token}${secret}`)))]
}
