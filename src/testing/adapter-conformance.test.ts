import { readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Adapter } from '../adapters/adapter.js'
import { MemoryAdapter } from '../adapters/memory.js'
import {
  adapterConformance,
  capabilityMethods,
  type AdapterCapability,
  type TestRunner,
} from './adapter-conformance.js'
import { capabilitySuites, coreSuites } from './conformance-suites.js'

interface Outcome {
  name: string
  result: 'passed' | 'failed' | 'skipped'
  detail?: string
}

/** Runs the suite with a minimal runner of our own and reports each case as a runner would. */
async function runSuite(adapter: Adapter, capabilities: AdapterCapability[]): Promise<Outcome[]> {
  const tests: Array<{ name: string; fn?: () => Promise<void>; reason?: string }> = []
  const before: Array<() => unknown> = []
  const after: Array<() => unknown> = []
  const prefix: string[] = []
  const runner: TestRunner = {
    describe: (name, fn) => {
      prefix.push(name)
      fn()
      prefix.pop()
    },
    it: (name, fn) => tests.push({ name: [...prefix, name].join(' > '), fn }),
    skip: (name, reason) => tests.push({ name: [...prefix, name].join(' > '), reason }),
    beforeAll: (fn) => before.push(fn),
    afterAll: (fn) => after.push(fn),
  }
  adapterConformance({
    name: 'probe',
    adapter: () => adapter,
    runner,
    capabilities,
    db: {
      user: (id) => adapter.getUser!(id),
      account: () => null,
      session: () => null,
      verificationToken: () => null,
    },
  })
  for (const fn of before) await fn()
  const outcomes: Outcome[] = []
  for (const test of tests) {
    if (!test.fn) {
      outcomes.push({ name: test.name, result: 'skipped', detail: test.reason! })
      continue
    }
    try {
      await test.fn()
      outcomes.push({ name: test.name, result: 'passed' })
    } catch (error) {
      outcomes.push({ name: test.name, result: 'failed', detail: (error as Error).message })
    }
  }
  for (const fn of after) await fn()
  return outcomes
}

const find = (outcomes: Outcome[], part: string) => outcomes.filter((o) => o.name.includes(part))

describe('adapterConformance capabilities', () => {
  it('reports an undeclared capability as skipped, with its reason, never as passed', async () => {
    const outcomes = await runSuite(MemoryAdapter(), [])
    const passkeys = find(outcomes, 'authenticators')
    expect(passkeys.length).toBeGreaterThan(0)
    for (const o of passkeys) {
      expect(o.result).toBe('skipped')
      expect(o.detail).toMatch(/capability "authenticators" not declared/)
    }
    expect(find(outcomes, 'updateAccount')[0]?.result).toBe('skipped')
  })

  it('fails a declared capability whose methods the adapter lacks', async () => {
    const { getAuthenticator: _g, createAuthenticator: _c, ...withoutPasskeys } = MemoryAdapter()
    const outcomes = await runSuite(withoutPasskeys, ['authenticators'])
    const [passkeys] = find(outcomes, 'authenticators')
    expect(passkeys?.result).toBe('failed')
    expect(passkeys?.detail).toMatch(/declared, but the adapter lacks createAuthenticator, getAuthenticator/)
  })

  it('runs a declared capability that the adapter has', async () => {
    const outcomes = await runSuite(MemoryAdapter(), ['listSessions'])
    expect(find(outcomes, 'listSessions')[0]?.result).toBe('passed')
  })

  it('fails a core part whose methods the adapter lacks, naming them', async () => {
    const { useVerificationToken: _u, ...withoutTokens } = MemoryAdapter()
    const outcomes = await runSuite(withoutTokens, [])
    const [tokens] = find(outcomes, 'verification tokens')
    expect(tokens?.result).toBe('failed')
    expect(tokens?.detail).toMatch(/every adapter needs useVerificationToken/)
  })
})

describe('the suite files', () => {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

  it('keeps the public capability list and methods as they were', () => {
    expect(capabilityMethods).toStrictEqual({
      getAccount: ['getAccount'],
      updateAccount: ['updateAccount'],
      createUserWithAccount: ['createUserWithAccount'],
      listSessions: ['listSessions', 'deleteSessions'],
      authenticators: [
        'createAuthenticator',
        'getAuthenticator',
        'listAuthenticatorsByUserId',
        'updateAuthenticatorCounter',
      ],
      passkeyManagement: ['listAccounts', 'updateAuthenticator', 'deleteAuthenticator'],
      passwords: ['getPasswordHash', 'setPasswordHash'],
      sessionRevocations: ['getSessionRevocations', 'addSessionRevocation', 'incrementSessionGeneration'],
      sessionRecords: [
        'updateSessionMetadata',
        'listSessions',
        'createJwtSession',
        'listJwtSessions',
        'updateJwtSession',
        'deleteJwtSession',
      ],
      auditEvents: ['createAuditEvent', 'listAuditEvents'],
      twoFactor: ['getTwoFactor', 'setTwoFactor', 'useTwoFactorStep', 'useBackupCode', 'voidTrustedDevices'],
    })
    expect(Object.isFrozen(capabilityMethods)).toBe(true)
  })

  it('registers every suite file, each named suites/<its name>.ts, each name once', async () => {
    const registered = [...coreSuites, ...capabilitySuites]
    const files = (await readdir(new URL('./suites/', import.meta.url)))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3))
    const suiteFiles: string[] = []
    for (const file of files) {
      const module = (await import(
        /* @vite-ignore */ new URL(`./suites/${file}.ts`, import.meta.url).href
      )) as Record<string, unknown>
      for (const value of Object.values(module)) {
        if (typeof value !== 'object' || value === null || !('define' in value)) continue
        suiteFiles.push(file)
        expect(registered, `${file}.ts is not in conformance-suites.ts`).toContain(value)
      }
    }
    expect(registered.map((s) => kebab(s.name)).sort()).toStrictEqual([...suiteFiles].sort())
  })
})
