/**
 * Constant-time string comparison without `node:crypto`.
 *
 * @module
 */

/**
 * Whether `a` and `b` are equal, in time that depends only on their lengths (every code unit is compared, with no
 * early exit), so a MAC or token check does not reveal how many leading characters were right.
 */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}
