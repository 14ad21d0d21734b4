/**
 * The suites `adapterConformance` runs, in order: one file per part of the adapter contract under `suites/`.
 * Adding a capability is a suite file (see `suites/conformance-suite.ts`) and one line in `capabilitySuites`; its
 * name joins `AdapterCapability`, its methods `capabilityMethods`, and its raw reads the `db` option's type.
 *
 * @module
 */
import { accountsSuite } from './suites/accounts.js'
import { authenticatorsSuite } from './suites/authenticators.js'
import { createUserWithAccountSuite } from './suites/create-user-with-account.js'
import { exactMatchingSuite } from './suites/exact-matching.js'
import { getAccountSuite } from './suites/get-account.js'
import { listSessionsSuite } from './suites/list-sessions.js'
import { passkeyManagementSuite } from './suites/passkey-management.js'
import { passwordsSuite } from './suites/passwords.js'
import { auditEventsSuite } from './suites/audit-events.js'
import { sessionRecordsSuite } from './suites/session-records.js'
import { sessionRevocationsSuite } from './suites/session-revocations.js'
import { sessionsSuite } from './suites/sessions.js'
import { twoFactorSuite } from './suites/two-factor.js'
import { updateAccountSuite } from './suites/update-account.js'
import { userDeletionSuite } from './suites/user-deletion.js'
import { usersSuite } from './suites/users.js'
import { verificationTokensSuite } from './suites/verification-tokens.js'

/** The core of the contract: every adapter must pass these. */
export const coreSuites = [
  usersSuite,
  accountsSuite,
  sessionsSuite,
  exactMatchingSuite,
  verificationTokensSuite,
  userDeletionSuite,
] as const

/** The optional capabilities, each run when the adapter declares it and reported skipped otherwise. */
export const capabilitySuites = [
  getAccountSuite,
  updateAccountSuite,
  createUserWithAccountSuite,
  listSessionsSuite,
  authenticatorsSuite,
  passkeyManagementSuite,
  passwordsSuite,
  sessionRevocationsSuite,
  sessionRecordsSuite,
  auditEventsSuite,
  twoFactorSuite,
] as const
