/**
 * Auth.js's wire actions as data: a leaf of declarations (no import), so that `types.ts`, the path parser and the
 * configuration-error answer read the action list without loading the route table and its handlers.
 *
 * @module
 */

/** What the path parser and the configuration-error answer need to know about an action. */
export interface ActionShape {
  /** The path may name a provider: `{basePath}/{action}/{providerId}`. */
  readonly providerInPath: boolean
  /** A GET answers an HTML page (so a broken configuration answers it with the error page, not JSON). */
  readonly page: boolean
}

/**
 * The one list of Auth.js's wire actions, one endpoint each under `basePath`, as `@auth/core` answers them;
 * {@link AuthAction}, the path parser and the configuration-error answer derive from it, and the route table
 * (`route-table.ts`) is keyed by it. Gatehouse's own further endpoints are not here: they are the feature routes of `feature-routes.ts`.
 *
 * Adding a provider kind touches its flow's folder (`flows/<kind>/`, the `SignInFlow` it exports) and the flow table
 * in `flows/flow-for.ts`; adding an Auth.js action touches this file, the route table and its handler in `actions/`; adding a feature's
 * endpoint touches `feature-routes.ts` and the feature's handler. Nothing else branches on any of them.
 */
export const authActions = Object.freeze({
  providers: { providerInPath: false, page: false },
  session: { providerInPath: false, page: false },
  csrf: { providerInPath: false, page: false },
  signin: { providerInPath: true, page: true },
  signout: { providerInPath: false, page: true },
  callback: { providerInPath: true, page: false },
  'verify-request': { providerInPath: false, page: true },
  error: { providerInPath: false, page: true },
  'webauthn-options': { providerInPath: true, page: false },
} as const satisfies Record<string, ActionShape>)

/** An Auth.js action: the last path segment (or the one before the provider id) under `basePath`. */
export type AuthAction = keyof typeof authActions

/** The methods the endpoints answer; any other is a 400. */
export type Method = 'GET' | 'POST'
