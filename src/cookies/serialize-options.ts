/** Attributes of a `Set-Cookie` header; the names follow `jshttp/cookie`, which Auth.js configurations use. */
export interface SerializeOptions {
  /** Seconds until the cookie expires; `0` deletes it. */
  maxAge?: number
  domain?: string
  path?: string
  expires?: Date
  httpOnly?: boolean
  secure?: boolean
  partitioned?: boolean
  priority?: 'low' | 'medium' | 'high'
  /** `true` means `Strict`, `false` leaves the attribute out. */
  sameSite?: 'lax' | 'strict' | 'none' | boolean
}
