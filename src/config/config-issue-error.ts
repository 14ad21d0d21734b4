import {
  AuthError,
  DuplicateConditionalUI,
  ExperimentalFeatureNotEnabled,
  InvalidEndpoints,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  MissingSecretError,
  MissingWebAuthnAutocomplete,
  UnsupportedStrategy,
  UntrustedHost,
  type ConfigIssue,
  type ConfigIssueType,
} from '../errors.js'

const CLASSES: Readonly<
  Record<ConfigIssueType, new (message: string, options: { cause: object }) => AuthError>
> = {
  AuthError,
  DuplicateConditionalUI,
  ExperimentalFeatureNotEnabled,
  InvalidEndpoints,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  MissingWebAuthnAutocomplete,
  UnsupportedStrategy,
  UntrustedHost,
}

/** Where and how a configuration problem is logged. */
export interface IssueErrorOptions {
  /** `NODE_ENV` is `production`: a missing secret is then a {@link MissingSecretError}. */
  production: boolean
  /** The request being answered, for Auth.js's `UntrustedHost` message, which names its URL. */
  request?: Request | undefined
  /** On a request's short line: how many problems the configuration has in all. */
  issueCount?: number | undefined
}

/** A request's address without its query, which can carry a sign-in token or an OAuth code (CWE-532). */
function withoutQuery(url: string): string {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

/**
 * The problem as the error Auth.js logs for it: its Auth.js class, Auth.js's message (with the request's URL for
 * `UntrustedHost`), and the issue itself in `cause.issue`, so that what to do travels with it.
 */
export function configIssueError(issue: ConfigIssue, options: IssueErrorOptions): AuthError {
  const Class =
    issue.type === 'MissingSecret' && options.production ? MissingSecretError : CLASSES[issue.type]
  const message =
    issue.type === 'UntrustedHost' && options.request
      ? `Host must be trusted. URL was: ${withoutQuery(options.request.url)}`
      : issue.message
  const cause = options.issueCount === undefined ? { issue } : { issue, issueCount: options.issueCount }
  return new Class(message, { cause })
}
