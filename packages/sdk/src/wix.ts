// The public surface of @aisle/sdk/wix: the adapter that runs a Wix Headless app against an Aisle
// platform (decision 032, docs/wix-migration.md), apart from the main entry so that a storefront's
// first download stays within its size budget. wix.test.ts guards it.

export {
  createWixAdapter,
  isWixApiUrl,
  toPlatformUrl,
  type WixAdapter,
  type WixAdapterOptions,
  type WixTokenStorage,
  type WixTokens,
} from './wix/wix-adapter.js'
