import { apiBaseUrl } from './client-config.js'

/** The outcome of a call to an endpoint: its JSON, or the fact that it failed (network, status, body). */
export type FetchOutcome<T> = { ok: true; data: T } | { ok: false; error: unknown }

/**
 * GETs (or with a body, POSTs as JSON) `{base}/{path}` as next-auth's `fetchData` does, but tells a failure apart
 * from a `null` answer, so that a failed refetch is not mistaken for "signed out".
 */
export async function fetchAuthJson<T>(
  path: string,
  body?: Record<string, unknown>,
): Promise<FetchOutcome<T>> {
  try {
    const init: RequestInit = { headers: { 'Content-Type': 'application/json' } }
    if (body !== undefined) {
      init.method = 'POST'
      init.body = JSON.stringify(body)
    }
    const response = await fetch(`${apiBaseUrl()}/${path}`, init)
    const data = (await response.json()) as T
    if (!response.ok) return { ok: false, error: data }
    return { ok: true, data }
  } catch (error) {
    return { ok: false, error }
  }
}

/** Logs a failed call the way next-auth does (`ClientFetchError`), so that the console shows why. */
export function logFetchError(path: string, error: unknown): void {
  const message = error instanceof Error ? error.message : JSON.stringify(error ?? null)
  console.error(`[gatehouse] ClientFetchError: ${path}: ${message}`)
}
