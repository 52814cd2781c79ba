import type { ContactDetails } from '../carts/contact-info.ts'
import type { Address } from '../carts/pricing/pricing-input.ts'
import { formatAddress } from './address-format.ts'

/**
 * An address as its country writes it, with the person at it (name, company) and their phone below:
 * the one way every page draws an address (the hosted thank-you page, the dashboard's order page).
 */
export function PostalAddress(props: {
  address: Address | null | undefined
  contactDetails?: ContactDetails | null | undefined
  /** The language of the country's name (the shop's or the shopper's). */
  locale?: string | undefined
}) {
  const { address, contactDetails } = props
  if (!address) return <p className="muted">No address given</p>
  const lines = formatAddress(address, { contactDetails, locale: props.locale })
  return (
    <address>
      {lines.map((line, index) => (
        // The same text may stand on two lines (a town named like its region): the place keeps them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed once drawn
        <div key={index}>{line}</div>
      ))}
      {contactDetails?.phone && <div>Phone: {contactDetails.phone}</div>}
    </address>
  )
}
