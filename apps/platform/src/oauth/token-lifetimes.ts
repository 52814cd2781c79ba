/** Access tokens are short-lived; the SDK refreshes them. */
export const ACCESS_TOKEN_TTL_SECONDS = 4 * 60 * 60
/** A visitor keeps the same cart for this long without coming back. */
export const VISITOR_REFRESH_TOKEN_TTL_SECONDS = 90 * 24 * 60 * 60
