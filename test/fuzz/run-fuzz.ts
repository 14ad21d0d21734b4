/**
 * Runs one fuzz property with a fixed, overridable seed (`FUZZ_SEED`) and a bounded number of requests. On a
 * failure fast-check shrinks the request to a minimal one, and the thrown message prints it with the seed that
 * reproduces the run.
 */
import fc from 'fast-check'
import { describeRequest, type FuzzRequest } from './fuzz-request.js'

/** The default seed: runs are the same every time unless `FUZZ_SEED` says otherwise. */
export const DEFAULT_SEED = 1414

/** The seed in force for this run. */
export function fuzzSeed(): number {
  const fromEnv = process.env.FUZZ_SEED
  if (fromEnv === undefined || fromEnv === '') return DEFAULT_SEED
  const seed = Number(fromEnv)
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${JSON.stringify(fromEnv)}`)
  return seed
}

/** Requests per configuration: `fallback`, or `FUZZ_RUNS` for a longer hunt on a developer's machine. */
export function fuzzRuns(fallback: number): number {
  const runs = Number(process.env.FUZZ_RUNS ?? fallback)
  return Number.isInteger(runs) && runs > 0 ? runs : fallback
}

/** Thrown by a check with the broken invariants; the runner prints them under the shrunk request. */
export class InvariantBroken extends Error {}

/**
 * Checks `check` on `numRuns` requests from `arbitrary`. `check` throws {@link InvariantBroken} (or anything) when
 * a request breaks an invariant; the failure message holds the seed and the shrunk reproducer.
 */
export async function runFuzz(
  label: string,
  arbitrary: fc.Arbitrary<FuzzRequest>,
  numRuns: number,
  check: (req: FuzzRequest) => Promise<void>,
): Promise<void> {
  const seed = fuzzSeed()
  const details = await fc.check(fc.asyncProperty(arbitrary, check), {
    seed,
    numRuns,
    // Shrinking re-sends requests; a bound keeps a failing run from taking minutes.
    endOnFailure: false,
    maxSkipsPerRun: 100,
  })
  if (!details.failed) return
  const [req] = details.counterexample ?? []
  const error = details.errorInstance
  const reason = error instanceof Error ? error.message : String(error)
  throw new Error(
    [
      `fuzz ${label} failed (FUZZ_SEED=${seed}, after ${details.numRuns} requests, shrunk ${details.numShrinks} times).`,
      `Broken: ${reason}`,
      'Minimal reproducer:',
      req ? describeRequest(req) : '(none)',
      `Re-run with FUZZ_SEED=${seed} (fast-check path ${details.counterexamplePath ?? '?'}).`,
    ].join('\n'),
  )
}
