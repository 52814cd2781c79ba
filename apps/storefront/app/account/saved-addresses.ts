import type { Identity } from '@aisle/sdk'
import { toAddressLines } from '../store/shop-pages'

/** A saved address of the member's profile, as the account page shows it. */
export interface SavedAddressView {
  key: string
  /** What the member tagged it as: `Home`, `Work`, `Billing`, `Shipping`, or `Address`. */
  label: string
  lines: string[]
}

const TAG_LABELS: Record<string, string> = {
  HOME: 'Home',
  WORK: 'Work',
  BILLING: 'Billing',
  SHIPPING: 'Shipping',
}

/**
 * The addresses saved on the member's profile, each as the lines of a label (street, city with region and
 * postcode, country); addresses with no line at all are left out.
 */
export function toSavedAddresses(identity: Identity | undefined): SavedAddressView[] {
  return (identity?.identityProfile?.addresses ?? []).flatMap((saved, index) => {
    const address = saved.address ?? {}
    const street = [address.streetAddress?.number, address.streetAddress?.name].filter(Boolean).join(' ')
    const lines = toAddressLines({ ...address, addressLine: address.addressLine || street || undefined })
    if (lines.length === 0) return []
    return [{ key: saved._id ?? `address-${index}`, label: TAG_LABELS[saved.tag ?? ''] ?? 'Address', lines }]
  })
}
