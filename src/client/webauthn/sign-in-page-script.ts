/**
 * The script of the built-in sign-in page's passkey section, bundled with `@simplewebauthn/browser` into
 * `src/pages/webauthn-page-script.generated.ts` (`npm run build:webauthn-script`) and served by Gatehouse itself
 * from `{basePath}/webauthn-script/{hash}.js`. It fetches the options, runs the ceremony and posts the answer with
 * the section's own form, so the callback's redirect is followed by the browser like any other sign-in. The
 * two-factor challenge page runs it too, for its "Use a passkey" form (`data-webauthn-field="passkey"`).
 *
 * @module
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser'
import {
  ceremonyFailure,
  noPasskeyForAddress,
  optionsFailure,
  optionsTimeout,
  PasskeyError,
  passkeyFailureMessage,
} from './passkey-failure.js'

type Action = 'authenticate' | 'register'

type AuthenticationJSON = Parameters<typeof startAuthentication>[0]['optionsJSON']
type RegistrationJSON = Parameters<typeof startRegistration>[0]['optionsJSON']

interface OptionsAnswer {
  action: Action
  options: unknown
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
): Promise<OptionsAnswer & { email: string }> {
  const url = new URL(form.dataset['webauthnOptions'] ?? '', window.location.href)
  url.searchParams.set('action', action)
  const typed = field(form, 'email')?.value.trim() ?? ''
  const email = withEmail ? typed : ''
  if (email !== '') url.searchParams.set('email', email)
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  const body = (await response.json().catch(() => ({}))) as Partial<OptionsAnswer> & { code?: unknown }
  if (!response.ok || (body.action !== 'authenticate' && body.action !== 'register')) {
    throw new PasskeyError(optionsFailure(body, action, email), { cause: body })
  }
  return { ...(body as OptionsAnswer), email }
}

/** Runs the ceremony the options name; a failure becomes a {@link PasskeyError} saying which failure it was. */
async function ceremony(
  answer: OptionsAnswer & { email: string },
  useBrowserAutofill = false,
): Promise<unknown> {
  const startedAt = performance.now()
  try {
    return answer.action === 'authenticate'
      ? await startAuthentication({ optionsJSON: answer.options as AuthenticationJSON, useBrowserAutofill })
      : await startRegistration({ optionsJSON: answer.options as RegistrationJSON })
  } catch (error) {
    const failure = ceremonyFailure(error, {
      action: answer.action,
      startedAt,
      endedAt: performance.now(),
      timeout: optionsTimeout(answer.options),
      noPasskeyForAddress: noPasskeyForAddress(answer.options, answer.email),
    })
    throw new PasskeyError(failure, { cause: error })
  }
}

function post(form: HTMLFormElement, action: Action, data: unknown): void {
  // The two-factor challenge's form has no `action` field and takes the answer as `passkey`.
  const actionField = field(form, 'action')
  const dataField = field(form, form.dataset['webauthnField'] ?? 'data')
  if (!dataField) return
  if (actionField) actionField.value = action
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
    post(this.form, answer.action, await ceremony(answer))
  }

  async autofill(): Promise<void> {
    const generation = this.generation
    const fetching = fetchOptions(this.form, 'authenticate', false)
    this.autofillOptions = fetching
    const answer = await fetching
    // A button was pressed while the options were on their way: its ceremony is the one to answer.
    if (generation !== this.generation) return
    post(this.form, 'authenticate', await ceremony(answer, true))
  }
}

function describe(error: unknown): string {
  return error instanceof PasskeyError ? error.message : passkeyFailureMessage('PasskeyFailed')
}

/** The browser error's name behind a {@link PasskeyError}. */
function causeName(error: unknown): string | undefined {
  const cause = error instanceof PasskeyError ? error.cause : error
  return cause instanceof Error ? cause.name : undefined
}

/** Whether a ceremony was aborted by the page itself (a button's ceremony replaces the pending autofill). */
function abortedByPage(error: unknown): boolean {
  return causeName(error) === 'AbortError'
}

async function startAutofill(form: HTMLFormElement, ceremonies: Ceremonies): Promise<void> {
  if (!(await browserSupportsWebAuthnAutofill())) return
  try {
    await ceremonies.autofill()
  } catch (error) {
    // A button's ceremony aborts the pending autofill request: that is not a failure to show. Nor is a conditional
    // request the browser ends with nothing chosen (it has no passkey to offer, or the offer was dismissed): no
    // prompt was opened, and the message of a button pressed meanwhile must stay.
    if (abortedByPage(error) || causeName(error) === 'NotAllowedError') return
    show(form, describe(error))
  }
}

function setUp(form: HTMLFormElement, autofill: boolean): void {
  if (!browserSupportsWebAuthn()) {
    show(form, passkeyFailureMessage('PasskeysUnsupported'))
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
