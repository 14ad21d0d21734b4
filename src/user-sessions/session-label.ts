import Bowser from 'bowser'

/**
 * A short readable name for a browser from its `User-Agent` ("Firefox on Linux", "Safari on iOS"), through
 * `bowser`; `null` when the header says nothing it knows.
 */
export function sessionLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null
  try {
    const parser = Bowser.getParser(userAgent)
    const browser = parser.getBrowserName()
    const os = parser.getOSName()
    if (browser && os) return `${browser} on ${os}`
    return browser || os || null
  } catch {
    // A header bowser cannot read is simply unlabelled.
    return null
  }
}
