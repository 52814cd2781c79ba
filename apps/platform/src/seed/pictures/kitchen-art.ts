import { contrastLine, shade, tint } from './colour-shades.ts'
import { floorShadow, sideLight } from './svg-studio.ts'

/** The kitchen things the drawing knows. */
export type KitchenStyle = 'mug' | 'teapot' | 'cutting-board' | 'apron' | 'bowl-set' | 'carafe' | 'tea-towel'

/** Which side faces the camera: a mug's back shows the handle on the other side. */
export type KitchenSide = 'front' | 'back'

const CREAM = '#f3ede2'
const WOOD = '#b98a5a'

function stitch(d: string, colour: string) {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2.4" stroke-dasharray="7 6" stroke-linecap="round" opacity="0.75"/>`
}

function mug(colour: string) {
  return [
    `<path d="M 610 450 C 730 440 740 640 600 660" fill="none" stroke="${shade(colour, 0.2)}" stroke-width="40" stroke-linecap="round"/>`,
    `<path d="M 610 450 C 730 440 740 640 600 660" fill="none" stroke="${tint(colour, 0.25)}" stroke-width="8" stroke-linecap="round" opacity="0.6" transform="translate(-6 -8)"/>`,
    `<path d="M 320 380 L 320 730 Q 320 772 470 774 Q 620 772 620 730 L 620 380 Z" fill="url(#glaze)"/>`,
    `<path d="M 320 714 Q 320 772 470 774 Q 620 772 620 714 L 620 730 Q 620 772 470 774 Q 320 772 320 730 Z" fill="${CREAM}"/>`,
    `<path d="M 322 712 Q 470 740 618 712" fill="none" stroke="${shade(colour, 0.25)}" stroke-width="3"/>`,
    `<ellipse cx="470" cy="380" rx="150" ry="34" fill="${tint(colour, 0.1)}"/>`,
    `<ellipse cx="470" cy="382" rx="136" ry="26" fill="${shade(CREAM, 0.12)}"/>`,
    `<path d="M 360 420 Q 356 560 362 700" fill="none" stroke="#fff" stroke-width="22" stroke-linecap="round" opacity="0.22"/>`,
  ].join('')
}

function teapot(colour: string) {
  return [
    `<path d="M 300 520 C 200 500 200 680 310 690" fill="none" stroke="${shade(colour, 0.2)}" stroke-width="34" stroke-linecap="round"/>`,
    `<path d="M 650 620 C 720 600 740 520 800 470 L 812 486 C 770 540 750 640 660 700 Z" fill="url(#glaze)" stroke="${shade(colour, 0.3)}" stroke-width="2"/>`,
    `<ellipse cx="480" cy="620" rx="200" ry="170" fill="url(#glaze)"/>`,
    `<path d="M 290 650 Q 480 700 670 650" fill="none" stroke="${shade(colour, 0.2)}" stroke-width="3" opacity="0.5"/>`,
    `<ellipse cx="480" cy="466" rx="110" ry="26" fill="${shade(colour, 0.2)}"/>`,
    `<path d="M 380 466 Q 380 396 480 392 Q 580 396 580 466 Z" fill="url(#glaze)" stroke="${shade(colour, 0.25)}" stroke-width="2"/>`,
    `<circle cx="480" cy="378" r="22" fill="${tint(colour, 0.1)}" stroke="${shade(colour, 0.3)}" stroke-width="2"/>`,
    `<path d="M 370 540 Q 350 620 380 700" fill="none" stroke="#fff" stroke-width="26" stroke-linecap="round" opacity="0.22"/>`,
    `<ellipse cx="480" cy="784" rx="120" ry="10" fill="${CREAM}"/>`,
  ].join('')
}

function cuttingBoard(colour: string, side: KitchenSide) {
  const grain = Array.from(
    { length: 9 },
    (_, i) =>
      `<path d="M ${340 + i * 36} 320 Q ${350 + i * 36 + (i % 3) * 8} 560 ${336 + i * 36} 830" fill="none" stroke="${shade(WOOD, 0.25)}" stroke-width="3" opacity="0.35"/>`,
  ).join('')
  return [
    `<path d="M 320 330 Q 320 300 350 300 L 450 300 L 450 220 Q 450 170 500 170 Q 550 170 550 220 L 550 300 L 650 300 Q 680 300 680 330 L 680 820 Q 680 850 650 850 L 350 850 Q 320 850 320 820 Z" fill="url(#wood)" stroke="${shade(WOOD, 0.35)}" stroke-width="2.5"/>`,
    grain,
    `<circle cx="500" cy="225" r="22" fill="${shade(WOOD, 0.5)}"/>`,
    `<path d="M 488 225 Q 470 120 500 96 Q 530 120 512 225" fill="none" stroke="${colour}" stroke-width="14" stroke-linecap="round"/>`,
    side === 'front'
      ? `<path d="M 326 780 L 674 780 L 680 820 Q 680 850 650 850 L 350 850 Q 320 850 320 820 Z" fill="${colour}" opacity="0.92"/>`
      : `<path d="M 360 340 L 640 340 L 640 360 L 360 360 Z" fill="${shade(WOOD, 0.4)}" opacity="0.5"/><path d="M 326 780 L 674 780 L 680 820 Q 680 850 650 850 L 350 850 Q 320 850 320 820 Z" fill="${colour}" opacity="0.92"/>`,
  ].join('')
}

function apron(colour: string, side: KitchenSide) {
  const line = contrastLine(colour, 0.3)
  return [
    `<path d="M 420 190 Q 500 60 580 190" fill="none" stroke="${shade(colour, 0.3)}" stroke-width="18"/>`,
    `<path d="M 330 470 Q 250 520 220 640" fill="none" stroke="${shade(colour, 0.2)}" stroke-width="18" stroke-linecap="round"/>`,
    `<path d="M 670 470 Q 750 520 780 640" fill="none" stroke="${shade(colour, 0.2)}" stroke-width="18" stroke-linecap="round"/>`,
    `<path d="M 410 180 L 590 180 L 600 330 Q 620 420 680 460 L 660 860 L 340 860 L 320 460 Q 380 420 400 330 Z" fill="url(#glaze)" stroke="${shade(colour, 0.3)}" stroke-width="2.5"/>`,
    stitch('M 420 196 L 580 196', line),
    stitch('M 350 844 L 650 844', line),
    side === 'front'
      ? `<path d="M 390 560 L 610 560 L 606 700 L 394 700 Z" fill="${shade(colour, 0.06)}" stroke="${shade(colour, 0.3)}" stroke-width="2"/>${stitch('M 500 562 L 500 698', line)}${stitch('M 398 574 L 602 574', line)}`
      : '',
    `<path d="M 440 300 Q 460 560 430 820" fill="none" stroke="#000" stroke-width="26" opacity="0.05" stroke-linecap="round"/>`,
  ].join('')
}

function bowls(colour: string) {
  const bowl = (y: number, rx: number, depth: number) =>
    `<path d="M ${500 - rx} ${y} Q ${500 - rx} ${y + depth} 500 ${y + depth} Q ${500 + rx} ${y + depth} ${500 + rx} ${y} Z" fill="url(#glaze)" stroke="${shade(colour, 0.3)}" stroke-width="2"/>
<ellipse cx="500" cy="${y}" rx="${rx}" ry="${rx * 0.16}" fill="${tint(colour, 0.1)}"/>
<ellipse cx="500" cy="${y + 2}" rx="${rx - 12}" ry="${rx * 0.16 - 6}" fill="${shade(CREAM, 0.06)}"/>`
  return [bowl(640, 250, 170), bowl(520, 200, 140), bowl(420, 150, 110)].join('')
}

function carafe(colour: string) {
  const glass = tint(colour, 0.55)
  return [
    `<path d="M 450 200 L 550 200 L 550 360 Q 680 440 680 600 Q 680 800 500 810 Q 320 800 320 600 Q 320 440 450 360 Z" fill="${glass}" opacity="0.55" stroke="${shade(colour, 0.3)}" stroke-width="3"/>`,
    `<path d="M 330 560 Q 500 590 670 560 Q 680 800 500 808 Q 322 800 330 560 Z" fill="${tint(colour, 0.3)}" opacity="0.5"/>`,
    `<ellipse cx="500" cy="200" rx="52" ry="12" fill="${tint(colour, 0.7)}" stroke="${shade(colour, 0.3)}" stroke-width="3"/>`,
    `<path d="M 462 150 L 538 150 L 532 212 L 468 212 Z" fill="${WOOD}" stroke="${shade(WOOD, 0.35)}" stroke-width="2"/>`,
    `<path d="M 370 480 Q 350 600 380 740" fill="none" stroke="#fff" stroke-width="20" stroke-linecap="round" opacity="0.55"/>`,
    `<path d="M 620 500 Q 640 600 620 700" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity="0.4"/>`,
  ].join('')
}

function teaTowel(colour: string, side: KitchenSide) {
  const stripes = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="320" y="${side === 'front' ? 300 + i * 60 : 640 + i * 40}" width="360" height="${i === 1 ? 30 : 14}" fill="${colour}" opacity="0.9"/>`,
    )
    .join('')
  return [
    `<path d="M 490 190 Q 500 140 510 190" fill="none" stroke="${colour}" stroke-width="8"/>`,
    `<path d="M 320 200 L 680 200 L 690 830 L 310 830 Z" fill="url(#linen)" stroke="${shade(CREAM, 0.25)}" stroke-width="2"/>`,
    stripes,
    `<path d="M 320 214 L 680 214" stroke="${shade(CREAM, 0.2)}" stroke-width="3"/>`,
    `<path d="M 420 220 Q 440 520 410 820" fill="none" stroke="#000" stroke-width="30" opacity="0.04"/>`,
    `<path d="M 580 220 Q 600 520 590 820" fill="none" stroke="#fff" stroke-width="30" opacity="0.3"/>`,
  ].join('')
}

/** A kitchen thing in `colour` (its glaze, glass, cloth or strap), front or back, on the studio floor. */
export function kitchenArt(style: KitchenStyle, colour: string, side: KitchenSide): string {
  const drawings: Record<KitchenStyle, () => string> = {
    mug: () => mug(colour),
    teapot: () => teapot(colour),
    'cutting-board': () => cuttingBoard(colour, side),
    apron: () => apron(colour, side),
    'bowl-set': () => bowls(colour),
    carafe: () => carafe(colour),
    'tea-towel': () => teaTowel(colour, side),
  }
  const floor = {
    mug: 776,
    teapot: 792,
    'cutting-board': 852,
    apron: 900,
    'bowl-set': 812,
    carafe: 812,
    'tea-towel': 880,
  }[style]
  // Round things turn: their back is their front seen in a mirror (the handle on the other side).
  const mirrored = side === 'back' && (style === 'mug' || style === 'teapot')
  // Small things are drawn larger, so every picture fills its frame alike.
  const scales: Partial<Record<KitchenStyle, number>> = { mug: 1.3, teapot: 1.12, 'bowl-set': 1.05 }
  const scale = scales[style] ?? 1
  const art =
    scale === 1
      ? drawings[style]()
      : `<g transform="translate(${500 - 500 * scale} ${floor - floor * scale}) scale(${scale})">${drawings[style]()}</g>`
  return [
    `<defs>${sideLight('glaze', colour)}${sideLight('wood', WOOD, 0.6)}${sideLight('linen', CREAM, 0.5)}</defs>`,
    floorShadow(500, floor, 280 * scale, 30, 0.32),
    mirrored ? `<g transform="translate(1000 0) scale(-1 1)">${art}</g>` : art,
  ].join('')
}
