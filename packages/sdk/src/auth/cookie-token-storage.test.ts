import { describe, expect, it } from 'vitest'
import { createCookieTokenStorage } from './cookie-token-storage.js'
import { decodeTokens } from './encode-tokens.js'
import { createEmptyTokens, TokenRole, type Tokens } from './tokens.js'

const member: Tokens = {
  accessToken: { value: 'access', expiresAt: 1_740_000_000 },
  refreshToken: { value: 'refresh', role: TokenRole.MEMBER },
}

function createCookie(initial?: string) {
  const cookie = { value: initial }
  const accessor = {
    get: () => cookie.value,
    set: (value: string) => {
      cookie.value = value
    },
  }
  return { cookie, accessor }
}

describe('createCookieTokenStorage', () => {
  it('writes encoded tokens to the cookie and reads them back', async () => {
    const { cookie, accessor } = createCookie()
    await createCookieTokenStorage(accessor).setTokens(member)
    expect(decodeTokens(cookie.value)).toEqual(member)
    expect(await createCookieTokenStorage(accessor).getTokens()).toEqual(member)
  })

  it('reads a missing cookie as empty tokens', async () => {
    expect(await createCookieTokenStorage(createCookie().accessor).getTokens()).toEqual(createEmptyTokens())
  })

  it('reads a corrupt cookie as empty tokens', async () => {
    const { accessor } = createCookie('eyJub3QiOiJ0b2tlbnMifQ')
    expect(await createCookieTokenStorage(accessor).getTokens()).toEqual(createEmptyTokens())
  })

  it('reads as empty tokens when the accessor throws', async () => {
    const storage = createCookieTokenStorage({
      get: () => {
        throw new Error('headers already sent')
      },
      set: () => undefined,
    })
    expect(await storage.getTokens()).toEqual(createEmptyTokens())
  })
})
