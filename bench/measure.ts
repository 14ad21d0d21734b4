/**
 * A small throughput harness: warm-up, then timed rounds, reported as the median ops/s of the rounds. `compare`
 * interleaves the rounds of two contenders (A B, B A, A B, …) so that drift (thermal, GC pressure, JIT tiers,
 * neighbours on the machine) falls on both alike.
 *
 * @module
 */
import { performance } from 'node:perf_hooks'

/** One operation; it must await everything it starts (the response body included). */
export type Operation = () => Promise<void>

/** How long to warm up and to time. */
export interface MeasureOptions {
  /** Untimed calls before the first round, to get past the JIT tiers. */
  warmupMs: number
  /** Length of one timed round. */
  runMs: number
  /** Timed rounds; the median is reported. Default 5. */
  rounds?: number
  /** Calls kept in flight at once. Default 1: one request after the other. */
  concurrency?: number
}

/** The result of a measurement. */
export interface Measurement {
  readonly name: string
  /** Median over the rounds. */
  readonly opsPerSec: number
  /** Ops/s of every round, in the order run. */
  readonly samples: readonly number[]
}

const DEFAULT_ROUNDS = 5

/**
 * Calls `fn` back to back, `concurrency` calls in flight, for at least `ms` milliseconds; returns the rate in
 * operations per second.
 */
async function runFor(fn: Operation, ms: number, concurrency = 1): Promise<number> {
  let count = 0
  const start = performance.now()
  const deadline = start + ms
  const loop = async () => {
    do {
      await fn()
      count++
    } while (performance.now() < deadline)
  }
  await Promise.all(Array.from({ length: concurrency }, loop))
  return (count * 1000) / (performance.now() - start)
}

/** Runs `fn` untimed for `ms` milliseconds, to get its code paths compiled before anything is timed. */
export async function warmUp(fn: Operation, ms: number, concurrency = 1): Promise<void> {
  await runFor(fn, ms, concurrency)
}

/** Collects garbage between rounds when node runs with `--expose-gc`, so a round does not pay for the last one. */
function collectGarbage(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * Measures one operation: warm-up, then `rounds` timed rounds of `runMs` each.
 *
 * @example
 * ```ts
 * const { opsPerSec } = await measure('csrf', () => handle(request()), { warmupMs: 500, runMs: 1000 })
 * ```
 */
export async function measure(name: string, fn: Operation, options: MeasureOptions): Promise<Measurement> {
  const rounds = options.rounds ?? DEFAULT_ROUNDS
  await runFor(fn, options.warmupMs, options.concurrency)
  const samples: number[] = []
  for (let round = 0; round < rounds; round++) {
    collectGarbage()
    samples.push(await runFor(fn, options.runMs, options.concurrency))
  }
  return { name, opsPerSec: median(samples), samples }
}

/** A named operation taking part in {@link compare}. */
export interface Contender {
  readonly name: string
  readonly fn: Operation
}

/**
 * Measures two operations with their rounds interleaved, the order flipping every round (A B, B A, …); each is
 * warmed up first. Returns the measurements in the order given.
 *
 * @example
 * ```ts
 * const [ours, theirs] = await compare({ name: 'gatehouse-auth', fn: a }, { name: 'auth.js', fn: b }, options)
 * ```
 */
export async function compare(
  first: Contender,
  second: Contender,
  options: MeasureOptions,
): Promise<[Measurement, Measurement]> {
  const rounds = options.rounds ?? DEFAULT_ROUNDS
  await runFor(first.fn, options.warmupMs, options.concurrency)
  await runFor(second.fn, options.warmupMs, options.concurrency)
  const firstSamples: number[] = []
  const secondSamples: number[] = []
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [first, second] : [second, first]
    for (const contender of order) {
      collectGarbage()
      const rate = await runFor(contender.fn, options.runMs, options.concurrency)
      ;(contender === first ? firstSamples : secondSamples).push(rate)
    }
  }
  return [
    { name: first.name, opsPerSec: median(firstSamples), samples: firstSamples },
    { name: second.name, opsPerSec: median(secondSamples), samples: secondSamples },
  ]
}
