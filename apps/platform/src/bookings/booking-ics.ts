/**
 * One appointment or ticketed event as a calendar file describes it: a booked slot (decision 069) or an
 * event a ticket is for (decision 075).
 */
export interface CalendarEvent {
  /** Which part of Aisle made the file, in its PRODID: `Bookings` (the default) or `Events`. */
  app?: 'Bookings' | 'Events' | undefined
  /** Unique and stable for the appointment: a calendar that imports the file twice keeps one event. */
  uid: string
  /** When the file was made. */
  stamp: Date
  start: Date
  end: Date
  summary: string
  description?: string | undefined
  location?: string | undefined
  /** A link to the appointment (its cancel page) or to the online event. */
  url?: string | undefined
}

/** A UTC instant as iCalendar's DATE-TIME form: `19970714T173000Z` (RFC 5545 §3.3.5). */
export function icsDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
}

/** A TEXT value escaped (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function icsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

const encoder = new TextEncoder()

/**
 * A content line folded to 75 octets (RFC 5545 §3.1): each further line starts with one space. A
 * character is never split across lines, whatever its length in UTF-8.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const character of line) {
    const size = encoder.encode(character).length
    // The first line holds 75 octets; each following line 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += character
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/**
 * A calendar file of one event (RFC 5545): a VCALENDAR with one VEVENT whose times are UTC, lines
 * ended with CRLF and folded, texts escaped. Calendars show it in their user's own zone.
 */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//Aisle//${event.app ?? 'Bookings'}//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`
}
