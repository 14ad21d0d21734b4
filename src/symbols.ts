/**
 * Opt-in markers. Dangerous opt-outs are symbols, never booleans, so that they cannot be switched on by a stray
 * environment variable or a JSON config file.
 *
 * @module
 */

/**
 * Turns off the CSRF double-submit check. Only for framework wrappers that check the origin themselves.
 *
 * @example
 * ```ts
 * Auth(request, { ...config, skipCSRFCheck })
 * ```
 */
export const skipCSRFCheck: unique symbol = Symbol.for('gatehouse.skipCSRFCheck')

/**
 * Asks `Auth` for its internal result (`{ status, headers, body, redirect, cookies }`) instead of a `Response`,
 * and to re-throw sign-in errors; used by framework wrappers for server-side `signIn`.
 */
export const raw: unique symbol = Symbol.for('gatehouse.raw')

/** A provider property that replaces `fetch` for that provider's outbound requests. */
export const customFetch: unique symbol = Symbol.for('gatehouse.customFetch')

/**
 * Allows OAuth endpoints over plain `http:` on hosts other than loopback, where tokens and codes travel in clear.
 * Set it on the configuration or on one provider; only for test rigs on a private network.
 *
 * @example
 * ```ts
 * createAuth({ ...config, allowInsecureRequests })
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-2.6
 */
export const allowInsecureRequests: unique symbol = Symbol.for('gatehouse.allowInsecureRequests')

/**
 * On an e-mail provider (`confirmation: skipEmailConfirmation`): the link signs in on GET, as in Auth.js, instead
 * of opening a page whose button signs in. Mail scanners and link previews then use links up before people do
 * (next-auth #1840), and any page can sign a visitor's browser in with a link of its own (`<img src=link>`, login
 * CSRF).
 *
 * @example
 * ```ts
 * Nodemailer({ server, from, confirmation: skipEmailConfirmation })
 * ```
 */
export const skipEmailConfirmation: unique symbol = Symbol.for('gatehouse.skipEmailConfirmation')

/**
 * On the route handlers of `createAuth`: the same handler returning the internal result instead of a `Response`,
 * so `gatehouse-auth/node` can write it to the socket without a `Response` stream. Internal to Gatehouse's wrappers.
 */
export const internalHandler: unique symbol = Symbol.for('gatehouse.internalHandler')

/**
 * A request that carries a function under this symbol (`gatehouse-auth/node`'s lazy requests) has `createAuth`'s
 * handlers answer with what that function makes of the internal result, instead of a `Response` built at once.
 */
export const lazyAnswer: unique symbol = Symbol.for('gatehouse.lazyAnswer')
