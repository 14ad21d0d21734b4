/**
 * The default normalizer of e-mail sign-in addresses (an e-mail provider's `normalizeIdentifier` replaces it).
 *
 * @module
 */

import { InvalidEmailAddress } from '../../errors.js'

// Characters that end an address or start a header or a second recipient in any mailer: line breaks, the list
// separators of RFC 5322 address lists, angle brackets of name-addr, and quoting, comment and domain-literal syntax,
// which only obscure which mailbox is meant.
// eslint-disable-next-line no-control-regex -- control characters are what it must find
const FORBIDDEN = /["(),:;<>[\\\]\s\u0000-\u001f\u007f-\u009f\u2028\u2029]/u

// eslint-disable-next-line no-control-regex -- control characters are what it must find
const LINE_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u0085]/u

// A host name as the URL parser leaves it: letters, digits and hyphens in dot-separated labels (IDNA already
// turned anything else into `xn--` labels). A last label without a letter would be an IPv4 address.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9-]*[a-z][a-z0-9-]*$/

export { InvalidEmailAddress }

function refuse(why: string): never {
  throw new InvalidEmailAddress(`The e-mail address is not accepted: ${why}.`)
}

/** True when `char` is not ASCII `@` but NFKC would make an `@` of it (fullwidth ＠, small ﹫, …). */
function isLookalikeAt(char: string): boolean {
  return char !== '@' && char.normalize('NFKC').includes('@')
}

/**
 * Normalizes what a user typed into the address a sign-in link is stored for and sent to, or throws
 * {@link InvalidEmailAddress}. Following the 2026 advisory on Auth.js's normalizer (CWE-180): a lookalike of `@`
 * (fullwidth ＠, small ﹫, anything NFKC folds into `@`) is refused before normalizing, so that no address is
 * rewritten into another; then NFKC; exactly one `@`; no quotes, comments, brackets, commas, semicolons,
 * whitespace or control characters anywhere (never a second recipient or a header); the local part trimmed and,
 * like the domain, lowercased (as Auth.js does, so a database shared with it finds the same users); the domain
 * turned into its ASCII (punycode) form by the WHATWG URL parser, which every runtime has (`node:url` is not
 * available on the edge).
 *
 * @example
 * ```ts
 * normalizeEmailAddress(' Alice@Bücher.Example ') // 'alice@xn--bcher-kva.example'
 * normalizeEmailAddress('alice＠example.com')     // throws InvalidEmailAddress
 * ```
 */
export function normalizeEmailAddress(input: string): string {
  if (typeof input !== 'string') refuse('it is not text')
  if (input.length > 1024) refuse('it is too long')
  for (const char of input) if (isLookalikeAt(char)) refuse('it contains a character that looks like "@"')
  // Before any trimming, which would quietly drop a line break at either end of a part.
  if (LINE_OR_CONTROL.test(input)) refuse('it contains a line break or a control character')
  const text = input.normalize('NFKC').trim()
  const at = text.indexOf('@')
  if (at === -1 || text.indexOf('@', at + 1) !== -1) refuse('it must contain exactly one "@"')
  const local = text.slice(0, at).trim().toLowerCase()
  const domain = text.slice(at + 1).trim()
  if (local === '') refuse('the part before "@" is empty')
  if (domain === '') refuse('the part after "@" is empty')
  if (FORBIDDEN.test(local) || FORBIDDEN.test(domain))
    refuse('it contains quotes, brackets, commas, semicolons, spaces or line breaks')
  // Anything the URL parser would read as the end of a host must not reach it, or `a.example/x` would pass.
  if (/[/?#%@]/.test(domain)) refuse('the domain contains "/", "?", "#" or "%"')
  let host: string
  try {
    host = new URL(`http://${domain}`).hostname
  } catch {
    refuse('the domain is not a valid host name')
  }
  if (host.endsWith('.')) host = host.slice(0, -1)
  if (!HOST.test(host)) refuse('the domain is not a host name')
  const address = `${local}@${host}`
  // RFC 5321 §4.5.3.1: 64 octets of local part, 254 of address (the path limit of 256 less the brackets).
  if (new TextEncoder().encode(local).length > 64 || new TextEncoder().encode(address).length > 254)
    refuse('it is too long')
  return address
}
