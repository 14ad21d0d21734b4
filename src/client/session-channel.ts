/** The message every tab posts when the session may have changed (next-auth's format and channel name). */
export interface SessionMessage {
  event: 'session'
  data: { trigger: 'signout' | 'getSession' | 'update' }
}

type Listener = (origin: 'local' | 'remote') => void

const listeners = new Set<Listener>()
let channel: BroadcastChannel | null | undefined

/**
 * One channel per page: a `BroadcastChannel` does not deliver a message to the object that posted it, so a tab
 * never refetches because of its own broadcast.
 */
function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('next-auth')
    channel?.addEventListener('message', () => {
      for (const listener of listeners) listener('remote')
    })
  }
  return channel
}

/** Tells the other tabs (and nothing in this one) that the session may have changed. */
export function broadcastSession(trigger: SessionMessage['data']['trigger']): void {
  const message: SessionMessage = { event: 'session', data: { trigger } }
  getChannel()?.postMessage(message)
}

/** Tells this tab's listeners (the `SessionProvider`) that the session changed here, e.g. after `signIn`. */
export function notifySessionChanged(): void {
  for (const listener of listeners) listener('local')
}

/** Listens for session changes from other tabs and from this one; returns the function that stops listening. */
export function onSessionChange(listener: Listener): () => void {
  getChannel()
  listeners.add(listener)
  return () => listeners.delete(listener)
}
