import { configErrorResult } from '../answer/index.js'
import { isPagePath } from '../routing/default-router.js'
import { AuthError, ConfigError } from '../errors.js'
import { createLogger } from '../lib/logger.js'
import { oncePerLogger } from '../lib/once-per-logger.js'
import type { AuthConfig, LoggerInstance, ResponseInternal } from '../types.js'
import { configIssueError } from './config-issue-error.js'
import { resolveConfig } from './resolve-config.js'
import type { ResolvedConfig } from './resolved-config.js'

type Env = Record<string, string | undefined>

/** A configuration that cannot work, kept so that every request is answered at once with the configuration error. */
export interface ConfigFailure {
  /** A {@link ConfigError} listing every problem; another error when the configuration was not even an object. */
  readonly error: Error
  /** What was given, for the error page's `pages.error`, `basePath` and `theme`. */
  readonly input: AuthConfig
  readonly logger: LoggerInstance
  /** `NODE_ENV` was `production`: the built-in error page then stays generic. */
  readonly production: boolean
}

/** A configuration resolved once: ready, or failed. */
export type Resolution = { readonly config: ResolvedConfig } | { readonly failure: ConfigFailure }

function isConfig(value: unknown): value is AuthConfig {
  return typeof value === 'object' && value !== null
}

/**
 * Logs a broken configuration once per process and logger: the {@link ConfigError} with its list, then each
 * problem as its Auth.js class with Auth.js's message (`MissingSecret` "Please define a `secret`", …), so that
 * alerting written for Auth.js sees the same errors.
 */
function reportOnce(failure: ConfigFailure): void {
  const { error, input, logger, production } = failure
  if (!oncePerLogger(isConfig(input) ? input.logger : undefined, `config-error:${error.message}`)) return
  logger.error(error)
  if (error instanceof ConfigError) {
    for (const issue of error.issues) logger.error(configIssueError(issue, { production }))
  }
}

/**
 * Resolves a configuration, or reports why it cannot work and keeps that, so that a broken configuration is
 * reported once and each request then answered without resolving again.
 */
export function resolveOrReport(config: AuthConfig, env: Env): Resolution {
  try {
    return { config: resolveConfig(config, env) }
  } catch (error) {
    return reportFailure(error, config, env)
  }
}

/**
 * Keeps and reports (once) a configuration that cannot be used: `error` is what resolving it threw, or what a
 * configuration function threw before there was a configuration (`config` then has no logger of the user's).
 */
export function reportFailure(
  error: unknown,
  config: AuthConfig,
  env: Env,
): { readonly failure: ConfigFailure } {
  const failure: ConfigFailure = {
    error: error instanceof Error ? error : new Error(String(error)),
    input: config,
    logger: createLogger(
      isConfig(config) ? config.logger : undefined,
      isConfig(config) && config.debug === true,
    ),
    production: env.NODE_ENV === 'production',
  }
  reportOnce(failure)
  return { failure }
}

/** One line per problem for the built-in error page in development: the option, what is wrong, what to do. */
function developmentProblems(error: Error): string[] {
  if (!(error instanceof ConfigError)) return [error.message]
  return error.issues.map((issue) => `${issue.option}: ${issue.problem} ${issue.fix}`.trim())
}

/**
 * The answer to a request while the configuration is broken (wire-contract §1.4 #2), with one short log line:
 * the first problem as Auth.js logs it for each request (its class and message), never the whole list or a
 * stack again. In development the built-in error page lists the problems; in production it stays generic.
 */
export function answerConfigFailure(request: Request, failure: ConfigFailure): ResponseInternal {
  const { error, logger, production } = failure
  const first = error instanceof ConfigError ? error.issues[0] : undefined
  logger.error(
    first
      ? configIssueError(first, { production, request, issueCount: (error as ConfigError).issues.length })
      : new AuthError(`The configuration cannot be used: ${error.message}`, {
          reason: 'invalid_configuration',
        }),
  )
  const input = isConfig(failure.input) ? failure.input : { providers: [] }
  const page = isPagePath(request, input.basePath)
  return configErrorResult(request, input, page, production ? undefined : developmentProblems(error))
}
