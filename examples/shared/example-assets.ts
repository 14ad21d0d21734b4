/**
 * The examples' shared style sheet and icon, read once at start-up by the servers that write their own pages (the
 * demo, Express, Hono); Next.js and SvelteKit include the same files through their bundlers.
 *
 * @module
 */
import { readFileSync } from 'node:fs'

/** `examples/shared/example.css`. */
export const exampleCss = readFileSync(new URL('./example.css', import.meta.url), 'utf8')

/** `examples/shared/favicon.ico`: browsers ask every origin for `/favicon.ico`. */
export const faviconIco = readFileSync(new URL('./favicon.ico', import.meta.url))

/** Response headers for {@link faviconIco}. */
export const faviconHeaders = {
  'Content-Type': 'image/x-icon',
  'Cache-Control': 'public, max-age=86400',
} as const
