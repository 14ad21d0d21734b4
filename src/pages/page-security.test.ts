/**
 * Cross-page checks: hostile text in every dynamic value of every page, and label/input pairing.
 */
import { describe, expect, it } from 'vitest'
import { flowForType } from '../flows/flow-for.js'
import type { Theme } from '../types.js'
import { renderErrorPage } from './error-page.js'
import type { RenderedPage } from './render-page.js'
import { renderSignInPage, type SignInPageProvider } from './sign-in-page.js'
import { renderSignOutPage } from './sign-out-page.js'
import { renderVerifyRequestPage } from './verify-request-page.js'

const PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
] as const

interface Element {
  tag: string
  attrs: [string, string][]
}

const decode = (s: string): string =>
  s.replace(
    /&(amp|lt|gt|quot|#39|#96);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#96': '`' })[e] ?? '',
  )

/** Every start tag; a tag or attribute injected through unescaped text would show up here too. */
function elements(markup: string): Element[] {
  return [...markup.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)].map((m) => ({
    tag: (m[1] ?? '').toLowerCase(),
    attrs: [...(m[2] ?? '').matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)].map(
      (a) => [(a[1] ?? '').toLowerCase(), decode(a[2] ?? a[3] ?? a[4] ?? '')],
    ),
  }))
}

// Everything the pages emit; an injected element would not be in this list (or would carry a bad attribute).
const TAGS: ReadonlySet<string> = new Set(
  'html head meta title style body main div section h1 h2 p strong form input label button span img a code'.split(
    ' ',
  ),
)
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'srcset', 'poster', 'background'])
// Attributes whose value is only ever data: a "javascript:" there is text, not a link.
const INERT_ATTRIBUTES = new Set(['value', 'placeholder', 'name', 'pattern', 'autocomplete', 'content'])

function expectSafe(page: RenderedPage): void {
  const doc = page.html
  expect(doc).not.toMatch(/<script/i)
  // Escaped text may still read "onerror=", harmlessly; as an attribute it is caught below.
  expect(doc).not.toContain('<img src=x')
  for (const el of elements(doc)) {
    expect(TAGS, `unexpected <${el.tag}>`).toContain(el.tag)
    for (const [name, value] of el.attrs) {
      expect(name, `<${el.tag} ${name}>`).not.toMatch(/^on|^style$|^srcdoc$/)
      if (URL_ATTRIBUTES.has(name)) {
        expect(['http:', 'https:'], `${name}="${value}"`).toContain(
          new URL(value, 'https://app.test/').protocol,
        )
      }
      if (!INERT_ATTRIBUTES.has(name)) expect(value, `${el.tag} ${name}`).not.toMatch(/javascript:/i)
    }
  }
  const style = /<style>([\s\S]*?)<\/style>/.exec(doc)?.[1] ?? ''
  expect(style).not.toMatch(/[<>]|script|onerror|javascript|url\(|expression|@import/i)
  expect(page.headers['Content-Security-Policy']).toMatch(/^default-src 'none'; style-src 'sha256-/)
}

function hostileTheme(p: string): Theme {
  return { colorScheme: p as 'auto', brandColor: p, buttonText: p, logo: p }
}

const sectionFor = (provider: SignInPageProvider) => flowForType(provider.type)?.signInSection

function hostileProviders(p: string): SignInPageProvider[] {
  const style = { bg: p, text: p, bgDark: p, textDark: p, logo: p, logoDark: p }
  const input = {
    label: p,
    type: p,
    placeholder: p,
    autocomplete: p,
    pattern: p,
    inputmode: p,
    minlength: p,
    maxlength: p,
  }
  const common = { id: p, name: p, signinUrl: p, callbackUrl: p, style }
  return [
    { ...common, type: 'oauth' },
    { ...common, type: 'oidc' },
    { ...common, type: 'email' },
    { ...common, type: 'credentials', credentials: { [p]: input, password: { ...input, [p]: p } } },
    { ...common, type: 'webauthn' },
    { ...common, type: p },
  ]
}

describe.each(PAYLOADS)('with %j in every dynamic value', (p) => {
  it('the sign-in page stays inert', () => {
    const page = renderSignInPage({
      providers: hostileProviders(p),
      sectionFor,
      csrfToken: p,
      callbackUrl: p,
      error: p,
      code: p,
      email: p,
      theme: hostileTheme(p),
    })
    expectSafe(page)
    // Where the text is shown (names, labels), it is shown escaped.
    if (p.includes('<'))
      expect(page.html).toContain(
        p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
      )
  })

  it('the sign-in page stays inert for each error value', () => {
    expectSafe(
      renderSignInPage({
        providers: [],
        sectionFor,
        csrfToken: p,
        callbackUrl: p,
        error: 'CredentialsSignin',
        code: p,
        theme: {},
      }),
    )
  })

  it('the sign-out page stays inert', () => {
    expectSafe(renderSignOutPage({ url: p, csrfToken: p, callbackUrl: p, theme: hostileTheme(p) }))
  })

  it('the error page stays inert and does not echo the error', () => {
    const page = renderErrorPage({ error: p, signinUrl: p, theme: hostileTheme(p) })
    expectSafe(page)
    const plain = renderErrorPage({ error: p, signinUrl: '/auth/signin', theme: {} })
    expect(plain.html).not.toContain('alert(1)')
  })

  it('the verify-request page stays inert', () => {
    expectSafe(renderVerifyRequestPage({ url: p, theme: hostileTheme(p) }))
  })
})

describe('labels', () => {
  const providers: SignInPageProvider[] = [
    { id: 'e1', name: 'Email', type: 'email', signinUrl: '/s/e1', callbackUrl: '/c/e1' },
    { id: 'e2', name: 'Work email', type: 'email', signinUrl: '/s/e2', callbackUrl: '/c/e2' },
    ...['a', 'b'].map((id) => ({
      id,
      name: id,
      type: 'credentials',
      signinUrl: `/s/${id}`,
      callbackUrl: `/c/${id}`,
      // Same keys in both providers, and keys that differ only in characters an id cannot hold.
      credentials: { username: {}, password: { type: 'password' }, 'user name': {}, user_name: {} },
    })),
  ]
  const pages = [
    renderSignInPage({ providers, sectionFor, csrfToken: 't', callbackUrl: '/', theme: {} }),
    renderSignOutPage({ url: '/auth/signout', csrfToken: 't', theme: {} }),
    renderErrorPage({ signinUrl: '/auth/signin', theme: {} }),
    renderVerifyRequestPage({ url: 'https://app.test', theme: {} }),
  ]

  it.each(pages.map((page, i) => [i, page] as const))(
    "page %i: every label's for matches exactly one input id",
    (_, page) => {
      const els = elements(page.html)
      const attr = (e: Element, n: string) => e.attrs.find(([k]) => k === n)?.[1]
      const visible = els.filter((e) => e.tag === 'input' && attr(e, 'type') !== 'hidden')
      const ids = visible.map((e) => attr(e, 'id'))
      const fors = els.filter((e) => e.tag === 'label').map((e) => attr(e, 'for'))
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.every((id) => id !== undefined && /^[\w-]+$/.test(id))).toBe(true)
      expect([...fors].sort()).toEqual([...ids].sort())
    },
  )

  it('labels every visible input of the sign-in page', () => {
    expect(elements(pages[0]?.html ?? '').filter((e) => e.tag === 'label')).toHaveLength(2 + 2 * 4)
  })
})
