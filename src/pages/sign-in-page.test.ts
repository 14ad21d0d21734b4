import { describe, expect, it } from 'vitest'
import { flowForType } from '../flows/flow-for.js'
import { webauthnSignInPageFields } from '../flows/webauthn/webauthn-sign-in-note.js'
import Passkey from '../providers/passkey.js'
import { webauthnScriptAsset } from './webauthn-script-asset.js'
import { credentialsForm, credentialsTitle } from './credentials-form.js'
import { renderSignInPage, type SignInPageOptions, type SignInPageProvider } from './sign-in-page.js'

interface Element {
  tag: string
  attrs: Record<string, string>
}

const decode = (s: string): string =>
  s.replace(
    /&(amp|lt|gt|quot|#39|#96);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#96': '`' })[e] ?? '',
  )

/** The start tags of `markup` (our output never has `>` inside an attribute value, since values are escaped). */
function elements(markup: string): Element[] {
  return [...markup.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)].map((m) => ({
    tag: (m[1] ?? '').toLowerCase(),
    attrs: Object.fromEntries(
      [...(m[2] ?? '').matchAll(/([^\s"'=<>/]+)(?:\s*=\s*"([^"]*)")?/g)].map((a) => [
        a[1],
        decode(a[2] ?? ''),
      ]),
    ),
  }))
}

/** Each form with its attributes, its inputs and its button's text. */
function forms(markup: string) {
  return [...markup.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map(([form]) => ({
    attrs: elements(form)[0]?.attrs ?? {},
    inputs: elements(form)
      .filter((e) => e.tag === 'input')
      .map((e) => e.attrs),
    button: /<button[^>]*>([\s\S]*?)<\/button>/
      .exec(form)?.[1]
      ?.replace(/<[^>]*>|\s+/g, ' ')
      .trim(),
  }))
}

const github: SignInPageProvider = {
  id: 'github',
  name: 'GitHub',
  type: 'oauth',
  signinUrl: '/auth/signin/github',
  callbackUrl: '/auth/callback/github',
}
const google: SignInPageProvider = {
  ...github,
  id: 'google',
  name: 'Google',
  type: 'oidc',
  signinUrl: '/auth/signin/google',
}
const email: SignInPageProvider = {
  id: 'resend',
  name: 'Email',
  type: 'email',
  signinUrl: '/auth/signin/resend',
  callbackUrl: '/auth/callback/resend',
}
const password: SignInPageProvider = {
  id: 'password',
  name: 'Password',
  type: 'credentials',
  signinUrl: '/auth/signin/password',
  callbackUrl: '/auth/callback/password',
  credentials: {
    username: { label: 'Username', autocomplete: 'username', required: true },
    password: { label: 'Password', type: 'password' },
  },
}
const passkey: SignInPageProvider = {
  id: 'passkey',
  name: 'Passkey',
  type: 'webauthn',
  signinUrl: 'https://app.test/auth/signin/passkey',
  callbackUrl: 'https://app.test/auth/callback/passkey',
}

const render = (over: Partial<SignInPageOptions> = {}) =>
  renderSignInPage({
    providers: [github, google, email, password, passkey],
    sectionFor: (provider) => flowForType(provider.type)?.signInSection,
    csrfToken: 'csrf-1',
    callbackUrl: 'https://app.test/dashboard',
    theme: { colorScheme: 'light' },
    ...over,
  })

const hidden = [
  { type: 'hidden', name: 'csrfToken', value: 'csrf-1' },
  { type: 'hidden', name: 'callbackUrl', value: 'https://app.test/dashboard' },
]

describe('renderSignInPage', () => {
  it('is a 200 page titled Sign in', () => {
    const page = render()
    expect(page.status).toBe(200)
    expect(page.html).toContain('<title>Sign in</title>')
    expect(page.html).toMatch(/<h1>Sign in<\/h1>/)
  })

  it('posts each OAuth/OIDC provider to its signinUrl with the CSRF token and callbackUrl', () => {
    const [gh, go] = forms(render().html)
    expect(gh?.attrs).toMatchObject({ method: 'post', action: '/auth/signin/github' })
    expect(gh?.inputs).toEqual(hidden)
    expect(gh?.button).toBe('Sign in with GitHub')
    expect(go?.attrs.action).toBe('/auth/signin/google')
    expect(go?.button).toBe('Sign in with Google')
  })

  it('posts the email form to its signinUrl with a labelled email input', () => {
    const form = forms(render({ email: 'ada@example.com' }).html)[2]
    expect(form?.attrs).toMatchObject({ method: 'post', action: '/auth/signin/resend' })
    expect(form?.inputs.slice(0, 2)).toEqual(hidden)
    expect(form?.inputs[2]).toMatchObject({
      type: 'email',
      name: 'email',
      autocomplete: 'email',
      required: '',
      value: 'ada@example.com',
    })
    expect(render().html).toMatch(/<label for="email-2">Email address<\/label>/)
    expect(form?.button).toBe('Email me a link')
  })

  it("posts the credentials form to the provider's callbackUrl with one input per credential", () => {
    const form = forms(render().html)[3]
    expect(form?.attrs).toMatchObject({ method: 'post', action: '/auth/callback/password' })
    expect(form?.inputs.slice(0, 2)).toEqual(hidden)
    expect(form?.inputs[2]).toMatchObject({
      name: 'username',
      type: 'text',
      autocomplete: 'username',
      required: '',
    })
    // Password managers need a hint; ASVS 6.2.7.
    expect(form?.inputs[3]).toMatchObject({
      name: 'password',
      type: 'password',
      autocomplete: 'current-password',
    })
    expect(form?.inputs[3]).not.toHaveProperty('required')
    expect(render().html).toMatch(/<label for="credential-3-0-username">Username<\/label>/)
    expect(form?.button).toBe('Sign in')
  })

  it('passes through only known-safe input attributes', () => {
    const provider: SignInPageProvider = {
      ...password,
      credentials: {
        code: {
          type: 'hidden',
          placeholder: '123456',
          inputmode: 'numeric',
          pattern: '[0-9]{6}',
          minlength: 6,
          maxlength: '6',
          onfocus: 'alert(1)',
          style: 'color:red',
          value: 'preset',
          formaction: 'https://evil.example',
          autofocus: false,
        },
        pin: { type: 'tel', inputmode: 'bogus', minlength: -1, maxlength: 1.5, pattern: 42 },
        csrfToken: { label: 'Shadow' },
        callbackUrl: { label: 'Shadow' },
        note: null as never,
      },
    }
    const [code, pin, note, ...rest] = forms(render({ providers: [provider] }).html)[0]?.inputs.slice(2) ?? []
    expect(code).toEqual({
      id: 'credential-0-0-code',
      name: 'code',
      type: 'text',
      placeholder: '123456',
      inputmode: 'numeric',
      minlength: '6',
      maxlength: '6',
      pattern: '[0-9]{6}',
      autofocus: '',
    })
    expect(pin).toEqual({ id: 'credential-0-1-pin', name: 'pin', type: 'tel' })
    expect(note).toEqual({ id: 'credential-0-2-note', name: 'note', type: 'text' })
    expect(rest).toEqual([])
  })

  it('puts autofocus on the first field of the page only', () => {
    const focused = elements(render().html).filter((e) => 'autofocus' in e.attrs)
    expect(focused).toHaveLength(1)
    expect(focused[0]?.attrs.id).toBe('email-2')
    expect(render({ providers: [github] }).html).not.toContain('autofocus')
  })

  it('groups consecutive OAuth buttons and separates the groups with "or"', () => {
    const doc = render().html
    // [GitHub, Google] | email | credentials | passkey note
    expect(doc.match(/<div class="separator">or<\/div>/g)).toHaveLength(3)
    expect(render({ providers: [github] }).html).not.toContain('separator">or')
  })

  it("gives passkeys a hidden form, autofill on its e-mail field and Gatehouse's script allowed by its hash", () => {
    const page = render({ providers: [passkey] })
    const doc = page.html.replace(/\s+/g, ' ')
    const asset = webauthnScriptAsset()
    expect(doc).toMatch(
      /<form class="stack passkey" method="post" action="https:\/\/app.test\/auth\/callback\/passkey"/,
    )
    expect(doc).toContain('data-webauthn-options="https://app.test/auth/webauthn-options/passkey"')
    expect(doc).toMatch(/data-webauthn-autofill="true" hidden >/)
    expect(doc).toContain('autocomplete="username webauthn"')
    expect(doc).toContain(
      '<noscript><p class="note">Signing in with Passkey needs JavaScript.</p></noscript>',
    )
    expect(doc).toContain(
      `<script src="https://app.test/auth/webauthn-script/${asset.fileName}" integrity="sha256-${asset.sha256}" crossorigin="anonymous"></script>`,
    )
    // No inline script at all: every <script> has a src.
    expect(doc.match(/<script(?![^>]*\ssrc=)/g)).toBeNull()
    const csp = page.headers['Content-Security-Policy']!
    expect(csp).toContain(`script-src 'sha256-${asset.sha256}';`)
    expect(csp).toContain('connect-src https://app.test/auth/webauthn-options/;')
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|'self'[^;]*;.*script-src|script-src[^;]*'self'/)
  })

  it('takes the passkey e-mail field from formFields and turns autofill off with enableConditionalUI: false', () => {
    const fields = webauthnSignInPageFields(
      Passkey({
        enableConditionalUI: false,
        formFields: { email: { label: 'Work e-mail', autocomplete: 'email' } },
      }),
    )
    const doc = render({ providers: [{ ...passkey, ...fields }] }).html.replace(/\s+/g, ' ')
    expect(doc).toContain('data-webauthn-autofill="false"')
    expect(doc).toMatch(/<label for="webauthn-0-email">Work e-mail<\/label>/)
    expect(doc).toContain('autocomplete="email"')
    const plain = render({ providers: [{ ...passkey, ...webauthnSignInPageFields(Passkey()) }] }).html
    expect(plain).toContain('data-webauthn-autofill="true"')
  })

  it('carries no script and allows none without a passkey provider', () => {
    const page = render({ providers: [github, email, password] })
    expect(page.html).not.toContain('<script')
    expect(page.headers['Content-Security-Policy']).not.toMatch(/script-src|connect-src/)
  })

  it('loads the script once for two passkey providers', () => {
    const other = {
      ...passkey,
      id: 'webauthn',
      name: 'Security key',
      callbackUrl: 'https://app.test/auth/callback/webauthn',
    }
    const page = render({ providers: [passkey, other] })
    expect(page.html.match(/<script /g)).toHaveLength(1)
    expect(page.html.match(/data-webauthn-autofill/g)).toHaveLength(2)
  })

  it('leaves out a callbackUrl that is not http(s) or relative', () => {
    const [form] = forms(render({ providers: [github], callbackUrl: 'javascript:alert(1)' }).html)
    expect(form?.inputs).toEqual([hidden[0]])
  })

  it('ignores providers of an unknown type', () => {
    expect(forms(render({ providers: [{ ...github, type: 'saml' }] }).html)).toEqual([])
  })

  it('colours a provider button with validated style colours only', () => {
    const styled = { ...github, style: { bg: '#24292f', text: '#fff', bgDark: '#fff', textDark: '#000' } }
    const doc = render({ providers: [styled], theme: { colorScheme: 'auto' } }).html
    expect(doc).toContain('.provider-0{--provider-bg:rgb(36, 41, 47);--provider-text:rgb(255, 255, 255)')
    expect(doc).toMatch(
      /@media \(prefers-color-scheme: dark\)\{\.provider-0\{--provider-bg:rgb\(255, 255, 255\)/,
    )
    expect(doc).toMatch(/class="button button-provider provider-0"/)

    const bad = { ...github, style: { bg: 'red;}</style><script>alert(1)</script>', text: 'url(x)' } }
    const plain = render({ providers: [bad], theme: { colorScheme: 'auto' } })
    expect(plain.html).not.toContain('.provider-0{')
    expect(plain.html).not.toMatch(/<script|url\(x\)/)
  })

  it('shows provider logos, light and dark, only from safe URLs', () => {
    const both = {
      ...github,
      style: { bg: '#000', text: '#fff', logo: '/gh.svg', logoDark: 'https://x.test/gh-dark.svg' },
    }
    const imgs = elements(render({ providers: [both] }).html).filter((e) => e.tag === 'img')
    expect(imgs.map((i) => i.attrs)).toEqual([
      { class: 'show-light', src: '/gh.svg', alt: '' },
      { class: 'show-dark', src: 'https://x.test/gh-dark.svg', alt: '' },
    ])
    const bad = {
      ...github,
      style: { bg: '#000', text: '#fff', logo: 'javascript:alert(1)', logoDark: 'gh.svg' },
    }
    expect(render({ providers: [bad] }).html).not.toContain('<img')
  })
})

/** Each `<section>` of the page: its class, its heading and the classes of its buttons. */
function sectionsOf(doc: string) {
  return [...doc.matchAll(/<section class="([^"]*)"[^>]*>([\s\S]*?)<\/section>/g)].map(([, cls, inner]) => ({
    cls,
    title: /<h2 id="[^"]*">([^<]*)<\/h2>/.exec(inner ?? '')?.[1],
    buttons: [...(inner ?? '').matchAll(/<button class="([^"]*)"/g)].map((m) => m[1]),
  }))
}

describe('the sign-in page groups each way in', () => {
  const credentials: SignInPageProvider = {
    ...password,
    id: 'credentials',
    name: 'Credentials',
    credentials: {
      email: { label: 'Email', type: 'email' },
      password: { label: 'Password', type: 'password' },
    },
  }

  it('one titled section per form, the provider buttons together, and exactly one primary button', () => {
    const doc = render({ providers: [credentials, github, email, google, passkey] }).html
    const parts = sectionsOf(doc)
    expect(parts.map((p) => [p.cls, p.title])).toEqual([
      ['way way-form', 'Email and password'],
      ['way way-buttons', undefined],
      ['way way-form', 'Email me a sign-in link'],
      ['way way-form', 'Passkey'],
    ])
    // GitHub and Google share one group where the first of them stands.
    expect(parts[1]?.buttons).toHaveLength(2)
    expect(doc.match(/class="button button-primary"/g)).toHaveLength(1)
    expect(parts[0]?.buttons).toEqual(['button button-primary'])
    expect(parts[2]?.buttons).toEqual(['button button-secondary'])
    expect(parts[3]?.buttons).toEqual(['button button-secondary', 'button button-secondary'])
    // With a primary action, the provider buttons step back (their colours still apply on a page of them alone).
    expect(doc).toContain('<div class="ways has-primary">')
    expect(render({ providers: [github, google] }).html).toContain('<div class="ways">')
    expect(render({ providers: [github, google] }).html).not.toContain('button-primary"')
  })

  it('the primary action is the first form in configuration order', () => {
    const parts = sectionsOf(render({ providers: [github, email, credentials] }).html)
    expect(parts.map((p) => p.buttons[0])).toEqual([
      'button button-provider provider-0',
      'button button-primary',
      'button button-secondary',
    ])
    const passkeyFirst = sectionsOf(render({ providers: [passkey, credentials] }).html)
    expect(passkeyFirst[0]?.buttons).toEqual(['button button-primary', 'button button-secondary'])
  })

  it('tells the two e-mail fields apart: their own sections, labels, ids and descriptions', () => {
    const doc = render({ providers: [credentials, email] }).html
    expect(doc).toContain('<label for="credential-0-0-email">Email</label>')
    expect(doc).toContain('<label for="email-1">Email address</label>')
    expect(doc).toMatch(/<p class="way-intro" id="email-1-intro">We will send a link to your inbox/)
    expect(doc).toMatch(/id="email-1"[^>]*aria-describedby="email-1-intro"/)
    expect(doc).toContain('<h2 id="credentials-0-title">Email and password</h2>')
    expect(doc).toContain('<h2 id="email-1-title">Email me a sign-in link</h2>')
  })

  it('titles a credentials provider by its name, and the default name "Credentials" plainly', () => {
    expect(credentialsTitle('Company directory', {})).toBe('Company directory')
    expect(credentialsTitle('Credentials', credentials.credentials)).toBe('Email and password')
    expect(credentialsTitle('credentials', { username: {}, password: { type: 'password' } })).toBe('Password')
    expect(credentialsTitle(' ', { code: { type: 'text' } })).toBe('Your details')
    expect(render({ providers: [credentials] }).html).not.toMatch(
      /Sign in with Credentials|>\s*Credentials\s*</,
    )
  })

  it('shows the kept address in its own provider form only, and focuses the field left to type', () => {
    const kept = { providerId: 'credentials', values: { email: 'ada@example.com', password: 'planted' } }
    const doc = render({ providers: [credentials, email], kept, error: 'CredentialsSignin' }).html
    const [form, link] = forms(doc)
    expect(form?.inputs.find((i) => i.name === 'email')).toMatchObject({ value: 'ada@example.com' })
    expect(form?.inputs.find((i) => i.name === 'password')).not.toHaveProperty('value')
    expect(form?.inputs.find((i) => i.name === 'password')).toHaveProperty('autofocus')
    expect(elements(doc).filter((e) => 'autofocus' in e.attrs)).toHaveLength(1)
    expect(link?.inputs.find((i) => i.name === 'email')?.value).toBe('')
    expect(render({ providers: [credentials], kept: { ...kept, providerId: 'other' } }).html).not.toContain(
      'ada@example.com',
    )
  })

  it('leaves a place for "Forgot password?" and "Create account" links (password accounts, issue #23)', () => {
    const markup = credentialsForm({
      provider: credentials,
      index: 0,
      csrfToken: 'c',
      callbackUrl: '/',
      autofocus: false,
      primary: true,
      links: { forgotPassword: '/auth/reset-password', createAccount: 'javascript:alert(1)' },
    }).toString()
    expect(markup).toMatch(
      /<div class="label-row"><label for="credential-0-1-password">Password<\/label><a href="\/auth\/reset-password">Forgot password\?<\/a><\/div>/,
    )
    // Only http(s) or relative URLs become links.
    expect(markup).not.toContain('Create account')
    const plain = credentialsForm({
      provider: credentials,
      index: 0,
      csrfToken: 'c',
      callbackUrl: '/',
      autofocus: false,
      primary: true,
      links: { createAccount: '/auth/signup' },
    }).toString()
    expect(plain).toContain('<p class="form-links"><a href="/auth/signup">Create account</a></p>')
    expect(plain).not.toContain('Forgot password')
  })
})

describe('renderSignInPage errors', () => {
  const errors = [
    'OAuthSignin',
    'OAuthCallbackError',
    'OAuthCreateAccount',
    'EmailCreateAccount',
    'Callback',
    'OAuthAccountNotLinked',
    'EmailSignin',
    'CredentialsSignin',
    'SessionRequired',
    'MissingCSRF',
    'AccountNotLinked',
  ]
  const alertOf = (error?: string, code?: string): string | undefined =>
    /<div class="alert" role="alert">([\s\S]*?)<\/div>/
      .exec(render({ error, code }).html)?.[1]
      ?.replace(/\s+/g, ' ')

  it('gives each known error its own message in a role="alert" box', () => {
    const messages = errors.map((e) => alertOf(e))
    expect(messages.every((m) => m !== undefined && m.length > 20)).toBe(true)
    expect(new Set(messages).size).toBe(errors.length)
    expect(messages).not.toContain(alertOf('Unknown'))
  })

  it('shows a general message for unknown values, never the value itself', () => {
    for (const error of ['Signin', 'Whatever', 'constructor', '__proto__', 'toString', '<b>x</b>']) {
      const box = alertOf(error)
      expect(box).toBe(alertOf('Unknown'))
      expect(box).not.toContain(error)
    }
  })

  it('shows no alert without an error', () => {
    expect(render().html).not.toContain('role="alert"')
    expect(render({ error: '' }).html).not.toContain('role="alert"')
  })

  it('does not tell which credential was wrong', () => {
    expect(alertOf('CredentialsSignin')).not.toMatch(/user|password|e-?mail|account|exist/i)
  })

  it('shows a custom CredentialsSignin code only when it is a short token, not the default', () => {
    expect(alertOf('CredentialsSignin', 'account_locked')).toContain('<code>account_locked</code>')
    expect(alertOf('CredentialsSignin', 'credentials')).not.toContain('<code>')
    expect(alertOf('CredentialsSignin', 'Call 555-0100 to unlock')).not.toContain('<code>')
    expect(alertOf('OAuthSignin', 'account_locked')).not.toContain('<code>')
  })
})
