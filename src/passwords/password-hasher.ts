/**
 * How passwords are hashed: what the flows need of a hasher, so that they never import the native package (the
 * `Password` provider brings it; the core stays loadable where no native module can be).
 */
export interface PasswordHasher {
  /** The parameters new hashes are made with (argon2id: memory in KiB, passes, lanes). */
  readonly parameters: Readonly<Record<string, number>>
  /** A PHC string of `password`, with a fresh salt. */
  hash(password: string): Promise<string>
  /** Whether `password` matches `stored`; `false`, never a throw, for a string this hasher cannot read. */
  verify(stored: string, password: string): Promise<boolean>
  /** Whether `stored` was made with other or weaker parameters, and should be replaced after a successful check. */
  needsRehash(stored: string): boolean
}
