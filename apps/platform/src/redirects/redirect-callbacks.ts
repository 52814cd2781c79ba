import { type FieldViolation, ValidationError } from '../http/errors.ts'
import type { CallbackType } from './redirect-kinds.ts'
import {
  CALLBACK_URL_FIELDS,
  type CallbacksInput,
  type CallbackUrlField,
  type PreferencesInput,
} from './redirect-session-input.ts'
import { type ClientRegistration, isRegisteredReturnUri, isSafeRedirectUri } from './redirect-uri.ts'

/** The callbacks a session keeps: checked URLs, and whose pages they are (spec CallbackType). */
export type StoredCallbacks = Partial<Record<CallbackUrlField, string>> & { callbackType?: CallbackType }

/** The origins of every URI registered for the client: where a hosted page may send the visitor back. */
export function registeredOrigins(client: ClientRegistration): Set<string> {
  const uris = [...client.redirectUris, ...client.postLogoutRedirectUris]
  return new Set(uris.filter(isSafeRedirectUri).map((uri) => new URL(uri).origin))
}

/**
 * Whether a callback URL may be sent to: a safe redirect target (absolute, https or loopback http, no
 * fragment, no user info) on an origin the client registered a URI on.
 */
export function isOnRegisteredOrigin(client: ClientRegistration, candidate: string): boolean {
  return isSafeRedirectUri(candidate) && registeredOrigins(client).has(new URL(candidate).origin)
}

function withoutQuery(candidate: string): string {
  if (!isSafeRedirectUri(candidate)) return candidate
  const url = new URL(candidate)
  url.search = ''
  return url.toString()
}

/**
 * The callbacks to store for a session of `client`: with `maintainQueryParams: false` the URLs lose
 * their query; then each must be on an origin registered for the client, and the `exactFields` (the
 * return of a login or logout) must be a registered URI exactly. `callbackType` is the one given, else
 * CUSTOM when there are URLs (the client's own pages) and UNDEFINED when there are none.
 *
 * @throws ValidationError naming every callback field that breaks its rule.
 */
export function resolveCallbacks(
  client: ClientRegistration,
  callbacks: CallbacksInput,
  preferences: PreferencesInput,
  exactFields: readonly CallbackUrlField[] = [],
): StoredCallbacks {
  const resolved: StoredCallbacks = {}
  const violations: FieldViolation[] = []
  for (const field of CALLBACK_URL_FIELDS) {
    const given = callbacks[field]
    if (given === undefined) continue
    const candidate = preferences.maintainQueryParams === false ? withoutQuery(given) : given
    if (exactFields.includes(field) && !isRegisteredReturnUri(client, candidate))
      violations.push({
        field: `callbacks.${field}`,
        description: 'is not a URI registered for the client',
        violatedRule: 'VALIDATION',
      })
    else if (!isOnRegisteredOrigin(client, candidate))
      violations.push({
        field: `callbacks.${field}`,
        description: 'is not on an origin registered for the client (https, or http on a loopback host)',
        violatedRule: 'VALIDATION',
      })
    else resolved[field] = candidate
  }
  if (violations.length > 0) throw new ValidationError(violations)
  const hasUrls = Object.keys(resolved).length > 0
  resolved.callbackType = callbacks.callbackType ?? (hasUrls ? 'CUSTOM' : 'UNDEFINED')
  return resolved
}

/** The first of `fields` the callbacks hold: where a hosted page offers the way back. */
export function firstCallback(
  callbacks: StoredCallbacks,
  fields: readonly CallbackUrlField[],
): string | undefined {
  for (const field of fields) {
    const url = callbacks[field]
    if (url) return url
  }
  return undefined
}
