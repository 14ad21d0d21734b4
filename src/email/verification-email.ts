import type { Theme } from '../types.js'

/** What a sign-in message says, as the built-in senders send it. */
export interface VerificationEmail {
  subject: string
  text: string
  html: string
}

/** What {@link verificationEmail} needs. */
export interface VerificationEmailParams {
  /** The sign-in link. */
  url: string
  /** The site's host as the reader knows it (the link's host by default). */
  host?: string | undefined
  /** When the link stops working. */
  expires: Date
  /** The configuration's `theme`: `brandColor`, `buttonText`, `logo`. */
  theme?: Theme | undefined
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

/** One line of header-safe text: control characters (CR, LF, NUL…) become spaces. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
}

// A theme colour goes into a style attribute: only the forms a colour can take, nothing that could end the value.
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|hsl)a?\([0-9.,%\s]{5,40}\))$/i

function color(value: string | undefined, fallback: string): string {
  return value !== undefined && COLOR.test(value.trim()) ? value.trim() : fallback
}

/** The logo only when it is an absolute https (or http) URL the application chose; never a tracker of ours. */
function logoUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** "23 November 2026, 14:05 UTC": unambiguous in any locale, and the same on every server. */
function formatExpiry(expires: Date): string {
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ]
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${expires.getUTCDate()} ${months[expires.getUTCMonth()]} ${expires.getUTCFullYear()}, ${pad(expires.getUTCHours())}:${pad(expires.getUTCMinutes())} UTC`
}

/**
 * The sign-in message: a subject, a plain-text part and an HTML part that say which site the link is for and when
 * it expires. Every value is escaped (an address, a host or a theme value cannot inject markup or a header); the
 * HTML loads nothing remote except the logo the application configured (no tracking pixel, no web font); the
 * button is a plain link, so it works in clients that block images and scripts.
 */
export function verificationEmail({ url, host, expires, theme }: VerificationEmailParams): VerificationEmail {
  const site = oneLine(host ?? new URL(url).host)
  const expiry = formatExpiry(expires)
  const brand = color(theme?.brandColor, '#346df1')
  const buttonText = color(theme?.buttonText, '#ffffff')
  const logo = logoUrl(theme?.logo)
  const subject = oneLine(`Sign in to ${site}`)
  const text = [
    `Sign in to ${site}`,
    '',
    'Open this link to sign in:',
    url,
    '',
    `The link works once and expires on ${expiry}.`,
    'If you did not ask to sign in, you can ignore this message: nobody can sign in without the link.',
    '',
  ].join('\n')
  const s = escapeHtml(site)
  const href = escapeHtml(url)
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px 24px;text-align:center">
${logo ? `<img src="${escapeHtml(logo)}" alt="" height="48" style="height:48px;margin-bottom:16px">\n` : ''}<h1 style="font-size:20px;margin:0 0 24px">Sign in to <strong>${s}</strong></h1>
<a href="${href}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${escapeHtml(brand)};color:${escapeHtml(buttonText)};text-decoration:none;font-weight:bold">Sign in</a>
<p style="font-size:14px;margin:24px 0 0;color:#52525b">The link works once and expires on ${escapeHtml(expiry)}.</p>
<p style="font-size:14px;margin:8px 0 0;color:#52525b">If you did not ask to sign in, you can ignore this message: nobody can sign in without the link.</p>
<p style="font-size:12px;margin:24px 0 0;color:#71717a;word-break:break-all">${href}</p>
</td></tr>
</table>
</body>
</html>
`
  return { subject, text, html }
}
