import { afterEach, describe, expect, it, vi } from 'vitest'
import { encodeTokens } from './encode-tokens.js'
import { createLocalStorageTokenStorage, type KeyValueStorage } from './local-storage-token-storage.js'
import { createEmptyTokens, TokenRole, type Tokens } from './tokens.js'

const visitor: Tokens = {
  accessToken: { value: 'a', expiresAt: 10 },
  refreshToken: { value: 'r', role: TokenRole.VISITOR },
}

function createFakeStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value)
    },
  }
}

describe('createLocalStorageTokenStorage', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('stores the encoded tokens under a key namespaced by client id', async () => {
    const storage = createFakeStorage()
    await createLocalStorageTokenStorage('client-1', storage).setTokens(visitor)
    expect([...storage.items]).toEqual([['aisle:tokens:client-1', encodeTokens(visitor)]])
  })

  it('keeps the tokens of two clients apart and shares them between storages of one client', async () => {
    const storage = createFakeStorage()
    await createLocalStorageTokenStorage('client-1', storage).setTokens(visitor)
    expect(await createLocalStorageTokenStorage('client-2', storage).getTokens()).toEqual(createEmptyTokens())
    expect(await createLocalStorageTokenStorage('client-1', storage).getTokens()).toEqual(visitor)
  })

  it('reads a corrupt value as empty tokens', async () => {
    const storage = createFakeStorage()
    storage.items.set('aisle:tokens:client-1', '{not tokens')
    expect(await createLocalStorageTokenStorage('client-1', storage).getTokens()).toEqual(createEmptyTokens())
  })

  it('uses globalThis.localStorage by default', async () => {
    const storage = createFakeStorage()
    vi.stubGlobal('localStorage', storage)
    await createLocalStorageTokenStorage('client-1').setTokens(visitor)
    expect(storage.items.get('aisle:tokens:client-1')).toBe(encodeTokens(visitor))
  })

  it('keeps the tokens in memory when the storage refuses, and never throws', async () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    const tokenStorage = createLocalStorageTokenStorage('client-1', refusing)
    expect(await tokenStorage.getTokens()).toEqual(createEmptyTokens())
    await tokenStorage.setTokens(visitor)
    expect(await tokenStorage.getTokens()).toEqual(visitor)
  })

  it('keeps the tokens in memory where there is no localStorage at all', async () => {
    vi.stubGlobal('localStorage', undefined)
    const tokenStorage = createLocalStorageTokenStorage('client-1')
    await tokenStorage.setTokens(visitor)
    expect(await tokenStorage.getTokens()).toEqual(visitor)
  })
})
