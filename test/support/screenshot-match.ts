/**
 * Screenshots compared against reviewed ones (`test/e2e/screenshots/*.png`, committed after a person looked at
 * them). pixelmatch ignores anti-aliased pixels and small colour differences (font smoothing that varies between
 * machines); what remains must stay under a small share of the page, and the size must match, so a moved, resized
 * or missing element fails while a glyph's edge does not.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import type { Page } from 'playwright-core'

/** Where the reviewed screenshots live. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../e2e/screenshots/', import.meta.url))

/** How two screenshots differ. */
export interface ScreenshotDifference {
  /** `WxH` of each, when they differ (a layout that grew or shrank). */
  size?: { actual: string; expected: string }
  /** Pixels that differ beyond anti-aliasing and the colour threshold. */
  pixels: number
  /** `pixels` over the image's area. */
  ratio: number
  /** The diff image (differences in red), when the sizes match. */
  diff?: PNG
}

/** pixelmatch's per-pixel colour threshold (0 to 1, YIQ distance): above font smoothing, below any real change. */
const COLOUR_THRESHOLD = 0.1

/** Compares two PNG files' pixels; anti-aliased pixels (detected by pixelmatch) do not count. */
export function compareScreenshots(actual: Buffer, expected: Buffer): ScreenshotDifference {
  const a = PNG.sync.read(actual)
  const e = PNG.sync.read(expected)
  if (a.width !== e.width || a.height !== e.height) {
    return {
      size: { actual: `${a.width}x${a.height}`, expected: `${e.width}x${e.height}` },
      pixels: Number.POSITIVE_INFINITY,
      ratio: 1,
    }
  }
  const diff = new PNG({ width: a.width, height: a.height })
  const pixels = pixelmatch(a.data, e.data, diff.data, a.width, a.height, {
    threshold: COLOUR_THRESHOLD,
    includeAA: false,
  })
  return { pixels, ratio: pixels / (a.width * a.height), diff }
}

/** Options of {@link expectScreenshot}. */
export interface ExpectScreenshotOptions {
  /** The share of pixels that may differ; default 0.05%. */
  maxRatio?: number
}

/**
 * Takes a full-page screenshot of `page` and compares it with `test/e2e/screenshots/{name}.png`. With
 * `UPDATE_SCREENSHOTS=1` it writes the file instead (to be reviewed and committed); a missing file fails. On a
 * mismatch the actual and diff images are written to a temporary folder named in the error.
 */
export async function expectScreenshot(
  page: Page,
  name: string,
  options: ExpectScreenshotOptions = {},
): Promise<ScreenshotDifference | undefined> {
  const actual = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' })
  const file = join(SCREENSHOT_DIR, `${name}.png`)
  if (process.env['UPDATE_SCREENSHOTS'] === '1') {
    mkdirSync(SCREENSHOT_DIR, { recursive: true })
    writeFileSync(file, actual)
    return undefined
  }
  if (!existsSync(file)) {
    throw new Error(
      `No reviewed screenshot ${file}: run with UPDATE_SCREENSHOTS=1, look at it, and commit it.`,
    )
  }
  const difference = compareScreenshots(actual, readFileSync(file))
  const maxRatio = options.maxRatio ?? 0.0005
  if (difference.size !== undefined || difference.ratio > maxRatio) {
    const out = join(tmpdir(), 'gatehouse-screenshots')
    mkdirSync(out, { recursive: true })
    writeFileSync(join(out, `${name}.actual.png`), actual)
    if (difference.diff) writeFileSync(join(out, `${name}.diff.png`), PNG.sync.write(difference.diff))
    const what =
      difference.size !== undefined
        ? `its size is ${difference.size.actual}, the reviewed one's ${difference.size.expected}`
        : `${difference.pixels} pixels (${(difference.ratio * 100).toFixed(3)}%) differ, more than ${maxRatio * 100}%`
    throw new Error(`Screenshot ${name} does not match the reviewed one: ${what}. See ${out}/${name}.*.png`)
  }
  return difference
}
