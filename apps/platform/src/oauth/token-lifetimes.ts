/** Access tokens are short-lived; the SDK refreshes them. */
export const ACCESS_TOKEN_TTL_SECONDS = 4 * 60 * 60
/** A visitor keeps the same cart for this long without coming back. */
export const VISITOR_REFRESH_TOKEN_TTL_SECONDS = 90 * 24 * 60 * 60
/**
 * A member stays logged in this long after the login at most: rotation hands the remaining time on and
 * never extends it.
 */
export const MEMBER_REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60
/** An authorization code is exchanged at once or never (node-oidc-provider's default, ASVS level 3). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60
/**
 * A refresh token presented again this soon after its rotation gets the same successor (a lost answer,
 * two tabs racing), if it is the successor's immediate predecessor; later it revokes its family.
 */
export const REFRESH_GRACE_SECONDS = 10
