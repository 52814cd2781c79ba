import type { AppDeps } from './app.ts'
import type { Clock } from './clock.ts'
import type { Config } from './config.ts'
import type { Db } from './db/db.ts'
import { createCaptchaVerifier } from './identity/captcha/captcha-config.ts'
import type { Logger } from './log.ts'
import type { MediaStorage } from './media/media-storage.ts'
import type { DrainState } from './observability/readiness.ts'

/** What `main.ts` opens or reads itself before it creates the app. */
export interface ProcessParts {
  db: Db
  logger: Logger
  clock: Clock
  mediaStorage: MediaStorage
  metricsToken: string | undefined
  drain: DrainState
  /** The database's link-signing key (`digital/signing-key-store.ts`). */
  signingKey?: Uint8Array | undefined
}

/**
 * The app's dependencies as `main.ts` makes them from the configuration: a pure mapping, so that what the
 * settings switch on (the local inbox, local development sites, the test card provider) can be tested through the app.
 */
export function appDepsFromConfig(config: Config, parts: ProcessParts): AppDeps {
  return {
    db: parts.db,
    publicUrl: config.publicUrl,
    logger: parts.logger,
    rateLimits: config.rateLimits,
    trustedProxies: config.trustedProxies,
    captcha: createCaptchaVerifier(config.captcha, parts.clock),
    devMailInbox: config.mail.isDevInboxEnabled,
    localDevelopmentSites: config.localDevelopmentSites,
    graphqlIntrospection: config.graphqlIntrospection,
    graphqlExplorer: config.graphqlExplorer ? { clientId: config.demoClientId } : undefined,
    testPaymentProvider: config.paymentsTestProvider,
    stripe: config.stripe,
    publicReadCallers: true,
    mediaStorage: parts.mediaStorage,
    metricsToken: parts.metricsToken,
    drain: parts.drain,
    ...(parts.signingKey ? { signingKey: parts.signingKey } : {}),
    downloadLinkLifetimes: config.downloadLinkLifetimes,
  }
}
