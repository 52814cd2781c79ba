import { expect, it } from 'vitest'
import * as sdk from './index.js'

it('exports exactly the chosen runtime surface', () => {
  expect(Object.keys(sdk).sort()).toEqual([
    'AisleError',
    'ApiKeyStrategy',
    'BOOKINGS_APP_ID',
    'EMPTY_TOKENS',
    'LoginState',
    'OAuthStrategy',
    'TokenRole',
    'authentication',
    'bookings',
    'carts',
    'collections',
    'createClient',
    'createCookieTokenStorage',
    'createLocalStorageTokenStorage',
    'createMemoryTokenStorage',
    'currentCart',
    'decodeTokens',
    'encodeTokens',
    'events',
    'generateCodeChallenge',
    'generateCodeVerifier',
    'isAisleError',
    'members',
    'memberships',
    'orders',
    'products',
    'recovery',
    'redirects',
    'storeVariants',
    'verification',
    'verifyWebhook',
    'webhooks',
  ])
})

it('exports TokenRole with the spec roles', () => {
  expect(sdk.TokenRole).toEqual({ NONE: 'none', VISITOR: 'visitor', MEMBER: 'member' })
})

it('exports EMPTY_TOKENS as the frozen tokens of a new client', () => {
  expect(sdk.EMPTY_TOKENS).toEqual({
    accessToken: { value: '', expiresAt: 0 },
    refreshToken: { value: '', role: 'none' },
  })
  expect(sdk.EMPTY_TOKENS).toEqual(sdk.OAuthStrategy({ clientId: 'c' }).getTokens())
  const { accessToken, refreshToken } = sdk.EMPTY_TOKENS
  expect([sdk.EMPTY_TOKENS, accessToken, refreshToken].every(Object.isFrozen)).toBe(true)
})

it('exports every module as a function of the pipeline, bound by createClient', () => {
  const modules = {
    currentCart: sdk.currentCart,
    products: sdk.products,
    storeVariants: sdk.storeVariants,
    collections: sdk.collections,
    redirects: sdk.redirects,
    authentication: sdk.authentication,
    recovery: sdk.recovery,
    verification: sdk.verification,
    members: sdk.members,
    orders: sdk.orders,
  }
  const client = sdk.createClient({
    auth: sdk.OAuthStrategy({ clientId: 'c' }),
    modules,
    baseUrl: 'http://api.test',
    fetch: () => Promise.reject(new Error('no calls here')),
  })
  const surface = Object.fromEntries(
    Object.keys(modules).map((name) => [name, Object.keys(client[name as keyof typeof modules]).sort()]),
  )
  expect(surface).toEqual({
    currentCart: [
      'addToCurrentCart',
      'createCheckoutFromCurrentCart',
      'deleteCurrentCart',
      'estimateCurrentCartTotals',
      'getCurrentCart',
      'removeCouponFromCurrentCart',
      'removeLineItemsFromCurrentCart',
      'updateCurrentCart',
      'updateCurrentCartLineItemQuantity',
    ],
    products: [
      'addProductMedia',
      'addProductMediaToChoices',
      'addProductsToCollection',
      'bulkAdjustProductProperty',
      'bulkUpdateProductsProperty',
      'createCollection',
      'createProduct',
      'createProductPlatformized',
      'deleteCollection',
      'deleteProduct',
      'deleteProductOptions',
      'deleteProductPlatformized',
      'getCollectionBySlug',
      'getProduct',
      'getProductOptionsAvailability',
      'queryProductVariants',
      'queryProducts',
      'removeBrand',
      'removeProductMedia',
      'removeProductMediaFromChoices',
      'removeProductsFromCollection',
      'removeRibbon',
      'resetAllProductVariantData',
      'updateCollection',
      'updateProduct',
      'updateProductPlatformized',
      'updateProductVariants',
    ],
    storeVariants: ['getStoreVariant', 'queryStoreVariants'],
    collections: ['getCollection', 'getCollectionBySlug', 'queryCollections'],
    redirects: ['createRedirectSession'],
    authentication: [
      'changePassword',
      'login',
      'loginV2',
      'loginWithIdpConnectionTokenParams',
      'logoutUrl',
      'proceedToNextStep',
      'register',
      'registerV2',
      'signOn',
    ],
    recovery: ['recover', 'sendActivationEmail', 'sendRecoveryEmail'],
    verification: ['resendDuringAuthentication', 'start', 'verifyDuringAuthentication'],
    members: ['getMyMember', 'updateMyMember'],
    orders: ['getMyOrder', 'listMyOrders'],
  })
  expect(Object.keys(client).sort()).toEqual(
    ['auth', 'fetchWithAuth', 'graphql', ...Object.keys(modules).sort()].sort(),
  )
})

it('gives OAuthStrategy every call of the spec flow', () => {
  expect(Object.keys(sdk.OAuthStrategy({ clientId: 'c' })).sort()).toEqual([
    'attach',
    'captchaInvisibleSiteKey',
    'captchaVisibleSiteKey',
    'clientId',
    'generateOAuthData',
    'generateVisitorTokens',
    'getAuthHeaders',
    'getAuthUrl',
    'getCaptchaSettings',
    'getMemberTokens',
    'getMemberTokensForDirectLogin',
    'getMemberTokensForExternalLogin',
    'getTokens',
    'hydrate',
    'loggedIn',
    'login',
    'logout',
    'parseFromUrl',
    'processVerification',
    'register',
    'renewAfterUnauthorized',
    'renewToken',
    'revokeTokens',
    'sendPasswordResetEmail',
    'setTokens',
  ])
})

it('gives a client with the webhooks module process and the on<Event> calls of spec section 4', () => {
  const client = sdk.createClient({
    auth: sdk.OAuthStrategy({ clientId: 'c' }),
    modules: {
      currentCart: sdk.currentCart,
      products: sdk.products,
      collections: sdk.collections,
      redirects: sdk.redirects,
      webhooks: sdk.webhooks({ secret: 'whsec_c2VjcmV0' }),
    },
    baseUrl: 'http://api.test',
  })
  const subscriptions = (module: object) => Object.keys(module).filter((name) => /^on[A-Z]/.test(name))
  expect({
    webhooks: Object.keys(client.webhooks),
    currentCart: subscriptions(client.currentCart),
    products: subscriptions(client.products),
    collections: subscriptions(client.collections),
    redirects: subscriptions(client.redirects),
  }).toEqual({
    webhooks: ['process'],
    currentCart: ['onCartCreated', 'onCartUpdated', 'onCartDeleted'],
    products: ['onProductCreated', 'onProductChanged', 'onProductDeleted', 'onProductVariantsChanged'],
    collections: ['onCollectionCreated', 'onCollectionChanged', 'onCollectionDeleted'],
    redirects: ['onRedirectSessionCreated'],
  })
})
