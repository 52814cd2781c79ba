/**
 * A time zone as people know it (decision 101): the one way the platform names a zone beside a time, shared
 * by the dashboard (`timeText`, `spanText`) and what a shopper reads of a booked slot or an event (the cart's
 * and the order line's `slotWhenText`, the mails, the members account). Depends on nothing.
 */

const keptFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A date format of `locale` and `options`, made once and kept (building one costs far more than using it):
 * the one cache of the platform's date and zone words.
 */
export function dateFormatOf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = keptFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    keptFormats.set(key, format)
  }
  return format
}

/** A zone's short name at a moment in `locale`'s words ("CEST" in British English, "EDT" in American). */
function shortZoneName(instant: Date, timeZone: string, locale: string): string {
  return (
    dateFormatOf(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  )
}

/**
 * The zone's name at a moment as people know it: "UTC", "CET", "EDT", "EST" (so a winter and a summer time
 * read as they are). British English names Europe's zones but writes America's as "GMT-4", which American
 * English names ("EDT"); a zone neither names keeps its offset ("GMT+9"); never the IANA id.
 */
export function zoneNameAt(at: Date | string, timeZone: string): string {
  const instant = new Date(at)
  const british = shortZoneName(instant, timeZone, 'en-GB')
  return /^GMT[+-]/.test(british) ? shortZoneName(instant, timeZone, 'en-US') : british
}
