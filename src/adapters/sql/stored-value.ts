import type { StoredDate, StoredText } from './database-schema.js'

/** A stored date as a `Date`: drivers hand back a `Date`, epoch milliseconds (SQLite), or digits as text. */
export function toDate(value: StoredDate): Date {
  return value instanceof Date
    ? value
    : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)
}

/**
 * A column read back as text. On MySQL/MariaDB the token, provider and e-mail columns are VARBINARY (so that they
 * compare byte for byte), which `mysql2` returns as a Buffer of the UTF-8 bytes written.
 */
export function text(value: StoredText): string {
  return typeof value === 'string' ? value : Buffer.from(value).toString('utf8')
}
