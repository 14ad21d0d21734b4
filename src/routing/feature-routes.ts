import { twoFactorRoutes } from '../two-factor/two-factor-routes.js'
import { webauthnScriptAnswer } from '../pages/webauthn-script-answer.js'
import { passwordRoutes } from '../passwords/password-routes.js'
import { sessionsList, sessionsPage, sessionsRevoke } from '../user-sessions/sessions-routes.js'
import type { FeatureRoute } from './feature-route.js'
import type { AuthAction } from './auth-actions.js'

/**
 * The one list of Gatehouse's own endpoints beside Auth.js's wire actions (`route-table.ts`). A feature adds its
 * routes here, each with its method, CSRF and page needs as data (a password sign-up's `GET signup` page and
 * `POST signup/password`, a second factor's `POST callback/two-factor`), and its handler in its own folder;
 * the router and the configuration-error answer read them from here, and nothing else special-cases a path.
 */
export const featureRoutes = Object.freeze([
  // `{basePath}/webauthn-script/{hash}.js`: the passkey script of the built-in sign-in page (any other name is a 404).
  {
    path: 'webauthn-script/:file?',
    method: 'GET',
    csrf: 'never',
    page: false,
    handler: webauthnScriptAnswer,
  },
  // Password accounts (`passwords/password-routes.ts`): sign-up, verification, reset, change.
  ...passwordRoutes,
  // Session management for the signed-in user (issue #25): the list as JSON, ending sessions, and the page.
  { path: 'sessions', method: 'GET', csrf: 'never', page: false, handler: sessionsList },
  { path: 'sessions/revoke', method: 'POST', csrf: 'always', page: false, handler: sessionsRevoke },
  { path: 'account/sessions', method: 'GET', csrf: 'never', page: true, handler: sessionsPage },
  // Two-factor sign-in: the challenge, its callback, enrolment, backup codes, turning it off.
  ...twoFactorRoutes,
] as const satisfies readonly FeatureRoute[])

/** The first path segment of a feature route that is not one of Auth.js's actions (`webauthn-script`). */
export type FeatureAction = Exclude<FirstSegment<(typeof featureRoutes)[number]['path']>, AuthAction>

type FirstSegment<Path extends string> = Path extends `${infer Head}/${string}` ? Head : Path
