import { cryptoBackend } from '#crypto'
import { describe, expect, it } from 'vitest'

describe('#crypto', () => {
  // Each Vitest project resolves `#crypto` as one kind of runtime would; the suites it runs rely on this.
  it('is the backend this test project is meant to exercise', () => {
    expect(cryptoBackend.name).toBe(process.env['GATEHOUSE_EXPECTED_CRYPTO'])
  })
})
