import type { FeatureRoute } from './feature-route.js'
import { authActions, isAuthAction, routes, type AuthAction, type Method, type Route } from './route-table.js'

/** The routes of one path, by method; a method without one is refused (400). */
export type RoutesByMethod = Readonly<Partial<Record<Method, Route>>>

/** What a path under `basePath` addresses: an Auth.js action (with its provider id) or a feature route. */
export interface PathMatch {
  /** The Auth.js action; `undefined` for a feature route. */
  readonly action: AuthAction | undefined
  /** The provider id an action's path names, decoded (`"undefined"`, sent by old clients, is none). */
  readonly providerId: string | undefined
  /** What a feature route's `:name` segment took, decoded. */
  readonly param: string | undefined
  /** The path as declared (`session`, `two-factor/setup`), for messages. */
  readonly path: string
  readonly routes: RoutesByMethod
  /** Whether a GET of it answers an HTML page (a broken configuration then answers the error page). */
  readonly page: boolean
}

/** A feature path, compiled: its fixed segments and whether one more segment is a parameter. */
interface FeaturePath {
  readonly path: string
  readonly fixed: readonly string[]
  readonly param: 'none' | 'one' | 'optional'
  readonly routes: RoutesByMethod
  readonly page: boolean
}

/** Fixed segments are matched as they are written, so they must not need percent-encoding. */
const SEGMENT = /^[a-z0-9][a-z0-9-]*$/
const PARAM = /^:[a-z][a-zA-Z0-9]*\??$/

/**
 * Finds what a request path addresses: Auth.js's actions (`route-table.ts`) and the feature routes beside them
 * (`feature-routes.ts`), both compiled once. A feature route checks its declaration when the router is built, so a
 * route that would shadow an action, swallow provider ids or repeat another does not get as far as a request.
 */
export class Router {
  /** Feature paths by first segment, fixed paths before those with a parameter. */
  readonly #features = new Map<string, FeaturePath[]>()
  /** The match of each action without a provider id, made once: the session check allocates none. */
  readonly #bare = new Map<AuthAction, PathMatch>()
  readonly #actionRoutes = new Map<AuthAction, RoutesByMethod>()
  /** The match of every one-segment path, made once: the session check is one lookup and allocates nothing. */
  readonly #single = new Map<string, PathMatch>()
  /** Provider ids that feature routes under an action (`callback/two-factor`) took. */
  readonly reservedProviderIds: ReadonlySet<string>

  /** @throws TypeError naming the first feature route that is malformed or clashes. */
  constructor(featureRoutes: readonly FeatureRoute[]) {
    for (const action of Object.keys(authActions) as AuthAction[]) {
      const byMethod: Partial<Record<Method, Route>> = {}
      for (const method of ['GET', 'POST'] as const) {
        const route = routes[`${method} ${action}`]
        if (route) byMethod[method] = route
      }
      Object.freeze(byMethod)
      this.#actionRoutes.set(action, byMethod)
      const page = authActions[action].page
      this.#bare.set(
        action,
        Object.freeze({
          action,
          providerId: undefined,
          param: undefined,
          path: action,
          routes: byMethod,
          page,
        }),
      )
    }
    const reserved = new Set<string>()
    const compiled = new Map<
      string,
      { fixed: string[]; param: FeaturePath['param']; routes: FeatureRoute[] }
    >()
    for (const route of featureRoutes) {
      const { fixed, param } = parsePath(route)
      const head = fixed[0]!
      if (isAuthAction(head)) {
        if (param !== 'none' || fixed.length !== 2 || !authActions[head].providerInPath) {
          throw new TypeError(
            `Feature route "${route.path}" extends the Auth.js action "${head}"; only "{action}/{id}" of an action ` +
              'that names a provider there may (the id is then reserved).',
          )
        }
        reserved.add(fixed[1]!)
      }
      const key = `${fixed.join('/')}${param === 'none' ? '' : '/:'}`
      const entry = compiled.get(key) ?? { fixed, param, routes: [] }
      if (entry.param !== param) {
        throw new TypeError(`Feature route "${route.path}" repeats a path with another kind of parameter.`)
      }
      if (entry.routes.some((other) => other.method === route.method)) {
        throw new TypeError(`Feature route ${route.method} "${route.path}" is declared twice.`)
      }
      entry.routes.push(route)
      compiled.set(key, entry)
    }
    for (const { fixed, param, routes: declared } of compiled.values()) {
      const byMethod: Partial<Record<Method, Route>> = {}
      for (const { method, handler, csrf } of declared)
        byMethod[method] = { handler, csrf, provider: 'ignored' }
      const path = declared[0]!.path
      const page = declared.some((route) => route.method === 'GET' && route.page)
      const list = this.#features.get(fixed[0]!) ?? []
      list.push(Object.freeze({ path, fixed, param, routes: Object.freeze(byMethod), page }))
      // A fixed path wins over a parameter that would also take it.
      list.sort((a, b) => Number(a.param !== 'none') - Number(b.param !== 'none'))
      this.#features.set(fixed[0]!, list)
    }
    this.reservedProviderIds = reserved
    for (const head of [...this.#features.keys(), ...this.#bare.keys()]) {
      if (this.#single.has(head)) continue
      const found = this.#slowMatch([head])
      if (found !== undefined) this.#single.set(head, Object.freeze(found))
    }
  }

  /**
   * What `pathname` addresses under `basePath`, or `undefined` (a 400). Repeated and trailing slashes are
   * tolerated; the comparison with `basePath` is plain string comparison, not a regular expression built from it.
   */
  match(pathname: string, basePath: string): PathMatch | undefined {
    if (!pathname.startsWith(basePath) || pathname.charAt(basePath.length) !== '/') return undefined
    const rest = pathname.slice(basePath.length + 1)
    // One segment (`/auth/session`) is the usual case: one lookup, no array of pieces to split and filter.
    if (!rest.includes('/')) return this.#single.get(rest)
    const segments = rest.split('/').filter((s) => s !== '')
    return segments.length === 0 ? undefined : this.#slowMatch(segments)
  }

  #slowMatch(segments: readonly string[]): PathMatch | undefined {
    const head = segments[0]!
    // Feature routes first: `callback/two-factor` is the feature's, its id reserved from providers.
    const candidates = this.#features.get(head)
    if (candidates !== undefined) {
      for (const feature of candidates) {
        const found = featureMatch(feature, segments)
        if (found !== undefined) return found
      }
    }
    if (!isAuthAction(head) || segments.length > 2) return undefined
    if (segments.length === 1) return this.#bare.get(head)
    if (!authActions[head].providerInPath) return undefined
    let providerId: string
    try {
      providerId = decodeURIComponent(segments[1]!)
    } catch {
      return undefined
    }
    if (providerId === 'undefined') return this.#bare.get(head)
    const { page } = authActions[head]
    return {
      action: head,
      providerId,
      param: undefined,
      path: head,
      routes: this.#actionRoutes.get(head)!,
      page,
    }
  }

  /** Whether a path's first segment is one this router answers (an Auth.js action or a feature route's). */
  answersSegment(segment: string): boolean {
    return isAuthAction(segment) || this.#features.has(segment)
  }

  /** Why a provider may not have the id `id` (a feature route took it), or `undefined`. */
  providerIdProblem(id: string): string | undefined {
    if (!this.reservedProviderIds.has(id)) return undefined
    return `the id "${id}" is taken by one of Gatehouse's own endpoints (\`callback/${id}\`).`
  }
}

function parsePath(route: FeatureRoute): { fixed: string[]; param: FeaturePath['param'] } {
  const segments = typeof route.path === 'string' ? route.path.split('/') : []
  const last = segments.at(-1) ?? ''
  const param = PARAM.test(last) ? (last.endsWith('?') ? 'optional' : 'one') : 'none'
  const fixed = param === 'none' ? segments : segments.slice(0, -1)
  if (fixed.length === 0 || !fixed.every((segment) => SEGMENT.test(segment))) {
    throw new TypeError(
      `Feature route "${String(route.path)}": write segments of lowercase letters, digits and "-", ` +
        'joined by "/", with at most a last ":name" or ":name?".',
    )
  }
  if (route.method !== 'GET' && route.method !== 'POST') {
    throw new TypeError(`Feature route "${route.path}": the method must be GET or POST.`)
  }
  if (route.page && route.method !== 'GET') {
    throw new TypeError(`Feature route "${route.path}": only a GET answers a page.`)
  }
  return { fixed, param }
}

function featureMatch(feature: FeaturePath, segments: readonly string[]): PathMatch | undefined {
  const { fixed, param } = feature
  const extra = segments.length - fixed.length
  if (extra < 0 || extra > 1 || (extra === 1 && param === 'none') || (extra === 0 && param === 'one')) {
    return undefined
  }
  for (let index = 1; index < fixed.length; index++) if (segments[index] !== fixed[index]) return undefined
  let value: string | undefined
  if (extra === 1) {
    try {
      value = decodeURIComponent(segments[fixed.length]!)
    } catch {
      return undefined
    }
  }
  const { path, routes, page } = feature
  return { action: undefined, providerId: undefined, param: value, path, routes, page }
}
