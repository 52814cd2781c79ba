import { z } from 'zod'

/** The `appId` of a catalogue reference to the platform's own catalogue. */
export const PLATFORM_CATALOGUE_APP_ID = 'stores'

/** The Wix Stores app id: the name the Wix Headless client gives the catalogue (decision 032). */
export const WIX_STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e'

/**
 * The app id of the services catalogue in a line's catalogue reference (the Wix Bookings app's): such a
 * line sells one held slot, its `catalogItemId` the booking (decision 065, 082).
 */
export const BOOKINGS_APP_ID = '13d21c63-b5ec-5912-8397-c3a5ddb27a97'

/**
 * A catalogue reference's `appId`: the platform's catalogue by either of its names, read as
 * {@link PLATFORM_CATALOGUE_APP_ID} (so a line is the same line whichever name added it); the platform's
 * name when left out; or the services catalogue ({@link BOOKINGS_APP_ID}), whose item is a held booking.
 */
export const CatalogueAppId = z
  .enum([PLATFORM_CATALOGUE_APP_ID, WIX_STORES_APP_ID, BOOKINGS_APP_ID], {
    message: `must be "${PLATFORM_CATALOGUE_APP_ID}" (or "${WIX_STORES_APP_ID}", its Wix Stores name), the platform's catalogue, or "${BOOKINGS_APP_ID}", the services catalogue`,
  })
  .default(PLATFORM_CATALOGUE_APP_ID)
  .transform((appId) => (appId === BOOKINGS_APP_ID ? BOOKINGS_APP_ID : PLATFORM_CATALOGUE_APP_ID))
