/**
 * The committed bundle of the sign-in page's passkey script is what `npm run build:webauthn-script` makes now from
 * `src/client/webauthn/sign-in-page-script.ts` and the installed `@simplewebauthn/browser` (esbuild, no network).
 */
import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { generatedPath, webauthnPageScriptModule } from '../../scripts/webauthn-page-script-module.js'

test('the generated passkey page script is up to date (else run `npm run build:webauthn-script`)', async () => {
  expect(await readFile(generatedPath, 'utf8')).toBe(await webauthnPageScriptModule())
}, 30_000)
