/** Access tokens are short-lived; the SDK refreshes them. */
export const ACCESS_TOKEN_TTL_SECONDS = 4 * 60 * 60
/** A visitor keeps the same cart for this long without coming back. */
export const VISITOR_REFRESH_TOKEN_TTL_SECONDS = 90 * 24 * 60 * 60
/**
 * A member stays logged in this long after the login at most (the absolute lifetime): rotation hands the
 * remaining time on and never extends it. {@link MEMBER_REFRESH_IDLE_SECONDS} may end the login sooner.
 * @see SECURITY.md T4, O5
 */
export const MEMBER_REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60
/**
 * A member refresh token not used for this long is refused (the inactivity timeout), even before the
 * login's absolute end: each rotation issues a token with a new idle window, capped by that absolute end.
 * Visitors have no idle window: their refresh token lives {@link VISITOR_REFRESH_TOKEN_TTL_SECONDS} from
 * its issue, so a returning visitor keeps the cart.
 * @see SECURITY.md T4, O5; https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2
 */
export const MEMBER_REFRESH_IDLE_SECONDS = 14 * 24 * 60 * 60
/** An authorization code is exchanged at once or never (node-oidc-provider's default, ASVS level 3). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60
/**
 * A refresh token presented again this soon after its rotation gets the same successor (a lost answer,
 * two tabs racing), if it is the successor's immediate predecessor; later it revokes its family.
 */
export const REFRESH_GRACE_SECONDS = 10
