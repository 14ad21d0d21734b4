/**
 * `npm run bench`: throughput of Gatehouse and of @auth/core 0.41.3 on the same requests, in one process, side by
 * side. Every scenario is first checked to answer correctly on both systems, so no error path is ever timed.
 * `BENCH_QUICK=1` runs a ~10 s smoke version; `BENCH_CONCURRENCY=n` keeps n requests in flight (default 1, one
 * after the other). This reports numbers; it asserts nothing about speed. `BENCH_INSTANCES=1`, `BENCH_HTTP=1` and
 * `BENCH_PASSWORD=1` (password sign-in beside Better Auth, `password-sign-in.ts`) run one of the other benches instead.
 *
 * @module
 */
import { compare, median, warmUp } from './measure.js'
import type { MeasureOptions, Measurement } from './measure.js'
import { createBenchSystems } from './create-bench-systems.js'
import type { Scenario } from './create-bench-systems.js'
import { dbSessionScenarios } from './db-session-scenarios.js'
import { oauthScenarios } from './oauth-scenarios.js'
import { sessionScenarios } from './session-scenarios.js'
import { signInScenarios } from './sign-in-scenarios.js'
import { nextMiddlewareScenarios } from './next-middleware-scenarios.js'
import { webCryptoScenarios } from './webcrypto-scenarios.js'

if (process.env['BENCH_INSTANCES'] === '1') {
  await import('./multi-instance.js')
  process.exit(0)
}
if (process.env['BENCH_INSTRUCTIONS'] === '1') {
  await import('./http-instructions.js')
  process.exit(0)
}
if (process.env['BENCH_HTTP'] === '1') {
  await import('./http-run.js')
  process.exit(0)
}
if (process.env['BENCH_PASSWORD'] === '1') {
  await import('./password-sign-in.js')
  process.exit(0)
}

const quick = process.env['BENCH_QUICK'] === '1'
const concurrency = Math.max(1, Math.floor(Number(process.env['BENCH_CONCURRENCY'] ?? '1')) || 1)
const options: MeasureOptions = quick
  ? { warmupMs: 100, runMs: 250, rounds: 3, concurrency }
  : { warmupMs: 250, runMs: 600, rounds: 9, concurrency }
/**
 * Every operation of every scenario first runs this long, untimed. @auth/core does a few hundred session calls a
 * second and keeps getting faster for 5-10 s (measured: 250 ops/s in the first second, ~700 from the sixth on); its
 * JWE decode/encode and CSRF paths are shared between scenarios, so the pre-passes add up for it.
 */
const prepassMs = quick ? 100 : 2000
/** `BENCH_ONLY=ab` measures only the scenarios whose letters are given, e.g. to repeat one noisy row. */
const only = process.env['BENCH_ONLY']?.toLowerCase()

interface Row {
  scenario: Scenario
  ours: Measurement
  theirs: Measurement
}

const opsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/**
 * The ratio of each round of Gatehouse to the anchor's round next to it (the rounds alternate A B, B A, …), so drift
 * on the machine falls on both sides of each ratio; the median of those is the reported ratio, with their range.
 */
function pairedRatios(ours: Measurement, theirs: Measurement): { median: number; min: number; max: number } {
  const ratios = ours.samples.map((rate, round) => rate / theirs.samples[round]!)
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) }
}

/** Half the min-max range of the rounds, relative to the median: a rough noise figure. */
function spread(measurement: Measurement): string {
  const { samples, opsPerSec } = measurement
  const half = (Math.max(...samples) - Math.min(...samples)) / 2
  return `±${((half / opsPerSec) * 100).toFixed(1)}%`
}

function printTable(rows: readonly Row[]): void {
  const header = ['scenario', 'Gatehouse ops/s', '@auth/core ops/s', 'ratio (range of rounds)', 'target']
  const lines = rows.map(({ scenario, ours, theirs }) => {
    const { median: ratio, min, max } = pairedRatios(ours, theirs)
    const target =
      scenario.target === undefined
        ? '-'
        : `>= ${scenario.target}x (${ratio >= scenario.target ? 'met' : 'missed'})`
    return [
      scenario.title,
      `${opsFormat.format(ours.opsPerSec)} ${spread(ours)}`,
      `${opsFormat.format(theirs.opsPerSec)} ${spread(theirs)}`,
      `${ratio.toFixed(1)}x (${min.toFixed(1)}-${max.toFixed(1)})`,
      target,
    ]
  })
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  )
  const format = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`
  console.log(format(header))
  console.log(
    `|${widths.map((width, column) => (column === 0 ? ':' : '-').padEnd(width + 1, '-') + (column === 0 ? '-' : ':')).join('|')}|`,
  )
  for (const line of lines) console.log(format(line))
}

async function main(): Promise<void> {
  // The configurations pass everything explicitly; an AUTH_URL in the environment would change the origin.
  for (const name of ['AUTH_URL', 'NEXTAUTH_URL', 'AUTH_REDIRECT_PROXY_URL']) delete process.env[name]

  const systems = createBenchSystems()
  const database = await dbSessionScenarios()
  const oauth = await oauthScenarios()
  const scenarios = [
    ...(await sessionScenarios(systems)),
    ...(await signInScenarios(systems)),
    ...database.scenarios,
    ...oauth.scenarios,
    ...(await webCryptoScenarios(systems)),
    ...(await nextMiddlewareScenarios()),
  ].filter((s) => only === undefined || only.includes(/^\((\w)\)/.exec(s.title)?.[1] ?? ''))
  for (const scenario of scenarios) await scenario.verify()
  for (const scenario of scenarios) {
    await warmUp(scenario.gatehouse, prepassMs, concurrency)
    await warmUp(scenario.anchor, prepassMs, concurrency)
  }

  const gc =
    typeof (globalThis as { gc?: unknown }).gc === 'function' ? 'gc between rounds' : 'no --expose-gc'
  console.log(
    `Gatehouse vs @auth/core 0.41.3, node ${process.version}, ${quick ? 'quick' : 'full'} mode: ` +
      `warm-up ${prepassMs} + ${options.warmupMs} ms, ${options.rounds} interleaved rounds of ${options.runMs} ms ` +
      `each, median; ${concurrency} request(s) in flight; ${gc}.`,
  )
  const rows: Row[] = []
  for (const scenario of scenarios) {
    const [ours, theirs] = await compare(
      { name: systems.gatehouse.name, fn: scenario.gatehouse },
      { name: systems.anchor.name, fn: scenario.anchor },
      scenario.concurrency === undefined ? options : { ...options, concurrency: scenario.concurrency },
    )
    rows.push({ scenario, ours, theirs })
    console.log(`  measured ${scenario.title}`)
  }
  console.log('')
  printTable(rows)
  console.log(
    '\nops/s are medians; ± is half the min-max range of the rounds relative to the median. The ratio is the median' +
      ' of the per-round ratios (each Gatehouse round against the anchor round beside it), with their range.' +
      ' In (w) and (x) the first column is Gatehouse on its WebCrypto backend (edge runtimes) and the second' +
      ' Gatehouse on node:crypto, not @auth/core. In (n) the anchor is next-auth 5.0.0-beta.32.',
  )
  await database.close()
  await oauth.close()
}

await main()
