/** Thrown by {@link HashQueue.run} when every slot and every waiting place is taken: the caller answers 503. */
export class HashQueueFull extends Error {
  constructor() {
    super('Too many password checks at once; try again in a moment.')
    this.name = 'HashQueueFull'
  }
}

/** How many hashes run at once, and how many may wait for a slot. */
export interface HashQueueOptions {
  /** Hashes computed at the same time. Default 4: each holds its memory (19 MiB at OWASP's parameters). */
  concurrency?: number
  /** Requests waiting for a slot; one more is refused at once. Default 64. */
  maxWaiting?: number
}

/**
 * A bounded queue in front of the hasher. argon2id holds its memory for the whole computation, so a flood of
 * sign-ins, unbounded, would hold 19 MiB each until the process runs out: at most `concurrency` run, at most
 * `maxWaiting` wait, and past that a request is refused at once (the caller answers `503` with `Retry-After`) rather
 * than queued without limit. Memory in use is then at most `concurrency` hashes, whatever arrives.
 */
export class HashQueue {
  readonly concurrency: number
  readonly maxWaiting: number
  #running = 0
  readonly #waiting: Array<() => void> = []

  constructor(options: HashQueueOptions = {}) {
    this.concurrency = options.concurrency ?? 4
    this.maxWaiting = options.maxWaiting ?? 64
  }

  /** Hashes running now. */
  get running(): number {
    return this.#running
  }

  /** Requests waiting now. */
  get waiting(): number {
    return this.#waiting.length
  }

  /** Runs `task` when a slot is free; rejects with {@link HashQueueFull} at once when none is and none can wait. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting) throw new HashQueueFull()
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    } else {
      this.#running++
    }
    try {
      return await task()
    } finally {
      // The slot passes straight to the next waiter, so `running` never drops below what is in progress.
      const next = this.#waiting.shift()
      if (next) next()
      else this.#running--
    }
  }
}

/** Why queue options cannot be used, or `undefined`. */
export function hashQueueProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null) return '`hashQueue` must be an object.'
  const q = value as Record<string, unknown>
  if (q.concurrency !== undefined && !(Number.isInteger(q.concurrency) && (q.concurrency as number) >= 1))
    return '`hashQueue.concurrency` must be a whole number from 1.'
  if (q.maxWaiting !== undefined && !(Number.isInteger(q.maxWaiting) && (q.maxWaiting as number) >= 0))
    return '`hashQueue.maxWaiting` must be a whole number from 0.'
  return undefined
}
