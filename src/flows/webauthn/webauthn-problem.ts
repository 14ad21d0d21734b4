import type { RelyingPartyConfig, WebAuthnConfig } from '../../providers/provider-types.js'
import type { FlowConfigProblem } from '../sign-in-flow.js'

const FUNCTIONS = [
  'generateRegistrationOptions',
  'generateAuthenticationOptions',
  'verifyRegistrationResponse',
  'verifyAuthenticationResponse',
] as const

const OPTION_OBJECTS = [
  'authenticationOptions',
  'registrationOptions',
  'verifyAuthenticationOptions',
  'verifyRegistrationOptions',
] as const

function strings(value: unknown): boolean {
  const list = Array.isArray(value) ? (value as unknown[]) : [value]
  return list.length > 0 && list.every((v) => typeof v === 'string' && v !== '')
}

function relyingPartyProblem(rp: RelyingPartyConfig | undefined): string | undefined {
  if (rp === undefined) return undefined
  if (rp === null || typeof rp !== 'object') return '`relyingParty` must be an object { id, name, origin }.'
  for (const key of ['id', 'name', 'origin'] as const) {
    if (rp[key] !== undefined && !strings(rp[key]))
      return `\`relyingParty.${key}\` must be a string or strings.`
  }
  for (const origin of rp.origin === undefined ? [] : [rp.origin].flat()) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || parsed.origin !== origin) {
      return `\`relyingParty.origin\` "${origin}" is not an origin like "https://example.com" (no path, no slash).`
    }
  }
  return undefined
}

/**
 * Why a WebAuthn provider cannot work, found at configuration time: a malformed relying party, option objects that
 * are not objects, replacements that are not functions, or conditional UI without a field that asks the browser
 * for it (Auth.js's `MissingWebAuthnAutocomplete`).
 */
export function webauthnProblem(provider: WebAuthnConfig): string | FlowConfigProblem | undefined {
  const rp = relyingPartyProblem(provider.relyingParty ?? provider.relayingParty)
  if (rp) return rp
  for (const key of OPTION_OBJECTS) {
    const value = provider[key]
    if (value !== undefined && (value === null || typeof value !== 'object'))
      return `\`${key}\` must be an object.`
  }
  for (const hook of ['getUserInfo', 'getRelayingParty'] as const) {
    const fn = provider[hook]
    if (fn !== undefined && typeof fn !== 'function') return `\`${hook}\` must be a function.`
  }
  for (const name of FUNCTIONS) {
    const fn = provider.simpleWebAuthn?.[name]
    if (fn !== undefined && typeof fn !== 'function') return `\`simpleWebAuthn.${name}\` must be a function.`
  }
  if (provider.enableConditionalUI !== false) {
    const fields = Object.values(provider.formFields ?? {})
    const asks = fields.some(
      (f) => typeof f?.autocomplete === 'string' && f.autocomplete.split(/\s+/).includes('webauthn'),
    )
    if (!asks) {
      return {
        problem:
          'conditional UI (passkey autofill) needs a `formFields` entry with "webauthn" in its `autocomplete`.',
        fix: 'Add "webauthn" to a field\'s `autocomplete` (the default e-mail field has it), or set `enableConditionalUI: false`.',
        type: 'MissingWebAuthnAutocomplete',
        message: `Provider "${provider.id}" has 'enableConditionalUI' set to True, but none of its formFields have 'webauthn' in their autocomplete param`,
      }
    }
  }
  return undefined
}
