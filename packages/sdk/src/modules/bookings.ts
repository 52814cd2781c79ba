import type { HttpClient } from '../http/create-http-client.js'
import { encodePathSegment } from '../http/encode-path-segment.js'
import type {
  CreateBookingRequest,
  CreateBookingResponse,
  GetServiceResponse,
  ListAvailabilityTimeSlotsRequest,
  ListAvailabilityTimeSlotsResponse,
  QueryServicesRequest,
  QueryServicesResponse,
} from '../types/booking.js'

/** The shop's services and their free slots (`/bookings`); `client.bookings`. */
export interface BookingsModule {
  /** Lists the services the shop offers, oldest first (`POST /v2/services/query`). */
  queryServices(query?: QueryServicesRequest): Promise<QueryServicesResponse>
  /** One service by its id (`GET /v2/services/{serviceId}`); `SERVICE_NOT_FOUND` when the shop offers none. */
  getService(serviceId: string): Promise<GetServiceResponse>
  /**
   * Lists a service's free slots between two local dates in a time zone (`POST /v2/time-slots`). Book one
   * with a `bookingsCheckout` redirect session.
   */
  listAvailabilityTimeSlots(
    request: ListAvailabilityTimeSlotsRequest,
  ): Promise<ListAvailabilityTimeSlotsResponse>
  /**
   * Holds a free slot for the shop's hold time (`POST /v2/bookings`). Add the booking to the current cart
   * with `catalogReference: { appId: BOOKINGS_APP_ID, catalogItemId: booking._id }` to sell it beside
   * products; the order placed from the cart confirms it.
   */
  createBooking(booking: CreateBookingRequest): Promise<CreateBookingResponse>
}

/** The services catalogue's app id: a current-cart line with it sells a held slot (`createBooking`). */
export const BOOKINGS_APP_ID = '13d21c63-b5ec-5912-8397-c3a5ddb27a97'

/**
 * The bookings module; pass it in `modules` to get `client.bookings`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { bookings } })
 * const { services } = await client.bookings.queryServices()
 * const { timeSlots } = await client.bookings.listAvailabilityTimeSlots({
 *   serviceId: services[0]._id, fromLocalDate: '2026-06-01T00:00:00', toLocalDate: '2026-06-08T00:00:00',
 * })
 * ```
 */
export function bookings(http: HttpClient): BookingsModule {
  return {
    queryServices: (query = {}) =>
      http.request({ method: 'POST', api: 'bookings', path: '/v2/services/query', body: { query } }),
    getService: (serviceId) =>
      http.request({
        method: 'GET',
        api: 'bookings',
        path: `/v2/services/${encodePathSegment('serviceId', serviceId)}`,
      }),
    listAvailabilityTimeSlots: (request) =>
      http.request({ method: 'POST', api: 'bookings', path: '/v2/time-slots', body: request }),
    createBooking: (booking) =>
      http.request({ method: 'POST', api: 'bookings', path: '/v2/bookings', body: { booking } }),
  }
}
