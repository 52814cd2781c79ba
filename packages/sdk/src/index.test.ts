import { expect, it } from 'vitest'
import * as sdk from './index.js'

it('exports exactly the chosen runtime surface', () => {
  expect(Object.keys(sdk).sort()).toEqual([
    'AisleError',
    'ApiKeyStrategy',
    'LoginState',
    'OAuthStrategy',
    'TokenRole',
    'authentication',
    'collections',
    'createClient',
    'createCookieTokenStorage',
    'createLocalStorageTokenStorage',
    'createMemoryTokenStorage',
    'currentCart',
    'decodeTokens',
    'encodeTokens',
    'generateCodeChallenge',
    'generateCodeVerifier',
    'isAisleError',
    'products',
    'recovery',
    'redirects',
    'storeVariants',
    'verification',
    'verifyWebhook',
  ])
})

it('exports TokenRole with the spec roles', () => {
  expect(sdk.TokenRole).toEqual({ NONE: 'none', VISITOR: 'visitor', MEMBER: 'member' })
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
    'getMemberTokens',
    'getMemberTokensForDirectLogin',
    'getMemberTokensForExternalLogin',
    'getTokens',
    'loggedIn',
    'login',
    'logout',
    'parseFromUrl',
    'processVerification',
    'register',
    'renewAfterUnauthorized',
    'renewToken',
    'sendPasswordResetEmail',
    'setTokens',
  ])
})
