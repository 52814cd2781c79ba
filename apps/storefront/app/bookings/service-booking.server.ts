import { isAisleError, type Service } from '@aisle/sdk'
import type { AisleClient } from '../platform/aisle.server'
import { openRedirectSession } from '../platform/redirect-session.server'
import { toRouteError } from '../platform/route-error.server'
import { toShopperError, toShopperErrorResponse, toShopperStatus } from '../platform/shopper-error'
import { addDays, type SlotPicker, toBookingsCheckout, toSlotPicker, toSlotWindow } from './slot-picker'

/** The most services the shop's pages list (the platform's own page size). */
const SERVICES_PAGE = 100

/**
 * The services the shop takes bookings for online, oldest first.
 * @throws a route error response (the platform's 4xx, else 503) when the platform refuses or fails.
 */
export async function listBookableServices(client: AisleClient): Promise<Service[]> {
  try {
    const { services } = await client.bookings.queryServices({ paging: { limit: SERVICES_PAGE } })
    return services.filter((service) => service.onlineBooking.enabled)
  } catch (error) {
    throw toRouteError(error)
  }
}

/**
 * The service whose slug is `slug`.
 * @throws a 404 route error response (`SERVICE_NOT_FOUND`) when the shop offers none.
 */
export async function getServiceBySlug(client: AisleClient, slug: string): Promise<Service> {
  const found = (await listBookableServices(client)).find((service) => service.mainSlug.name === slug)
  if (!found) throw toShopperErrorResponse(404, 'SERVICE_NOT_FOUND')
  return found
}

/**
 * The slot picker of a service: its free slots (a class's sessions, full ones too) over the next two weeks, asked in the shop's time zone
 * (the platform's default), and the free times of `day` (`YYYY-MM-DD`) or of the first day with any.
 * @throws a route error response (the platform's 4xx, else 503) when the platform refuses or fails.
 */
export async function readSlotPicker(
  client: AisleClient,
  serviceId: string,
  now: Date,
  day: string | undefined,
): Promise<SlotPicker> {
  try {
    const { timeSlots, timeZone } = await client.bookings.listAvailabilityTimeSlots({
      serviceId,
      ...toSlotWindow(now),
    })
    return toSlotPicker(timeSlots, timeZone, now, day)
  } catch (error) {
    throw toRouteError(error)
  }
}

/** Where the hosted bookings pages send the shopper back: the thank-you page, the service, the services. */
export interface BookingReturn {
  origin: string
  serviceSlug: string
}

/** What booking a slot came to: the hosted checkout to go to, or words for the shopper and a status. */
export type BookingStart =
  | { ok: true; url: string }
  | { ok: false; status: number; title: string; message: string }

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/

/** Words for a time that was free when the page was drawn and is not any more. */
export const SLOT_TAKEN = {
  title: 'That time was just taken',
  message: 'Someone booked that time a moment ago, or it is no longer offered. Please choose another time.',
}

/**
 * Books the free slot of `service` that starts at `start` (a local time of the shop's zone, as the picker
 * showed it): asks the platform whether it is still free, then opens a `bookingsCheckout` redirect session
 * with the slot as the platform answered it, and answers the hosted bookings checkout's URL. A slot no
 * longer free answers words (409), not an error page.
 */
export async function startBooking(
  client: AisleClient,
  service: Service,
  start: unknown,
  back: BookingReturn,
): Promise<BookingStart> {
  if (typeof start !== 'string' || !LOCAL_DATE_TIME.test(start))
    return { ok: false, status: 400, title: 'Choose a time', message: 'Please choose one of the free times.' }
  try {
    const day = start.slice(0, 10)
    const { timeSlots, timeZone } = await client.bookings.listAvailabilityTimeSlots({
      serviceId: service._id,
      fromLocalDate: `${day}T00:00:00`,
      toLocalDate: `${addDays(day, 1)}T00:00:00`,
      bookable: true,
    })
    const slot = timeSlots.find(
      (free) => free.localStartDate === start && free.bookable && free.remainingCapacity > 0,
    )
    if (!slot) return { ok: false, status: 409, ...SLOT_TAKEN }
    const url = await openRedirectSession(
      client,
      { bookingsCheckout: toBookingsCheckout(service, slot, timeZone) },
      {
        thankYouPageUrl: `${back.origin}/thank-you`,
        postFlowUrl: `${back.origin}/services/${encodeURIComponent(back.serviceSlug)}`,
        bookingsServiceListUrl: `${back.origin}/services`,
      },
    )
    if (!url) return { ok: false, status: 502, ...toShopperError(500) }
    return { ok: true, url }
  } catch (error) {
    if (!isAisleError(error)) throw error
    return { ok: false, status: toShopperStatus(error), ...toShopperError(error.status, error.code) }
  }
}
