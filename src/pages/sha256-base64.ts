/**
 * SHA-256 for the Content-Security-Policy hash of the inline style, synchronous (the page renderer is) and without
 * `node:crypto`, so that the pages also render in edge runtimes.
 *
 * @module
 */
import { sha256 } from '../crypto/sha256.js'

/** Hashes the UTF-8 bytes of `text` with SHA-256 and returns the digest in standard base64. */
export function sha256Base64(text: string): string {
  return btoa(String.fromCharCode(...sha256(new TextEncoder().encode(text))))
}
