import { z } from 'zod'
import { CHECKOUT_PHONE_RULES } from '../addresses/contact-details.ts'
import type { Db } from '../db/db.ts'
import { type FieldViolation, ValidationError } from '../http/errors.ts'
import { parseWith } from '../http/validation.ts'
import { type ShopDetails, saveShopDetails } from '../sites/site-store.ts'

export { getShopDetails, type ShopDetails } from '../sites/site-store.ts'

/** The contrast white text needs on a colour (WCAG 2 AA for body text): mails write white on both colours. */
export const MIN_CONTRAST_WITH_WHITE = 4.5

const Colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb')
  .transform((colour) => colour.toLowerCase())

/**
 * The IANA zones this runtime knows, and UTC (which `Intl.supportedValuesOf` leaves out): the zones the
 * dashboard's pickers list (`timeZoneOptions`).
 */
const TIME_ZONES: ReadonlySet<string> = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])

/** A change to the shop's details, as the dashboard's form and any other entry point give it. */
export const ShopDetailsSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(80, 'must be at most 80 characters')
    .describe("the shop's name: page titles, the storefront's header, mails"),
  brandColour: Colour.describe("the mail header's background, under white text"),
  accentColour: Colour.describe('links and buttons in mails, under white text'),
  checkoutPhone: z
    .enum(CHECKOUT_PHONE_RULES)
    .default('OPTIONAL')
    .describe("whether the checkout asks for the recipient's phone: HIDDEN, OPTIONAL or REQUIRED"),
  timeZone: z
    .string()
    .trim()
    .refine((zone) => TIME_ZONES.has(zone), 'must be an IANA time zone such as Europe/Berlin or UTC')
    .describe('the IANA time zone the dashboard shows dates and times in, such as Europe/Berlin'),
})

/** WCAG 2's relative luminance of a `#rrggbb` colour. */
function luminanceOf(colour: string): number {
  const [red, green, blue] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(colour.slice(at, at + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue
}

/** The contrast ratio of white text on a `#rrggbb` colour, from 1 (white) to 21 (black). */
export function contrastWithWhite(colour: string): number {
  return 1.05 / (luminanceOf(colour) + 0.05)
}

/** The colours white text cannot be read on, as violations naming their field. */
function unreadableColours(details: ShopDetails): FieldViolation[] {
  return (['brandColour', 'accentColour'] as const).flatMap((field) => {
    const contrast = contrastWithWhite(details[field])
    if (contrast >= MIN_CONTRAST_WITH_WHITE) return []
    return [
      {
        field,
        description: `is too light for the white text mails and the shop's pages write on it (contrast ${contrast.toFixed(1)}:1, at least ${MIN_CONTRAST_WITH_WHITE}:1 is needed): choose a darker colour`,
        violatedRule: 'OTHER' as const,
        data: { contrast: Math.round(contrast * 100) / 100, minimum: MIN_CONTRAST_WITH_WHITE },
      },
    ]
  })
}

/**
 * Changes the shop's name, colours, time zone and whether its checkout asks for a phone. Refused whole, with
 * a violation per field, when the name is empty or too long, a colour is not `#rrggbb` or too light for
 * white text, or the zone is no IANA name; nothing is stored then.
 */
export async function updateShopDetails(db: Db, siteId: string, input: unknown): Promise<ShopDetails> {
  const details = parseWith(ShopDetailsSchema, input)
  const unreadable = unreadableColours(details)
  if (unreadable.length > 0) throw new ValidationError(unreadable)
  await saveShopDetails(db, siteId, details)
  return details
}
