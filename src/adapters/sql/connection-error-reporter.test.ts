import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectionErrorReporter } from './connection-error-reporter.js'

describe('connectionErrorReporter', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('reports the first error of a burst, and again once 10 s pass without one', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const seen: Error[] = []
    const report = connectionErrorReporter(() => (error) => void seen.push(error))
    report(new Error('first'))
    vi.advanceTimersByTime(6_000)
    report(new Error('same burst'))
    vi.advanceTimersByTime(6_000)
    // 12 s after the first, but only 6 s after the last: still the same burst.
    report(new Error('still the same burst'))
    vi.advanceTimersByTime(10_001)
    report('not an Error')
    expect(seen.map((e) => e.message)).toStrictEqual(['first', 'not an Error'])
  })

  it('logs to console.error without a hook, never silently', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    connectionErrorReporter(() => undefined)(new Error('terminating connection'))
    expect(error).toHaveBeenCalledTimes(1)
    expect(String(error.mock.calls[0]![0])).toMatch(/closed pooled connections \(terminating connection\)/)
  })

  it('survives a hook that throws, logging both', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const report = connectionErrorReporter(() => () => {
      throw new Error('hook broke')
    })
    expect(() => report(new Error('terminating connection'))).not.toThrow()
    expect(error).toHaveBeenCalledTimes(1)
    expect(error.mock.calls[0]!.map(String).join(' ')).toMatch(/hook broke.*terminating connection/)
  })
})
