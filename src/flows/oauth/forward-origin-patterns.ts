/**
 * Compiles the origins a redirect-proxy deployment may forward callbacks to. An entry is an exact origin
 * (`https://preview.example.com`) or one with `*` standing for letters, digits and `-` inside the host name, never a
 * dot (`https://myapp-*-myteam.vercel.app`), so a pattern cannot widen to another domain. Returns the patterns and
 * the entries that are not origins.
 */
export function compileForwardOrigins(entries: readonly string[]): { patterns: RegExp[]; invalid: string[] } {
  const patterns: RegExp[] = []
  const invalid: string[] = []
  for (const raw of entries) {
    const entry = raw.trim().replace(/\/+$/, '')
    const match = /^(https?):\/\/([a-z0-9*.-]+)(:\d{1,5})?$/i.exec(entry)
    if (!match || match[2]!.split('.').some((label) => label === '' || label === '*')) {
      // A bare `*` label (`https://*.vercel.app`) would admit every other customer of that host: refuse it.
      invalid.push(raw)
      continue
    }
    const escaped = entry
      .toLowerCase()
      .replace(/[.+?^${}()|[\]\\/]/g, '\\$&')
      .replace(/\*/g, '[a-z0-9-]+')
    patterns.push(new RegExp(`^${escaped}$`))
  }
  return { patterns, invalid }
}

/** Whether `origin` is one of the allowed forward origins. */
export function forwardOriginAllowed(origin: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((p) => p.test(origin.toLowerCase()))
}
