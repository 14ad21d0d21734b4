import { cryptoBackend } from '#crypto'

/** How many backup codes a user gets at enrolment and at each regeneration. */
export const BACKUP_CODE_COUNT = 10

// No 0/O, 1/I/L: a code copied from paper is read back right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten new backup codes, `xxxxx-xxxxx` (about 49 bits each), to show once. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const bytes = cryptoBackend.randomBytes(10)
    // 256 is not a multiple of 31: bytes of 248 and above are rejected below, so no letter is likelier.
    const chars: string[] = []
    for (const byte of bytes) if (byte < 248) chars.push(ALPHABET[byte % ALPHABET.length]!)
    while (chars.length < 10) {
      const [byte] = cryptoBackend.randomBytes(1)
      if (byte! < 248) chars.push(ALPHABET[byte! % ALPHABET.length]!)
    }
    return `${chars.slice(0, 5).join('')}-${chars.slice(5, 10).join('')}`
  })
}

/** A code as a user types it: case, spaces and dashes ignored; `undefined` when it cannot be a backup code. */
export function backupCodeShape(code: string): string | undefined {
  const plain = code.toLowerCase().replace(/[\s-]/g, '')
  return /^[a-z0-9]{10}$/.test(plain) ? plain : undefined
}

/**
 * What is stored of a backup code: SHA-256 of the user and the code, so the table holds nothing that signs in and a
 * hash is worth nothing for another user. The codes carry ~49 random bits: a fast hash is enough (no dictionary).
 */
export function backupCodeHash(userId: string, code: string): string | undefined {
  const plain = backupCodeShape(code)
  return plain === undefined ? undefined : cryptoBackend.sha256Hex(`gatehouse-backup-code:${userId}:${plain}`)
}
