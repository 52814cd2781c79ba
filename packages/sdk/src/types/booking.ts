/** A service the shop offers (`services.queryServices`), shaped like a Wix Bookings Services V2 service. */
export interface Service {
  /** What the time slots call and a `bookingsCheckout` slot name as `serviceId`. */
  _id: string
  name: string
  description: string
  /** `APPOINTMENT`: one customer at a time; `CLASS`: scheduled sessions with places. */
  type: 'APPOINTMENT' | 'CLASS'
  /** Places per session: 1 for an appointment. */
  defaultCapacity: number
  mainSlug: { name: string }
  schedule: {
    /** The calendar the service is booked on. */
    _id: string
    availabilityConstraints: {
      /** The appointment's length in minutes. */
      sessionDurations: number[]
      /** Minutes kept free after each appointment. */
      timeBetweenSessions: number
    }
  }
  payment: {
    /** `FIXED` a price, `NO_FEE` free, `CUSTOM` "price on request" (nothing is charged online). */
    rateType: 'FIXED' | 'NO_FEE' | 'CUSTOM'
    /**
     * The price (a decimal string) in the shop's currency, for `FIXED`; with `deposit` when a booking may pay
     * a deposit online and the rest at the appointment.
     */
    fixed?: { price: { value: string; currency: string }; deposit?: { value: string; currency: string } }
    /** What the shop says of the price, for `CUSTOM`. */
    custom?: { description: string }
    /**
     * Whether it may be paid online, in person, or either; `pricingPlan`: whether a paid plan that covers
     * the service may pay a booking (one session each); `deposit`: whether a deposit is paid online and the
     * rest in person. As Wix Bookings Services V2 names them.
     */
    options: { online: boolean; inPerson: boolean; pricingPlan: boolean; deposit: boolean }
  }
  /** Its picture as Wix names it: `mainMedia.image.url`, an https address; none when it has no picture. */
  media: { mainMedia?: ServiceImage; items: ServiceImage[] }
  onlineBooking: { enabled: boolean }
  /** ISO-8601 date-time. */
  _createdDate: string
}

/** A service's picture: its address and, as its words, the service's name. */
export interface ServiceImage {
  image: { url: string; altText: string }
}

/** Answer of `getService`. */
export interface GetServiceResponse {
  service: Service
}

/** Answer of `queryServices`. */
export interface QueryServicesResponse {
  services: Service[]
  pagingMetadata: { count: number; offset: number; total: number }
}

/** What `queryServices` takes: a filter by id, and paging (limit 50 by default). */
export interface QueryServicesRequest {
  filter?: { _id?: string | { $in: string[] } }
  paging?: { limit?: number; offset?: number }
}

/** A free slot of a service (`listAvailabilityTimeSlots`), shaped like a Wix Time Slots V2 slot. */
export interface TimeSlot {
  serviceId: string
  /** `YYYY-MM-DDThh:mm:ss` in the answer's `timeZone`. */
  localStartDate: string
  localEndDate: string
  bookable: boolean
  location: { locationType: 'BUSINESS' }
  /** Places: 1 for an appointment, a class's per session. */
  totalCapacity: number
  /** Places left: 0 when a class's session is full (then not bookable). */
  remainingCapacity: number
  availableResources: { resourceTypeId: string; resources: { _id: string; name: string }[] }[]
}

/** What `listAvailabilityTimeSlots` takes: a service and a range of local dates in a time zone. */
export interface ListAvailabilityTimeSlotsRequest {
  serviceId: string
  /** `YYYY-MM-DDThh:mm:ss`, local to `timeZone`. */
  fromLocalDate: string
  toLocalDate: string
  /** An IANA zone; the shop's when left out. */
  timeZone?: string
  bookable?: boolean
}

/** Answer of `listAvailabilityTimeSlots`: the free slots in order, in `timeZone`. */
export interface ListAvailabilityTimeSlotsResponse {
  timeSlots: TimeSlot[]
  timeZone: string
  cursorPagingMetadata: { count: number; hasNext: boolean }
}

/**
 * A slot held for the shopper (`createBooking`): add it to the current cart by its `_id`, with the services
 * catalogue's app id `BOOKINGS_APP_ID`, beside products; the order placed from the cart confirms it.
 */
export interface Booking {
  _id: string
  /** `CREATED` while the slot is held. */
  status: 'CREATED'
  bookedEntity: {
    title: string
    slot: { serviceId: string; scheduleId: string; startDate: string; endDate: string; timezone: string }
  }
  /** ISO-8601 instants. */
  startDate: string
  endDate: string
  totalParticipants: number
  /** When the hold lapses unless an order confirms it. */
  heldUntil: string
  _createdDate: string
}

/** What `createBooking` takes: the slot, by its service and start. */
export interface CreateBookingRequest {
  bookedEntity: {
    slot: {
      serviceId: string
      /** An ISO-8601 instant, or a local date and time of `timezone` (its offset then ignored). */
      startDate: string
      timezone?: string
    }
  }
  /** The places it takes: 1 (the default) for an appointment; up to a class's places left in the session. */
  totalParticipants?: number
}

/** Answer of `createBooking`. */
export interface CreateBookingResponse {
  booking: Booking
}
