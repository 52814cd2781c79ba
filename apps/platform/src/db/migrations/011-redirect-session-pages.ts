/**
 * Redirect sessions of every hosted page: the members account joins the kinds, and a page that stays
 * open after its single-use session is spent (the product page, the members account) keeps the
 * browser's visit: the visit cookie's SHA-256 and when the visit ends.
 */
export const sql = /* sql */ `
alter table redirect_sessions drop constraint redirect_sessions_kind_check;
alter table redirect_sessions add constraint redirect_sessions_kind_check check (kind in ('bookingsCheckout',
  'ecomCheckout', 'eventsCheckout', 'paidPlansCheckout', 'login', 'logout', 'auth', 'storesProduct', 'bookingsBook',
  'membersAccount'));

alter table redirect_sessions add column visit_token_hash text;
alter table redirect_sessions add column visit_expires_at timestamptz;
`
