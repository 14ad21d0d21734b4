import type { ConfigIssue, ConfigIssueType } from '../errors.js'

/** A problem as a check reports it: `type` defaults to `AuthError`, `message` to `problem`. */
export interface IssueInput {
  readonly option: string
  readonly problem: string
  readonly fix: string
  readonly type?: ConfigIssueType | undefined
  readonly message?: string | undefined
}

/** Reports one problem of a configuration; every check reports all it finds, nothing is thrown. */
export type ReportIssue = (issue: IssueInput) => void

/** An empty list of problems and the function that adds to it. */
export function collectIssues(): { readonly issues: ConfigIssue[]; readonly report: ReportIssue } {
  const issues: ConfigIssue[] = []
  const report: ReportIssue = (issue) => {
    issues.push(
      Object.freeze({
        option: issue.option,
        problem: issue.problem,
        fix: issue.fix,
        type: issue.type ?? 'AuthError',
        message: issue.message ?? issue.problem,
      }),
    )
  }
  return { issues, report }
}
