/**
 * Postal code shapes of the countries shops here ship to (uppercase, after spaces are evened): the
 * pattern to check, an example for the error message, and how to write it. A country not listed
 * takes any postal code up to 20 characters.
 */
const POSTAL_CODES: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '11201 or 11201-1234' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[A-Z] \d[A-Z]\d$/, example: 'K1A 0B1' },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  GB: { pattern: /^([A-Z]{1,2}\d[A-Z\d]?|GIR) \d[A-Z]{2}$/, example: 'SW1A 1AA' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  ES: { pattern: /^\d{5}$/, example: '28001' },
  IT: { pattern: /^\d{5}$/, example: '00118' },
  IE: { pattern: /^[AC-FHKNPRTV-Y]\d[\dW] [AC-FHKNPRTV-Y\d]{4}$/, example: 'D02 X285' },
  NL: { pattern: /^\d{4} [A-Z]{2}$/, example: '1012 AB' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1000-001' },
  JP: { pattern: /^\d{3}-\d{4}$/, example: '100-0001' },
}

/** Writes a postal code the way its country does: uppercase, with the space in its place. */
export function normalisePostalCode(country: string, postalCode: string): string {
  const compact = postalCode.trim().toUpperCase().replace(/\s+/g, ' ')
  const spaceless = compact.replace(/ /g, '')
  if (country === 'CA' && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(spaceless))
    return `${spaceless.slice(0, 3)} ${spaceless.slice(3)}`
  if (country === 'GB' && /^[A-Z\d]{5,7}$/.test(spaceless))
    return `${spaceless.slice(0, -3)} ${spaceless.slice(-3)}`
  if (country === 'IE' && /^[A-Z\d]{7}$/.test(spaceless))
    return `${spaceless.slice(0, 3)} ${spaceless.slice(3)}`
  if (country === 'JP' && /^\d{7}$/.test(spaceless.replace('-', '')))
    return `${spaceless.replace('-', '').slice(0, 3)}-${spaceless.replace('-', '').slice(3)}`
  if (country === 'NL' && /^\d{4}[A-Z]{2}$/.test(spaceless))
    return `${spaceless.slice(0, 4)} ${spaceless.slice(4)}`
  return compact
}

/**
 * Checks a postal code against its country's shape: the code as the country writes it, or the error in
 * plain words. Countries without a shape here take any code.
 */
export function checkPostalCode(
  country: string,
  postalCode: string,
): { postalCode: string } | { error: string } {
  const normal = normalisePostalCode(country, postalCode)
  const shape = POSTAL_CODES[country]
  if (!shape || shape.pattern.test(normal)) return { postalCode: normal }
  return { error: `This is not a postal code of that country (for example ${shape.example}).` }
}
