/** A calendar drawn in line, for what is booked for a time; decorative, the words beside it say what. */
export function CalendarIcon({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <rect x="3.5" y="5" width="17" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3.5 9.5h17M8 3v4M16 3v4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      <path
        d="M8 13h2M11 13h2M14 13h2M8 16h2M11 16h2"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  )
}

/**
 * A service's mark in a list: its picture when the merchant set one (decision 084), else a tile with a
 * calendar and the service's initial in the picture's place (decorative either way: its name is the heading
 * beside it).
 */
export function ServiceMark({ name, pictureUrl }: { name: string; pictureUrl?: string | undefined }) {
  if (pictureUrl)
    return (
      <img
        className="service-mark service-picture"
        src={pictureUrl}
        alt=""
        width={80}
        height={80}
        loading="lazy"
        decoding="async"
      />
    )
  return (
    <span className="service-mark" aria-hidden="true">
      <CalendarIcon />
      <span className="service-mark-initial">{name.trim().charAt(0).toUpperCase()}</span>
    </span>
  )
}
