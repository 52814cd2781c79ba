/**
 * The role a refresh token grants (spec section 6): `none` before any grant, `visitor` from an
 * anonymous grant, `member` after a login.
 */
export const TokenRole = {
  NONE: 'none',
  VISITOR: 'visitor',
  MEMBER: 'member',
} as const

/** One of the values of {@link TokenRole}. */
export type TokenRole = (typeof TokenRole)[keyof typeof TokenRole]

/** The token pair of a visitor or member (spec section 3, "Token pair"). */
export interface Tokens {
  /** Sent on every call as the `Authorization` header. */
  accessToken: {
    value: string
    /** Epoch seconds: the time of receipt plus the answer's `expires_in`. */
    expiresAt: number
  }
  /** Exchanged for a new access token when it expires. */
  refreshToken: {
    value: string
    role: TokenRole
  }
}

/**
 * The tokens of a new client or of a logged-out one (empty values, expiry 0, role `none`), frozen: a
 * fallback for a storage that holds none, as `@wix/sdk` exports it.
 */
export const EMPTY_TOKENS: {
  readonly accessToken: Readonly<Tokens['accessToken']>
  readonly refreshToken: Readonly<Tokens['refreshToken']>
} = /* @__PURE__ */ deepFreeze(/* @__PURE__ */ createEmptyTokens())

/** Returns the tokens of a new client: empty values, expiry 0 and role `none`. */
export function createEmptyTokens(): Tokens {
  return { accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: TokenRole.NONE } }
}

/** Tells whether `value` is one of the {@link TokenRole} values. */
export function isTokenRole(value: unknown): value is TokenRole {
  return value === TokenRole.NONE || value === TokenRole.VISITOR || value === TokenRole.MEMBER
}

/**
 * Turns unknown stored data into {@link Tokens}; anything malformed reads as empty tokens, so a corrupt
 * store only costs a new visitor grant.
 */
export function toTokensOrEmpty(value: unknown): Tokens {
  if (typeof value !== 'object' || value === null) return createEmptyTokens()
  const { accessToken, refreshToken } = value as Partial<Record<keyof Tokens, Record<string, unknown>>>
  if (
    typeof accessToken?.value !== 'string' ||
    typeof accessToken.expiresAt !== 'number' ||
    !Number.isFinite(accessToken.expiresAt) ||
    typeof refreshToken?.value !== 'string' ||
    !isTokenRole(refreshToken.role)
  ) {
    return createEmptyTokens()
  }
  return {
    accessToken: { value: accessToken.value, expiresAt: accessToken.expiresAt },
    refreshToken: { value: refreshToken.value, role: refreshToken.role },
  }
}

function deepFreeze(tokens: Tokens): Tokens {
  Object.freeze(tokens.accessToken)
  Object.freeze(tokens.refreshToken)
  return Object.freeze(tokens)
}
