import type { ContactDetails } from '../carts/contact-info.ts'
import type { Address } from '../carts/pricing/pricing-input.ts'
import { fullNameOf } from './contact-details.ts'
import { subdivisionsOf } from './subdivisions.ts'

/**
 * How a country writes the locality of an address (after the street): the order of town, region and
 * postal code, and whether the region is written as its postal abbreviation, its name, or not at all
 * (the postal services of GB, DE, FR and AT do not want it).
 */
interface Layout {
  /** The locality's lines, from the town, the region as the country writes it, and the postal code. */
  locality: (parts: { city: string; region: string; postalCode: string }) => string[]
  region: 'abbreviation' | 'name' | 'none'
  /** Where the street's number goes: "5 Main St" or "Hauptstraße 5". */
  numberFirst: boolean
  /** Japan writes from the largest part down: postal code, prefecture and town, then the street. */
  isLocalityFirst?: boolean
}

const join = (...parts: string[]) => parts.filter(Boolean).join(' ')

/** Postal code then town, the region (if any) on a line of its own: most of continental Europe. */
const postalCodeThenTown: Layout = {
  locality: ({ city, region, postalCode }) => [join(postalCode, city), region],
  region: 'none',
  numberFirst: false,
}

const LAYOUTS: Readonly<Record<string, Layout>> = {
  US: {
    locality: ({ city, region, postalCode }) => [
      join(city && region ? `${city},` : city, region, postalCode),
    ],
    region: 'abbreviation',
    numberFirst: true,
  },
  CA: {
    locality: ({ city, region, postalCode }) => [join(city, region, postalCode)],
    region: 'abbreviation',
    numberFirst: true,
  },
  AU: {
    locality: ({ city, region, postalCode }) => [join(city, region, postalCode)],
    region: 'abbreviation',
    numberFirst: true,
  },
  GB: { locality: ({ city, postalCode }) => [city, postalCode], region: 'none', numberFirst: true },
  IE: { locality: ({ city, postalCode }) => [city, postalCode], region: 'none', numberFirst: true },
  FR: { ...postalCodeThenTown, numberFirst: true },
  DE: postalCodeThenTown,
  AT: postalCodeThenTown,
  NL: postalCodeThenTown,
  BE: postalCodeThenTown,
  ES: { ...postalCodeThenTown, region: 'name' },
  IT: { ...postalCodeThenTown, region: 'name' },
  PT: postalCodeThenTown,
  JP: {
    locality: ({ city, region, postalCode }) => [postalCode ? `〒${postalCode}` : '', join(region, city)],
    region: 'name',
    numberFirst: true,
    isLocalityFirst: true,
  },
}

/** Countries not listed: town, region name and postal code on one line, as international mail reads. */
const OTHER: Layout = {
  locality: ({ city, region, postalCode }) => [
    join(city && (region || postalCode) ? `${city},` : city, region, postalCode),
  ],
  region: 'name',
  numberFirst: true,
}

/** The region as the country writes it: "CA" in the US, "Tokyo" in Japan, from a code such as `US-CA`. */
function regionText(address: Address, layout: Layout): string {
  const { country, subdivision } = address
  if (!subdivision || layout.region === 'none') return ''
  const code = country && !subdivision.includes('-') ? `${country}-${subdivision}` : subdivision
  const known = country ? subdivisionsOf(country).find(([listed]) => listed === code) : undefined
  if (layout.region === 'abbreviation') return code.slice(code.indexOf('-') + 1)
  // A region typed as free text (a country without a list) is written as typed.
  return known?.[1] ?? subdivision
}

/** The street lines: the line as typed, or the street's name and number in the country's order. */
function streetLines(address: Address, layout: Layout): string[] {
  const street = address.streetAddress
  const built = street
    ? join(
        layout.numberFirst
          ? join(street.number ?? '', street.name ?? '')
          : join(street.name ?? '', street.number ?? ''),
        street.apt ? `${street.apt}` : '',
      )
    : ''
  return [address.addressLine || built, address.addressLine2 ?? '']
}

/**
 * Country names by locale, then by code: ICU's lookup costs a tenth of a millisecond a mail, a map's nothing.
 * Both are bounded, since a shopper's browser names the locale: past the bound a name is looked up each time.
 */
const countryNames = new Map<string, { names: Intl.DisplayNames; known: Map<string, string> }>()
const MAX_LOCALES = 50
const MAX_NAMES_PER_LOCALE = 1000

/** The country's name in `locale` ("Germany"; "Deutschland" in `de`), or its code when ICU has none. */
export function countryNameOf(country: string, locale = 'en'): string {
  let inLocale = countryNames.get(locale)
  if (!inLocale) {
    let names: Intl.DisplayNames
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
    } catch {
      names = new Intl.DisplayNames(['en'], { type: 'region' })
    }
    inLocale = { names, known: new Map() }
    if (countryNames.size < MAX_LOCALES) countryNames.set(locale, inLocale)
  }
  let name = inLocale.known.get(country)
  if (name === undefined) {
    try {
      name = inLocale.names.of(country) ?? country
    } catch {
      name = country
    }
    if (inLocale.known.size < MAX_NAMES_PER_LOCALE) inLocale.known.set(country, name)
  }
  return name
}

/**
 * An address written the way its country writes it, as lines of text: who it is for (name, company),
 * the street, the locality in the country's order (US "San Francisco, CA 94111", DE "10115 Berlin", GB the
 * town then the postcode, JP the postal code and prefecture first), and the country's name. The one
 * formatter of every page and mail that shows an address, and of the wire's `formattedAddress`.
 */
export function formatAddress(
  address: Address,
  options: { contactDetails?: ContactDetails | null | undefined; locale?: string | undefined } = {},
): string[] {
  const layout = (address.country && LAYOUTS[address.country]) || OTHER
  const locality = layout.locality({
    city: address.city ?? '',
    region: regionText(address, layout),
    postalCode: address.postalCode ?? '',
  })
  const street = streetLines(address, layout)
  const contact = options.contactDetails
  const lines = [
    fullNameOf(contact) ?? '',
    contact?.company ?? '',
    ...(layout.isLocalityFirst ? [...locality, ...street] : [...street, ...locality]),
    address.country ? countryNameOf(address.country, options.locale) : '',
  ]
  const written = lines.map((line) => line.trim()).filter(Boolean)
  // An address given only as one formatted line (a pickup point's, say) is shown as given.
  return written.length > 0 || !address.formattedAddress ? written : [address.formattedAddress]
}

/**
 * The wire's `formattedAddress`: the address's lines (without the person), one per text line, as the
 * destination country writes them, so a client can draw the label as it is or join the lines for one line.
 */
export function formattedAddressOf(address: Address, locale?: string): string {
  return formatAddress(address, { locale }).join('\n')
}
