import { scryptSync, timingSafeEqual } from 'node:crypto'
import { demoAccounts } from '../demo/demo-accounts.js'

// Shared by the Express and Hono examples.
const salt = 'gatehouse-framework-examples'
// Hashed at start-up to show how a real user store keeps passwords; the demo passwords themselves are public.
const hashes = new Map(demoAccounts.map((a) => [a.email, scryptSync(a.password, salt, 32)]))

/** The demo user with this email and password, or `null`; the comparison takes the same time either way. */
export function checkAccount(
  email: unknown,
  password: unknown,
): { id: string; name: string; email: string } | null {
  if (typeof email !== 'string' || typeof password !== 'string') return null
  const key = email.trim().toLowerCase()
  const given = scryptSync(password, salt, 32)
  const expected = hashes.get(key) ?? given.map((b) => b ^ 0xff)
  if (!timingSafeEqual(expected, given) || !hashes.has(key)) return null
  const account = demoAccounts.find((a) => a.email === key)!
  return { id: account.id, name: account.name, email: account.email }
}
