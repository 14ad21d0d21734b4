/**
 * The account events the audit trail records. Only fixed fields: a type, an outcome, a reason code from a fixed
 * vocabulary, a provider id, the client address and user agent. There is no free-form field, so nothing a caller
 * passes can carry a password, a token or a code into the log.
 *
 * @module
 */

/** What happened to an account. */
export type AuditEventType =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-out'
  | 'session-revoked'
  | 'password-changed'
  | 'password-reset'
  | 'two-factor-enabled'
  | 'two-factor-disabled'
  | 'two-factor-used'
  | 'passkey-added'
  | 'passkey-removed'
  | 'email-verified'

/** One stored event. */
export interface AuditEvent {
  id: string
  /** The account's user; `null` when none is known (a failed sign-in with an unknown name). */
  userId: string | null
  type: AuditEventType
  outcome: 'success' | 'failure'
  /** A reason code (`credentials_invalid`, `revoked_by_user`, …); never free text from a request. */
  reason: string | null
  /** The provider id of a sign-in. */
  provider: string | null
  clientAddress: string | null
  userAgent: string | null
  createdAt: Date
}

/** What a caller gives {@link recordAuditEvent}; the rest comes from the request. */
export interface AuditEventInput {
  type: AuditEventType
  userId?: string | null | undefined
  outcome?: 'success' | 'failure' | undefined
  reason?: string | null | undefined
  provider?: string | null | undefined
}

/** Options of `listAuditEvents`. */
export interface ListAuditEventsOptions {
  /** Most events returned, newest first. Default 50, at most 1000. */
  limit?: number | undefined
  /** Only events before this time (paging: pass the last event's `createdAt`). */
  before?: Date | undefined
}

/** Where audit events are kept: Gatehouse's adapters (the `audit_events` table, schema version 7; memory). */
export interface AuditEventStore {
  createAuditEvent(event: AuditEvent): unknown
  listAuditEvents(userId: string, options: { limit: number; before?: Date | undefined }): unknown
}

/** A reason code: short, of code characters only, so it can never smuggle a secret or markup into the log. */
export function reasonCode(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null
  return /^[A-Za-z0-9_.:-]{1,64}$/.test(value) ? value : 'other'
}
