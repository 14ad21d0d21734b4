import type { RateLimitStore } from '../rate-limit/rate-limit-store.js'
import type { SessionRevocationStore } from '../session/session-revocation-store.js'
import type { SingleUseStore } from './single-use-store.js'

/**
 * The `stores` option: where a configuration keeps its counters (`limits`) and its used values (`singleUse`). One
 * object may serve both (`MemoryStore`, `RedisStore`). Each store missing is a memory store of the configuration's
 * own, which holds for one process; several instances share state only through a shared store.
 *
 * Keys are `{purpose}:{part}…` (`email:address:…`, `webauthn:challenge:…`), with personal data (an address, a
 * user id) only as a SHA-256, so one store, or one Redis under one prefix, serves every purpose without collisions.
 */
export interface StoresOptions {
  /** Fixed-window counters: e-mail send limits (a provider's own `limits.store` wins for its e-mails). */
  limits?: RateLimitStore | undefined
  /** Single-use values: passkey challenges. */
  singleUse?: SingleUseStore | undefined
  /**
   * Revocations of JWT sessions (`MemoryStore`, `RedisStore`). Never filled by default: without it (or an adapter
   * of Gatehouse's, which has the revocation methods) JWT sessions are not revocable, as in Auth.js.
   */
  sessions?: SessionRevocationStore | undefined
}
