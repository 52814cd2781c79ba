import type { HttpClient } from '../http/create-http-client.js'
import type {
  ListAvailabilityTimeSlotsRequest,
  ListAvailabilityTimeSlotsResponse,
  QueryServicesRequest,
  QueryServicesResponse,
} from '../types/booking.js'

/** The shop's services and their free slots (`/bookings`); `client.bookings`. */
export interface BookingsModule {
  /** Lists the services the shop offers, oldest first (`POST /v2/services/query`). */
  queryServices(query?: QueryServicesRequest): Promise<QueryServicesResponse>
  /**
   * Lists a service's free slots between two local dates in a time zone (`POST /v2/time-slots`). Book one
   * with a `bookingsCheckout` redirect session.
   */
  listAvailabilityTimeSlots(
    request: ListAvailabilityTimeSlotsRequest,
  ): Promise<ListAvailabilityTimeSlotsResponse>
}

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
    listAvailabilityTimeSlots: (request) =>
      http.request({ method: 'POST', api: 'bookings', path: '/v2/time-slots', body: request }),
  }
}
