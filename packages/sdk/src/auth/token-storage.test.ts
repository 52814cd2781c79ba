import { describe, expect, it } from 'vitest'
import { createMemoryTokenStorage } from './token-storage.js'
import { createEmptyTokens, TokenRole, type Tokens } from './tokens.js'

const visitor: Tokens = {
  accessToken: { value: 'a', expiresAt: 10 },
  refreshToken: { value: 'r', role: TokenRole.VISITOR },
}

describe('createMemoryTokenStorage', () => {
  it('starts empty and returns what was stored', async () => {
    const storage = createMemoryTokenStorage()
    expect(await storage.getTokens()).toEqual(createEmptyTokens())
    await storage.setTokens(visitor)
    expect(await storage.getTokens()).toEqual(visitor)
  })

  it('copies the pair, so changing the stored object outside has no effect', async () => {
    const storage = createMemoryTokenStorage()
    const tokens = structuredClone(visitor)
    await storage.setTokens(tokens)
    tokens.accessToken.value = 'changed'
    const read = await storage.getTokens()
    read.refreshToken.value = 'changed too'
    expect(await storage.getTokens()).toEqual(visitor)
  })
})
