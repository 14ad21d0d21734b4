import type { AdapterUser } from '../adapters/adapter.js'
import { HashQueueFull } from './hash-queue.js'
import type { PasswordRuntime } from '../providers/password-feature.js'

/** What checking a password against an account found. */
export type PasswordCheck = { ok: true; user: AdapterUser; stored: string } | { ok: false } | { busy: true }

/**
 * Checks `password` (normalized) for `user` (or nobody): one argon2id verify in every case, through the bounded
 * queue. An unknown address, or a user without a password, verifies against a dummy hash, so that its answer takes
 * as long as a wrong password's and tells nobody which addresses have accounts. A stored hash that is not argon2 goes
 * to `verifyLegacyPassword`, once.
 */
export async function checkPassword(
  runtime: PasswordRuntime,
  user: AdapterUser | null,
  stored: string | null,
  password: string,
): Promise<PasswordCheck> {
  try {
    return await runtime.queue.run(async () => {
      if (user === null || stored === null) {
        await runtime.hasher.verify(await runtime.dummyHash(), password)
        return { ok: false } as const
      }
      let ok: boolean
      if (stored.startsWith('$argon2')) ok = await runtime.hasher.verify(stored, password)
      else if (runtime.verifyLegacyPassword) {
        try {
          ok = (await runtime.verifyLegacyPassword(stored, password)) === true
        } catch {
          ok = false
        }
      } else ok = false
      return ok ? ({ ok: true, user, stored } as const) : ({ ok: false } as const)
    })
  } catch (error) {
    if (error instanceof HashQueueFull) return { busy: true }
    throw error
  }
}

/** A new hash of `password` through the queue, or `busy`. */
export async function hashThroughQueue(
  runtime: PasswordRuntime,
  password: string,
): Promise<string | { busy: true }> {
  try {
    return await runtime.queue.run(() => runtime.hasher.hash(password))
  } catch (error) {
    if (error instanceof HashQueueFull) return { busy: true }
    throw error
  }
}
