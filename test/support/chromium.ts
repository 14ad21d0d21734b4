import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium; `scripts/prepare-test-env.sh` installs it. */
export const CHROMIUM = '/usr/bin/chromium'

/** Whether the browser is here. */
export const haveChromium = existsSync(CHROMIUM)

/**
 * Whether a browser suite should be skipped: only on a developer machine without the browser, and loudly. In CI a
 * missing browser must fail the suite (its `beforeAll` calls {@link launchChromium}), or it would silently stop
 * guarding the flows it covers.
 */
export function skipWithoutChromium(suite: string): boolean {
  if (haveChromium || process.env.CI) return false
  console.warn(`\n!!! ${CHROMIUM} is missing: SKIPPING ${suite}. Run \`bash scripts/prepare-test-env.sh\`.\n`)
  return true
}

/** Headless Chromium with the flags this machine needs (root, no GPU, closed network). */
export function launchChromium(): Promise<Browser> {
  if (!haveChromium)
    throw new Error(`${CHROMIUM} is missing; CI must install it (scripts/prepare-test-env.sh).`)
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}
