/** Headers that keep session data out of shared caches (wire-contract §1.2). */
export const noStoreHeaders = Object.freeze({
  'Content-Type': 'application/json',
  'Cache-Control': 'private, no-cache, no-store',
  Expires: '0',
  Pragma: 'no-cache',
})
