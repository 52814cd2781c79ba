import type { Db } from './db.ts'
import * as foundation from './migrations/001-foundation.ts'
import * as catalogueSearch from './migrations/002-catalogue-search-cost-outbox.ts'
import * as bulkOperations from './migrations/003-bulk-operations.ts'
import * as siteUsers from './migrations/004-site-users.ts'
import * as catalogueVersion from './migrations/005-catalogue-version.ts'
import * as cartDetails from './migrations/006-cart-details.ts'
import * as membersAndRedirects from './migrations/007-members-and-redirects.ts'
import * as commerceSettings from './migrations/008-commerce-settings-and-checkouts.ts'
import * as webhooks from './migrations/009-webhooks.ts'
import * as orders from './migrations/010-orders.ts'
import * as redirectSessionPages from './migrations/011-redirect-session-pages.ts'
import * as identityMail from './migrations/012-identity-mail-and-recovery.ts'
import * as abuseResistance from './migrations/013-abuse-resistance-and-external-login.ts'
import * as siteLocalDevelopment from './migrations/014-site-local-development.ts'
import * as eventPayloadCompression from './migrations/015-event-payload-compression.ts'
import * as customLinesAreTheMerchants from './migrations/016-custom-lines-are-the-merchants.ts'
import * as payments from './migrations/017-payments.ts'
import * as orderDesk from './migrations/018-order-desk.ts'
import * as idpKeySources from './migrations/019-idp-key-sources.ts'
import * as unitPrices from './migrations/020-unit-prices-and-display-currencies.ts'
import * as cartContactAndMerchantDiscounts from './migrations/021-cart-contact-and-merchant-discounts.ts'
import * as membershipPlans from './migrations/022-membership-plans.ts'
import * as secureFiles from './migrations/023-secure-files-and-signing-keys.ts'
import * as membershipChoices from './migrations/024-membership-choices-refunds-renewals.ts'
import * as planPurchaseLimits from './migrations/025-plan-purchase-limits.ts'
import * as orderLinesAsSold from './migrations/026-order-lines-as-sold.ts'
import * as recipientsAndCheckoutPhone from './migrations/027-recipients-and-checkout-phone.ts'
import * as refundedUnitsAreNotToShip from './migrations/028-refunded-units-are-not-to-ship.ts'
import * as stripeNotifications from './migrations/029-stripe-notifications-and-pending-payments.ts'
import * as bookings from './migrations/030-bookings.ts'
import * as shopIcon from './migrations/031-shop-icon.ts'
import * as bookingMails from './migrations/032-booking-mails-and-cancelling.ts'
import * as ticketedEvents from './migrations/033-ticketed-events.ts'
import * as bookingDesk from './migrations/034-booking-desk.ts'
import * as eventDesk from './migrations/035-event-desk.ts'
import * as classes from './migrations/036-classes.ts'
import * as bookingReminders from './migrations/037-booking-reminders.ts'
import * as paidPlansCoverServices from './migrations/038-paid-plans-cover-services.ts'
import * as shopLogoAndTimeZone from './migrations/039-shop-logo-and-time-zone.ts'
import * as bookingDeposits from './migrations/040-booking-deposits.ts'
import * as ordersWithNothingToShip from './migrations/041-orders-with-nothing-to-ship.ts'
import * as listingsReadTheirIndexesOnly from './migrations/042-listings-read-their-indexes-only.ts'
import * as stockVersions from './migrations/043-stock-versions.ts'
import * as sellOutsAreStockChanges from './migrations/044-sell-outs-are-stock-changes.ts'
import * as outboxAndPaymentsIndexOnlyWhatIsRead from './migrations/045-outbox-and-payments-index-only-what-is-read.ts'

/** Every migration, in order. A migration is never edited once it has shipped: add the next one. */
export const migrations: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'foundation', sql: foundation.sql },
  { version: 2, name: 'catalogue-search-cost-outbox', sql: catalogueSearch.sql },
  { version: 3, name: 'bulk-operations', sql: bulkOperations.sql },
  { version: 4, name: 'site-users', sql: siteUsers.sql },
  { version: 5, name: 'catalogue-version', sql: catalogueVersion.sql },
  { version: 6, name: 'cart-details', sql: cartDetails.sql },
  { version: 7, name: 'members-and-redirects', sql: membersAndRedirects.sql },
  { version: 8, name: 'commerce-settings-and-checkouts', sql: commerceSettings.sql },
  { version: 9, name: 'webhooks', sql: webhooks.sql },
  { version: 10, name: 'orders', sql: orders.sql },
  { version: 11, name: 'redirect-session-pages', sql: redirectSessionPages.sql },
  { version: 12, name: 'identity-mail-and-recovery', sql: identityMail.sql },
  { version: 13, name: 'abuse-resistance-and-external-login', sql: abuseResistance.sql },
  { version: 14, name: 'site-local-development', sql: siteLocalDevelopment.sql },
  { version: 15, name: 'event-payload-compression', sql: eventPayloadCompression.sql },
  { version: 16, name: 'custom-lines-are-the-merchants', sql: customLinesAreTheMerchants.sql },
  { version: 17, name: 'payments', sql: payments.sql },
  { version: 18, name: 'order-desk', sql: orderDesk.sql },
  { version: 19, name: 'idp-key-sources', sql: idpKeySources.sql },
  { version: 20, name: 'unit-prices-and-display-currencies', sql: unitPrices.sql },
  { version: 21, name: 'cart-contact-and-merchant-discounts', sql: cartContactAndMerchantDiscounts.sql },
  { version: 22, name: 'membership-plans', sql: membershipPlans.sql },
  { version: 23, name: 'secure-files-and-signing-keys', sql: secureFiles.sql },
  { version: 24, name: 'membership-choices-refunds-renewals', sql: membershipChoices.sql },
  { version: 25, name: 'plan-purchase-limits', sql: planPurchaseLimits.sql },
  { version: 26, name: 'order-lines-as-sold', sql: orderLinesAsSold.sql },
  { version: 27, name: 'recipients-and-checkout-phone', sql: recipientsAndCheckoutPhone.sql },
  { version: 28, name: 'refunded-units-are-not-to-ship', sql: refundedUnitsAreNotToShip.sql },
  { version: 29, name: 'stripe-notifications-and-pending-payments', sql: stripeNotifications.sql },
  { version: 30, name: 'bookings', sql: bookings.sql },
  { version: 31, name: 'shop-icon', sql: shopIcon.sql },
  { version: 32, name: 'booking-mails-and-cancelling', sql: bookingMails.sql },
  { version: 33, name: 'ticketed-events', sql: ticketedEvents.sql },
  { version: 34, name: 'booking-desk', sql: bookingDesk.sql },
  { version: 35, name: 'event-desk', sql: eventDesk.sql },
  { version: 36, name: 'classes', sql: classes.sql },
  { version: 37, name: 'booking-reminders', sql: bookingReminders.sql },
  { version: 38, name: 'paid-plans-cover-services', sql: paidPlansCoverServices.sql },
  { version: 39, name: 'shop-logo-and-time-zone', sql: shopLogoAndTimeZone.sql },
  { version: 40, name: 'booking-deposits', sql: bookingDeposits.sql },
  { version: 41, name: 'orders-with-nothing-to-ship', sql: ordersWithNothingToShip.sql },
  { version: 42, name: 'listings-read-their-indexes-only', sql: listingsReadTheirIndexesOnly.sql },
  { version: 43, name: 'stock-versions', sql: stockVersions.sql },
  { version: 44, name: 'sell-outs-are-stock-changes', sql: sellOutsAreStockChanges.sql },
  {
    version: 45,
    name: 'outbox-and-payments-index-only-what-is-read',
    sql: outboxAndPaymentsIndexOnlyWhatIsRead.sql,
  },
]

// Any fixed number works; it keeps two platform processes from migrating the same server at once.
const MIGRATION_LOCK = 7_310_427

/**
 * Applies the migrations the database has not seen yet, each in its own transaction. Returns their versions.
 * `onApplied` hears of each one as it commits, with its milliseconds (the operator command's progress).
 */
export async function migrate(
  db: Db,
  options: { onApplied?: (migration: { version: number; name: string }, ms: number) => void } = {},
): Promise<number[]> {
  await db.query(`create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    applied_date timestamptz not null default now()
  )`)
  const applied: number[] = []
  for (const migration of migrations) {
    const started = performance.now()
    const didApply = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const done = await tx.query('select 1 from schema_migrations where version = $1', [migration.version])
      if (done.length > 0) return false
      for (const statement of splitStatements(migration.sql)) await tx.query(statement)
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ])
      return true
    })
    if (!didApply) continue
    applied.push(migration.version)
    options.onApplied?.(migration, performance.now() - started)
  }
  return applied
}

/**
 * Splits a migration into statements at semicolons that end a line, except inside dollar-quoted
 * bodies (`$$ ... $$`, the bodies of functions), and drops comment lines.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = []
  let current = ''
  let isInBody = false
  for (const line of sql.split('\n')) {
    if (!isInBody && /^\s*--/.test(line)) continue
    current += `${line}\n`
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) isInBody = !isInBody
    if (!isInBody && /;\s*$/.test(line)) {
      statements.push(current.trim().replace(/;$/, ''))
      current = ''
    }
  }
  if (current.trim()) statements.push(current.trim())
  return statements.filter((statement) => statement.length > 0)
}
