/** The demo store's public OAuth client id: fixed so `npm start` can hand it to the storefront. */
export const DEMO_CLIENT_ID = '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'

/** The demo store's site owner, who signs in to the dashboard: fixed so `npm start` can name them. */
export const DEMO_OWNER_EMAIL = 'owner@demo.aisle.dev'
