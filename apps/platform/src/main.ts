import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { appDepsFromConfig } from './app-deps-from-config.ts'
import { createBookingReminderWorker } from './bookings/booking-reminders.ts'
import { createPaymentReconciliationWorker } from './checkout/payments/payment-reconciliation.ts'
import { ConfigError, parseConfig, startWarnings } from './config.ts'
import { DataDirLockedError } from './db/data-dir-lock.ts'
import { openDatabase } from './db/open-database.ts'
import { isReplicaRoutingDb } from './db/replica-routing-db.ts'
import { loadSigningKey } from './digital/signing-key-store.ts'
import { answerClientError } from './http/client-error.ts'
import { isWriteSeenByReplicaReads, withReadRouting } from './http/read-routing.ts'
import { chooseLogFormat, createLogger } from './log.ts'
import { chooseMailTransport } from './mail/mail-transport.ts'
import { createMailWorker } from './mail/mail-worker.ts'
import { createMediaStorage } from './media/media-storage-config.ts'
import { machineDrawingCacheDir, renderSvgRenditionsAhead } from './media/svg-renditions.ts'
import { parseMetricsToken } from './observability/metrics-routes.ts'
import { createDrainState, parseDrainDelay } from './observability/readiness.ts'
import { createProgress } from './operator/operator-progress.ts'
import { prepareDatabase } from './prepare-database.ts'
import { DEMO_OWNER_EMAIL } from './seed/demo-ids.ts'
import { demoOwnerSignIn } from './seed/demo-owner-sign-in.ts'
import { createDeliveryWorker } from './webhooks/delivery-worker.ts'

// The only impure entry point: read the environment, open the database, listen.
async function main() {
  const config = parseConfig(process.env)
  const metricsToken = parseMetricsToken(process.env.METRICS_TOKEN)
  const drainDelayMs = parseDrainDelay(process.env.DRAIN_DELAY_MS)
  // Readable lines on a terminal, JSON lines anywhere else, unless LOG_FORMAT says which.
  const isTerminal = process.stdout.isTTY === true
  const logFormat = chooseLogFormat(config.logFormat, isTerminal)
  const logger = createLogger(config.logLevel, undefined, {
    format: logFormat,
    colour: logFormat === 'pretty' && isTerminal && !process.env.NO_COLOR,
  })
  for (const warning of startWarnings(config)) logger.warn(warning)
  const started = performance.now()
  const db = await openDatabase({ ...config, logger, isSeenByReplicaReads: isWriteSeenByReplicaReads })
  // Seeding progress goes to standard error, as the operator command's does: standard output is the log.
  const progress = createProgress(process.stderr)
  const { applied, seeded, demoOwner } = await prepareDatabase(db, {
    ...config,
    onProgress: (done, total) => progress('seeding products', done, total),
  })
  if (applied.length > 0) logger.info('migrated', { versions: applied })
  if (seeded) logger.info('seeded the demo store', { ...seeded })
  if (demoOwner) logger.info('created the demo site owner', { email: DEMO_OWNER_EMAIL })
  const mediaStorage = createMediaStorage(config.mediaStorage)
  // A fresh demo store's drawings get their WebP sizes now, so its first visitor waits for none (decision 090).
  if (seeded) {
    const renderingStarted = performance.now()
    logger.info(
      'drawing the demo pictures in their WebP sizes (about a minute the first time on a machine, then from its cache)',
    )
    const renditions = await renderSvgRenditionsAhead({
      db,
      storage: mediaStorage,
      logger,
      drawingCacheDir: machineDrawingCacheDir(),
    })
    logger.info('rendered the demo pictures', {
      ...renditions,
      durationMs: Math.round(performance.now() - renderingStarted),
    })
  }
  const drain = createDrainState()
  const app = createApp(
    appDepsFromConfig(config, {
      db,
      logger,
      clock: () => new Date(),
      mediaStorage,
      metricsToken,
      drain,
      signingKey: await loadSigningKey(db),
    }),
  )
  const deliveryWorker = createDeliveryWorker({
    db,
    clock: () => new Date(),
    logger,
    localDevelopmentSites: config.localDevelopmentSites,
  })
  deliveryWorker.start()
  // Payments left pending past the limit (no return, no webhook) are asked of their provider and settled.
  const reconciliationWorker = createPaymentReconciliationWorker({ ...app.payments, logger })
  reconciliationWorker.start()
  // Each booking's reminder before it starts (decision 084), queued for the mail worker.
  const reminderWorker = createBookingReminderWorker({ ...app.payments, logger })
  reminderWorker.start()
  const mailTransport = chooseMailTransport(config.mail)
  const mailWorker =
    mailTransport && createMailWorker({ db, clock: () => new Date(), transport: mailTransport, logger })
  mailWorker?.start()
  if (!mailWorker) logger.warn('no SMTP server is configured (SMTP_URL): e-mails wait in the outbox')
  // With read replicas, each request runs with its reads routed (catalogue GETs from a replica).
  const fetchRouted = isReplicaRoutingDb(db) ? withReadRouting(app.fetch, db) : app.fetch
  const server = serve({ fetch: fetchRouted, port: config.port, hostname: config.host }, (info) => {
    logger.info('listening', {
      url: `http://${config.host}:${info.port}`,
      publicUrl: config.publicUrl,
      mail: mailTransport?.name ?? 'outbox only',
      database: config.databaseUrl ? 'postgres' : `pglite:${config.dataDir}`,
      replicas: isReplicaRoutingDb(db) ? db.replicaStatus() : [],
      media: mediaStorage.description,
      startupMs: Math.round(performance.now() - started),
    })
    // Records like any other: in JSON they stay parseable, on a terminal they read as lines.
    logger.info(`Aisle platform on ${config.publicUrl}`, { demoClientId: config.demoClientId })
    logger.info(`API reference on ${config.publicUrl}/docs`)
    if (config.graphqlExplorer) logger.info(`GraphQL explorer on ${config.publicUrl}/_dev/graphql`)
    if (config.mail.isDevInboxEnabled)
      logger.info(`E-mails it sends are in the local inbox on ${config.publicUrl}/_dev/mail`)
    // Which ways to pay the checkouts offer: in production, pay later alone unless the test provider is on.
    logger.info(`Payment providers: ${app.paymentProviders.map((provider) => provider.id).join(', ')}`, {
      paymentProviders: app.paymentProviders.map((provider) => provider.id),
    })
    // A password chosen in the environment is not echoed to the terminal or its logs.
    const signIn = demoOwnerSignIn(config)
    if (signIn) logger.info(`Merchant dashboard on ${config.publicUrl}/dashboard (${signIn})`)
  })
  // Requests Node cannot parse (headers over 16 KiB, broken HTTP) get the normalised error body too.
  server.on('clientError', answerClientError)
  let stopping = false
  let drainTimer: NodeJS.Timeout | undefined
  let closeNow: (() => void) | undefined
  const stop = (signal: string) => {
    // A second signal during the drain delay skips the rest of it.
    if (stopping) return closeNow?.()
    stopping = true
    // GET /ready answers 503 from now on, to the requests still in flight and on open connections.
    drain.startDraining()
    logger.info('stopping', { signal, drainDelayMs })
    const close = () => {
      closeNow = undefined
      clearTimeout(drainTimer)
      const finish = () =>
        Promise.all([
          deliveryWorker.stop(),
          mailWorker?.stop(),
          reconciliationWorker.stop(),
          reminderWorker.stop(),
        ])
          .then(() => db.close())
          .finally(() => process.exit(0))
      // Stop accepting, let requests in flight finish, and drop idle keep-alive connections at once;
      // the database closes only when no request can still use it.
      server.close(finish)
      if ('closeIdleConnections' in server) server.closeIdleConnections()
      setTimeout(() => {
        if ('closeAllConnections' in server) server.closeAllConnections()
      }, 5_000).unref()
      setTimeout(() => process.exit(1), 15_000).unref()
    }
    // Still serving while /ready fails, so that a load balancer polling it takes this process out
    // before connections are refused.
    drainTimer = setTimeout(close, drainDelayMs)
    closeNow = close
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`aisle platform: ${error.message}\n`)
    process.exit(2)
  }
  process.stderr.write(
    `aisle platform failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})
