/** A colour as `#rrggbb`. */
export type Hex = `#${string}`

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1, 7), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function toHex([r, g, b]: [number, number, number]): Hex {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0')
  return `#${part(r)}${part(g)}${part(b)}`
}

/** `from` moved towards `to` by `amount` (0 keeps `from`, 1 gives `to`). */
export function mix(from: string, to: string, amount: number): Hex {
  const a = channels(from)
  const b = channels(to)
  return toHex([a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount])
}

/** Darker by `amount` (towards black): the side of a shape turned away from the light. */
export const shade = (hex: string, amount: number) => mix(hex, '#000000', amount)

/** Lighter by `amount` (towards white): the side facing the light. */
export const tint = (hex: string, amount: number) => mix(hex, '#ffffff', amount)

/** Relative luminance (0 black, 1 white), to pick stitching that shows on the cloth. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** A thread or print colour that reads on `hex`: lighter on dark cloth, darker on light cloth. */
export const contrastLine = (hex: string, amount = 0.35) =>
  luminance(hex) < 0.18 ? tint(hex, amount) : shade(hex, amount)
