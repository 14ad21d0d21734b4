/**
 * Both implementations of the crypto seam, for tests that must hold on each: `node:crypto` (what `#crypto` gives
 * on Node) and WebCrypto (what it gives on edge runtimes and in browsers), both loadable here since Node 20 has
 * WebCrypto too.
 *
 * @module
 */
import type { CryptoBackend } from '../../src/crypto/crypto-backend.js'
import { cryptoBackend as nodeBackend } from '../../src/crypto/node/node-crypto-backend.js'
import { cryptoBackend as webBackend } from '../../src/crypto/web/web-crypto-backend.js'

/** `[name, backend]` pairs for `describe.each`. */
export const cryptoBackends: ReadonlyArray<readonly [string, CryptoBackend]> = [
  [nodeBackend.name, nodeBackend],
  [webBackend.name, webBackend],
]
