import assert from 'node:assert/strict'
import type { AuditEvent } from '../../audit/audit-event.js'
import { conformanceSuite } from './conformance-suite.js'

/** Capability `auditEvents` (Gatehouse extension): the append-only audit trail, a user's events newest first. */
export const auditEventsSuite = conformanceSuite({
  name: 'auditEvents',
  title: 'auditEvents',
  methods: ['createAuditEvent', 'listAuditEvents'],
  define({ it, adapter: a, run }) {
    it("appends events and lists a user's own, newest first, with limit and before", async () => {
      const userId = `audit-${run}`
      const base = Math.floor(Date.now() / 1000) * 1000
      const event = (n: number, user: string | null = userId): AuditEvent => ({
        id: crypto.randomUUID(),
        userId: user,
        type: n % 2 === 0 ? 'sign-in' : 'sign-out',
        outcome: 'success',
        reason: n === 1 ? 'revoked_one' : null,
        provider: n === 0 ? 'github' : null,
        clientAddress: '192.0.2.1',
        userAgent: 'UA',
        createdAt: new Date(base - n * 1000),
      })
      const events = [0, 1, 2, 3].map((n) => event(n))
      for (const e of [...events].reverse()) await a().createAuditEvent(e)
      await a().createAuditEvent(event(0, `someone-else-${run}`))
      await a().createAuditEvent(event(0, null))
      assert.deepEqual(await a().listAuditEvents(userId, { limit: 10 }), events)
      assert.deepEqual(await a().listAuditEvents(userId, { limit: 2 }), events.slice(0, 2))
      assert.deepEqual(
        await a().listAuditEvents(userId, { limit: 10, before: events[1]!.createdAt }),
        events.slice(2),
      )
    })
  },
})
