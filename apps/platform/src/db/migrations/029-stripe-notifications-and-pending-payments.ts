/**
 * Stripe as a payment provider (issue 30, decision 061): when a notification signed with the platform's
 * secret last arrived, per provider, for the dashboard's payment setup page (a webhook registered with a
 * wrong secret or URL shows as never arrived); and the pending payments by age, which the reconciliation
 * worker reads each round to close or place the ones left waiting past the limit.
 */
export const sql = /* sql */ `
create table payment_notification_receipts (
  provider text primary key,
  last_signed_date timestamptz not null,
  last_event_type text not null
);
create index payments_pending_by_age on payments (created_date) where status = 'PENDING';
`
