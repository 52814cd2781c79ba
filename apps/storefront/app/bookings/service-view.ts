import type { Service } from '@aisle/sdk'
import { formatPrice } from '../store/money'

/** A service as the services pages show it, in shopper words. */
export interface ServiceView {
  id: string
  slug: string
  name: string
  description: string
  /** "45 minutes", "1 hour", "1 hour 30 minutes". */
  duration: string
  /** "$40.00", "Free", or what the shop says of a price on request ("Price on request" when nothing). */
  price: string
  /** How it may be paid, when it is charged: "Pay online or in person", "Pay online", "Pay in person". */
  payment: string | undefined
  /** "Can be paid with a plan" when a paid plan that covers it may pay a booking (`payment.options.pricingPlan`). */
  plan: string | undefined
  /** The picture the merchant set (`media.mainMedia.image.url`), or none. */
  pictureUrl: string | undefined
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}

/** A length of time in words: `45 minutes`, `1 hour 30 minutes`, `2 hours`. */
export function toDurationWords(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return [hours > 0 ? plural(hours, 'hour') : '', rest > 0 || hours === 0 ? plural(rest, 'minute') : '']
    .filter(Boolean)
    .join(' ')
}

function priceWords(payment: Service['payment']): string {
  if (payment.rateType === 'FIXED' && payment.fixed)
    return formatPrice(payment.fixed.price.value, payment.fixed.price.currency)
  if (payment.rateType === 'NO_FEE') return 'Free'
  return payment.custom?.description.trim() || 'Price on request'
}

function paymentWords(payment: Service['payment']): string | undefined {
  if (payment.rateType !== 'FIXED') return undefined
  const { online, inPerson } = payment.options
  const deposit = payment.options.deposit ? payment.fixed?.deposit : undefined
  // A deposit online is named with its amount: what the shopper pays when booking.
  if (deposit) {
    const amount = formatPrice(deposit.value, deposit.currency)
    return online || inPerson
      ? `Pay online, in person, or a deposit of ${amount} online`
      : `Pay a deposit of ${amount} online, the rest at the appointment`
  }
  if (online && inPerson) return 'Pay online or in person'
  if (online) return 'Pay online'
  return inPerson ? 'Pay in person' : undefined
}

/** The shop's service in the shopper's words. */
export function toServiceView(service: Service): ServiceView {
  return {
    id: service._id,
    slug: service.mainSlug.name,
    name: service.name,
    description: service.description,
    duration: toDurationWords(service.schedule.availabilityConstraints.sessionDurations[0] ?? 0),
    price: priceWords(service.payment),
    payment: paymentWords(service.payment),
    plan: service.payment.options.pricingPlan ? 'Can be paid with a plan' : undefined,
    pictureUrl: service.media.mainMedia?.image.url,
  }
}
