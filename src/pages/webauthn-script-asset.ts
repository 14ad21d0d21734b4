/**
 * The sign-in page's passkey script as a served file: its bytes, its SHA-256 (the page's `integrity` attribute and
 * Content-Security-Policy hash) and its content-addressed file name.
 *
 * @module
 */
import { sha256Base64 } from './sha256-base64.js'
import { webauthnPageScript } from './webauthn-page-script.generated.js'

/** The script, its hash and the name it is served under. */
export interface WebAuthnScriptAsset {
  body: string
  /** Standard base64 SHA-256 of the UTF-8 bytes, as CSP and SRI write it. */
  sha256: string
  /** `{hash}.js`, base64url: a new script gets a new URL, so the file can be cached forever. */
  fileName: string
}

let asset: WebAuthnScriptAsset | undefined

/** The asset, hashed on first use (the bundle is about 10 kB). */
export function webauthnScriptAsset(): WebAuthnScriptAsset {
  if (asset === undefined) {
    const sha256 = sha256Base64(webauthnPageScript)
    const name = sha256.slice(0, 22).replace(/\+/g, '-').replace(/\//g, '_')
    asset = { body: webauthnPageScript, sha256, fileName: `${name}.js` }
  }
  return asset
}
