/**
 * The script of the built-in sign-in page's passkey section, bundled with `@simplewebauthn/browser` into
 * `src/pages/webauthn-page-script.generated.ts` (`npm run build:webauthn-script`) and served by Gatehouse itself
 * from `{basePath}/webauthn-script/{hash}.js`. It fetches the options, runs the ceremony and posts the answer with
 * the section's own form, so the callback's redirect is followed by the browser like any other sign-in.
 *
 * @module
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser'

type Action = 'authenticate' | 'register'

type AuthenticationJSON = Parameters<typeof startAuthentication>[0]['optionsJSON']
type RegistrationJSON = Parameters<typeof startRegistration>[0]['optionsJSON']

interface OptionsAnswer {
  action: Action
  options: unknown
}

const MESSAGES: Record<string, string> = {
  NotAllowedError: 'The passkey prompt was closed or timed out.',
  InvalidStateError: 'This device already holds a passkey for this account.',
  AbortError: 'The passkey prompt was cancelled.',
}

function field(form: HTMLFormElement, name: string): HTMLInputElement | null {
  const element = form.elements.namedItem(name)
  return element instanceof HTMLInputElement ? element : null
}

function show(form: HTMLFormElement, message: string | undefined): void {
  const status = form.querySelector<HTMLElement>('[data-webauthn-status]')
  if (!status) return
  // textContent, never markup: the message may quote the server or the browser.
  status.textContent = message ?? ''
  status.hidden = message === undefined
}

async function fetchOptions(
  form: HTMLFormElement,
  action: Action,
  withEmail: boolean,
): Promise<OptionsAnswer> {
  const url = new URL(form.dataset['webauthnOptions'] ?? '', window.location.href)
  url.searchParams.set('action', action)
  const email = field(form, 'email')?.value.trim() ?? ''
  if (withEmail && email !== '') url.searchParams.set('email', email)
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  const body = (await response.json().catch(() => ({}))) as Partial<OptionsAnswer> & { error?: unknown }
  if (!response.ok || (body.action !== 'authenticate' && body.action !== 'register')) {
    const reason = typeof body.error === 'string' ? body.error : `status ${response.status}`
    throw new Error(
      action === 'register' && email === ''
        ? 'Enter your e-mail address to create a passkey.'
        : `The passkey could not be started (${reason}).`,
    )
  }
  return body as OptionsAnswer
}

function post(form: HTMLFormElement, action: Action, data: unknown): void {
  const actionField = field(form, 'action')
  const dataField = field(form, 'data')
  if (!actionField || !dataField) return
  actionField.value = action
  dataField.value = JSON.stringify(data)
  // HTMLFormElement.prototype.submit: an input named `submit` cannot shadow it, and no submit event fires.
  HTMLFormElement.prototype.submit.call(form)
}

/**
 * One section's ceremonies. The options request sets the challenge cookie, so the last options fetched must be the
 * ones answered: a button waits for the autofill's options request still in flight (whose cookie would otherwise
 * land after its own), and the autofill, seeing a button started meanwhile, does not start its request.
 */
class Ceremonies {
  private generation = 0
  private autofillOptions: Promise<unknown> = Promise.resolve()

  constructor(private readonly form: HTMLFormElement) {}

  async button(wanted: Action): Promise<void> {
    const generation = ++this.generation
    await this.autofillOptions.catch(() => undefined)
    if (generation !== this.generation) return
    const answer = await fetchOptions(this.form, wanted, true)
    const data =
      answer.action === 'authenticate'
        ? await startAuthentication({ optionsJSON: answer.options as AuthenticationJSON })
        : await startRegistration({ optionsJSON: answer.options as RegistrationJSON })
    post(this.form, answer.action, data)
  }

  async autofill(): Promise<void> {
    const generation = this.generation
    const fetching = fetchOptions(this.form, 'authenticate', false)
    this.autofillOptions = fetching
    const answer = await fetching
    // A button was pressed while the options were on their way: its ceremony is the one to answer.
    if (generation !== this.generation) return
    const data = await startAuthentication({
      optionsJSON: answer.options as AuthenticationJSON,
      useBrowserAutofill: true,
    })
    post(this.form, 'authenticate', data)
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return MESSAGES[error.name] ?? error.message
  return 'The passkey could not be used.'
}

async function startAutofill(form: HTMLFormElement, ceremonies: Ceremonies): Promise<void> {
  if (!(await browserSupportsWebAuthnAutofill())) return
  try {
    await ceremonies.autofill()
  } catch (error) {
    // A button's ceremony aborts the pending autofill request: that is not a failure to show.
    if (error instanceof Error && error.name === 'AbortError') return
    show(form, describe(error))
  }
}

function setUp(form: HTMLFormElement, autofill: boolean): void {
  if (!browserSupportsWebAuthn()) {
    show(form, 'This browser does not support passkeys.')
    form.hidden = false
    return
  }
  const ceremonies = new Ceremonies(form)
  const run = (action: Action) => {
    show(form, undefined)
    ceremonies.button(action).catch((error: unknown) => {
      show(form, describe(error))
      if (autofill) void startAutofill(form, ceremonies)
    })
  }
  form.addEventListener('submit', (event) => {
    // Enter in the e-mail field: sign in, as the first button does.
    event.preventDefault()
    run('authenticate')
  })
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[data-webauthn-action]')) {
    const action = button.dataset['webauthnAction']
    if (action === 'authenticate' || action === 'register')
      button.addEventListener('click', () => run(action))
  }
  form.hidden = false
  if (autofill) void startAutofill(form, ceremonies)
}

const forms = document.querySelectorAll<HTMLFormElement>('form[data-webauthn-options]')
// One conditional request at a time: the browser offers the passkeys of the first section in the field's autofill.
forms.forEach((form, i) => setUp(form, i === 0 && form.dataset['webauthnAutofill'] === 'true'))
