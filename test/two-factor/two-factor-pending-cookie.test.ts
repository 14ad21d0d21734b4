/**
 * The pending cookie at the two-factor challenge, each bad case on its own, with a right code posted every time (so
 * only the cookie can be what refuses): tampered by one byte, expired by a second, replayed after the sign-in it held
 * was finished, and moved into a browser where another user did their first factor. The generic gate suite
 * (test/sign-in-gates/credentials-gates.test.ts) checks the same cookie behind a test gate; these go through
 * `POST /callback/two-factor`, the code checked first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  answerChallenge,
  CookieJar,
  createUsers,
  enrol,
  firstFactor,
  lastReason,
  nextStep,
  PENDING,
  SESSION,
  setNames,
  signedIn,
  stepAt,
  totpCode,
  twoFactorApp,
} from './two-factor-harness.js'

beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'], now: Date.now() }))
afterEach(() => void vi.useRealTimers())

/** Alice and Bob enrolled; Alice's sign-in held in a browser of its own. */
async function heldAlice() {
  const app = twoFactorApp()
  await createUsers(app.adapter)
  const alice = await enrol(app, await signedIn(app, 'alice@example.test'))
  const bob = await enrol(app, await signedIn(app, 'bob@example.test'))
  nextStep()
  app.seen.jwt.length = 0
  app.seen.signIn.length = 0
  const jar = new CookieJar()
  await firstFactor(app, jar, 'alice@example.test')
  const value = jar.get(PENDING)
  if (value === undefined) throw new Error('the sign-in was not held')
  return { app, jar, value, alice, bob }
}

type Held = Awaited<ReturnType<typeof heldAlice>>

/** Refused: no session, the reason logged, nothing issued. */
function expectRefused(held: Held, res: Response, reason: string): void {
  expect(setNames(res)).not.toContain(SESSION)
  expect(res.headers.get('location')).toContain('/auth/error')
  expect(lastReason(held.app.logger)).toBe(reason)
  expect(held.app.seen.signIn).toEqual([])
  expect(held.app.seen.jwt).toEqual([])
}

describe('the pending cookie at the two-factor challenge', () => {
  it('tampered by one byte: refused and cleared, even with the right code', async () => {
    const held = await heldAlice()
    const parts = decodeURIComponent(held.value).split('.')
    const ciphertext = parts[3]!
    parts[3] = `${ciphertext.slice(0, 5)}${ciphertext[5] === 'A' ? 'B' : 'A'}${ciphertext.slice(6)}`
    held.jar.values.set(PENDING, encodeURIComponent(parts.join('.')))
    const res = await answerChallenge(held.app, held.jar, totpCode(held.alice.secret, stepAt()))
    expectRefused(held, res, 'pending_sign_in_invalid')
    expect(held.jar.get(PENDING)).toBeUndefined()
  })

  it('expired by a second (five minutes and one): refused, even with the right code', async () => {
    const held = await heldAlice()
    vi.setSystemTime(Date.now() + 301_000)
    const res = await answerChallenge(held.app, held.jar, totpCode(held.alice.secret, stepAt()))
    expectRefused(held, res, 'pending_sign_in_invalid')
  })

  it('replayed after the sign-in it held was finished: refused in another browser, nothing issued twice', async () => {
    const held = await heldAlice()
    const done = await answerChallenge(held.app, held.jar, totpCode(held.alice.secret, stepAt()))
    expect(setNames(done)).toContain(SESSION)
    expect(held.app.seen.signIn).toHaveLength(1)
    held.app.seen.signIn.length = 0
    held.app.seen.jwt.length = 0
    const copy = new CookieJar()
    copy.values.set(PENDING, encodeURIComponent(held.value))
    // A fresh code, so only the spent hold can refuse it.
    nextStep()
    const res = await answerChallenge(held.app, copy, totpCode(held.alice.secret, stepAt()))
    expectRefused(held, res, 'pending_sign_in_used')
  })

  it("moved into Bob's browser after Bob's first factor: Bob's own code does not finish Alice's hold", async () => {
    const held = await heldAlice()
    const bobJar = new CookieJar()
    await firstFactor(held.app, bobJar, 'bob@example.test')
    bobJar.values.set(PENDING, encodeURIComponent(held.value))
    const res = await answerChallenge(held.app, bobJar, totpCode(held.bob.secret, stepAt()))
    expect(setNames(res)).not.toContain(SESSION)
    expect(res.headers.get('location')).toMatch(/\/auth\/two-factor\?error=invalid$/)
    expect(await held.app.browser.session(bobJar)).toBeNull()
    expect(held.app.seen.signIn).toEqual([])
  })
})
