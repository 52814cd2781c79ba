import { shade, tint } from './colour-shades.ts'

/** The drawings' own coordinate space: a 1000 × 1000 square, drawn at any size. */
export const CANVAS = 1000

/** A rectangle of the canvas to show: the whole of it, or a close-up for a detail view. */
export interface Frame {
  x: number
  y: number
  size: number
}

export const WHOLE: Frame = { x: 0, y: 0, size: CANVAS }

/**
 * A left-to-right gradient of a colour as light falls on a rounded object from the upper left: lit
 * edge, body colour, turned-away edge. `id` must be unique within one picture.
 */
export function sideLight(id: string, colour: string, strength = 1, vertical = false): string {
  const [x2, y2] = vertical ? [0, 1] : [1, 0]
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">
<stop offset="0" stop-color="${tint(colour, 0.16 * strength)}"/>
<stop offset="0.35" stop-color="${colour}"/>
<stop offset="0.8" stop-color="${shade(colour, 0.14 * strength)}"/>
<stop offset="1" stop-color="${shade(colour, 0.3 * strength)}"/></linearGradient>`
}

/** A soft contact shadow on the studio floor (a radial fade: cheap to rasterise, unlike a blur filter). */
export function floorShadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.32): string {
  return `<radialGradient id="floor-${cx}-${cy}"><stop offset="0" stop-color="#2a2622" stop-opacity="${opacity}"/>
<stop offset="0.55" stop-color="#2a2622" stop-opacity="${opacity * 0.45}"/><stop offset="1" stop-color="#2a2622" stop-opacity="0"/></radialGradient>
<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#floor-${cx}-${cy})"/>`
}

/** One picture: a seamless studio backdrop, `art` on it (defs may sit inline), framed by `frame`. */
export function studioPicture(
  art: string,
  options: { frame?: Frame; backdrop?: string; size?: number } = {},
) {
  const frame = options.frame ?? WHOLE
  const backdrop = options.backdrop ?? '#efece7'
  const size = options.size ?? 1200
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${frame.x} ${frame.y} ${frame.size} ${frame.size}">`,
    `<defs><radialGradient id="backdrop" cx="0.5" cy="0.38" r="0.8"><stop offset="0" stop-color="${tint(backdrop, 0.45)}"/>`,
    `<stop offset="0.7" stop-color="${backdrop}"/><stop offset="1" stop-color="${shade(backdrop, 0.07)}"/></radialGradient></defs>`,
    `<rect x="0" y="0" width="${CANVAS}" height="${CANVAS}" fill="url(#backdrop)"/>`,
    art,
    '</svg>',
  ].join('')
}
