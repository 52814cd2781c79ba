import { contrastLine, shade, tint } from './colour-shades.ts'
import { floorShadow, sideLight } from './svg-studio.ts'

/** The bags the drawing knows. */
export type BagStyle = 'backpack' | 'tote' | 'duffel' | 'weekender' | 'sling' | 'messenger' | 'pouch'

/** Which side of the bag faces the camera. */
export type BagSide = 'front' | 'back'

function stitch(d: string, colour: string) {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2.4" stroke-dasharray="7 6" stroke-linecap="round" opacity="0.75"/>`
}

/** A zip along `d`: the tape, the teeth, and a pull at (x, y). */
function zip(d: string, pull?: [number, number]) {
  return [
    `<path d="${d}" fill="none" stroke="#3a3835" stroke-width="12" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="#a9a59d" stroke-width="5" stroke-dasharray="3 3"/>`,
    pull
      ? `<rect x="${pull[0] - 9}" y="${pull[1] - 6}" width="18" height="20" rx="4" fill="#8d8a85" stroke="#3a3835" stroke-width="2"/>
<path d="M ${pull[0]} ${pull[1] + 14} L ${pull[0]} ${pull[1] + 52}" stroke="#2d2a26" stroke-width="8" stroke-linecap="round"/>`
      : '',
  ].join('')
}

const leather = '#8a5a36'

function backpack(colour: string, side: BagSide, line: string, edge: string) {
  const body =
    'M 330 330 Q 330 210 500 206 Q 670 210 670 330 L 676 800 Q 676 832 644 832 L 356 832 Q 324 832 324 800 Z'
  const parts = [
    `<path d="M 440 212 Q 440 150 500 150 Q 560 150 560 212" fill="none" stroke="${shade(colour, 0.35)}" stroke-width="16" stroke-linecap="round"/>`,
  ]
  if (side === 'front')
    parts.push(
      `<path d="M 318 300 Q 290 560 316 780" fill="none" stroke="${shade(colour, 0.45)}" stroke-width="26" stroke-linecap="round"/>`,
      `<path d="M 682 300 Q 710 560 684 780" fill="none" stroke="${shade(colour, 0.45)}" stroke-width="26" stroke-linecap="round"/>`,
    )
  parts.push(`<path d="${body}" fill="url(#fabric)" stroke="${edge}" stroke-width="2.5"/>`)
  if (side === 'front')
    parts.push(
      zip('M 352 330 Q 352 236 500 232 Q 648 236 648 330', [612, 262]),
      `<path d="M 372 540 Q 372 500 412 500 L 588 500 Q 628 500 628 540 L 628 790 Q 628 808 610 808 L 390 808 Q 372 808 372 790 Z" fill="${shade(colour, 0.06)}" stroke="${edge}" stroke-width="2.5"/>`,
      zip('M 392 540 L 608 540', [560, 540]),
      stitch('M 386 520 Q 386 514 412 514 L 588 514 Q 614 514 614 522', line),
      `<rect x="470" y="610" width="60" height="36" rx="6" fill="${leather}" stroke="${shade(leather, 0.4)}" stroke-width="2"/>`,
      stitch('M 476 616 L 524 616 L 524 640 L 476 640 Z', tint(leather, 0.4)),
    )
  else
    parts.push(
      `<rect x="368" y="330" width="120" height="360" rx="40" fill="${shade(colour, 0.1)}" stroke="${edge}" stroke-width="2"/>`,
      `<rect x="512" y="330" width="120" height="360" rx="40" fill="${shade(colour, 0.1)}" stroke="${edge}" stroke-width="2"/>`,
      `<path d="M 430 240 Q 380 420 360 560 Q 352 700 380 800" fill="none" stroke="${shade(colour, 0.4)}" stroke-width="56" stroke-linecap="round"/>`,
      `<path d="M 570 240 Q 620 420 640 560 Q 648 700 620 800" fill="none" stroke="${shade(colour, 0.4)}" stroke-width="56" stroke-linecap="round"/>`,
      stitch('M 410 250 Q 360 420 342 560', line),
      stitch('M 590 250 Q 640 420 658 560', line),
      `<rect x="350" y="620" width="40" height="24" rx="4" fill="#2d2a26"/><rect x="610" y="620" width="40" height="24" rx="4" fill="#2d2a26"/>`,
    )
  return parts.join('')
}

function tote(colour: string, side: BagSide, line: string, edge: string) {
  const body = 'M 290 380 L 710 380 L 690 840 Q 690 850 680 850 L 320 850 Q 310 850 310 840 Z'
  return [
    `<path d="M 390 384 Q 390 190 460 190 Q 470 190 470 384" fill="none" stroke="${leather}" stroke-width="22"/>`,
    `<path d="M 530 384 Q 530 190 540 190 Q 610 190 610 384" fill="none" stroke="${shade(leather, 0.15)}" stroke-width="22"/>`,
    `<path d="M 300 380 L 700 380 L 696 400 L 304 400 Z" fill="${shade(colour, 0.4)}"/>`,
    `<path d="${body}" fill="url(#fabric)" stroke="${edge}" stroke-width="2.5"/>`,
    stitch('M 298 404 L 702 404', line),
    `<rect x="372" y="384" width="36" height="60" rx="4" fill="${leather}"/><rect x="592" y="384" width="36" height="60" rx="4" fill="${leather}"/>`,
    side === 'front'
      ? `<path d="M 390 540 L 610 540 L 606 720 L 394 720 Z" fill="${shade(colour, 0.05)}" stroke="${edge}" stroke-width="2"/>${stitch('M 398 556 L 602 556', line)}`
      : `<rect x="470" y="760" width="60" height="30" rx="4" fill="${leather}"/>`,
  ].join('')
}

function duffel(colour: string, side: BagSide, line: string, edge: string, trims: boolean) {
  const body =
    'M 200 520 Q 200 400 330 396 L 670 396 Q 800 400 800 520 L 800 760 Q 800 800 760 800 L 240 800 Q 200 800 200 760 Z'
  const trim = trims ? leather : shade(colour, 0.35)
  return [
    `<path d="M 380 400 Q 390 250 460 250 L 540 250 Q 610 250 620 400" fill="none" stroke="${trim}" stroke-width="24"/>`,
    `<path d="${body}" fill="url(#fabric)" stroke="${edge}" stroke-width="2.5"/>`,
    `<path d="M 200 700 L 800 700 L 800 760 Q 800 800 760 800 L 240 800 Q 200 800 200 760 Z" fill="${trim}" opacity="${trims ? 1 : 0.6}"/>`,
    `<path d="M 200 520 Q 200 400 330 396 L 330 800 L 240 800 Q 200 800 200 760 Z" fill="${shade(colour, 0.12)}" stroke="${edge}" stroke-width="2"/>`,
    `<path d="M 670 396 Q 800 400 800 520 L 800 760 Q 800 800 760 800 L 670 800 Z" fill="${shade(colour, 0.2)}" stroke="${edge}" stroke-width="2"/>`,
    side === 'front' ? zip('M 340 420 L 660 420', [640, 420]) : stitch('M 340 430 L 660 430', line),
    `<rect x="372" y="392" width="30" height="66" rx="5" fill="${trim}"/><rect x="598" y="392" width="30" height="66" rx="5" fill="${trim}"/>`,
    stitch('M 210 690 L 790 690', line),
    side === 'front' && trims
      ? `<path d="M 430 520 L 570 520 L 570 620 L 430 620 Z" fill="${shade(colour, 0.05)}" stroke="${edge}" stroke-width="2"/>${stitch('M 440 532 L 560 532', line)}`
      : '',
  ].join('')
}

function sling(colour: string, side: BagSide, line: string, edge: string) {
  const body =
    'M 270 560 Q 280 440 420 430 L 600 430 Q 730 440 740 560 Q 730 660 600 670 L 420 670 Q 280 660 270 560 Z'
  return [
    `<path d="M 290 520 Q 240 200 520 180 Q 780 200 720 520" fill="none" stroke="${shade(colour, 0.4)}" stroke-width="30"/>`,
    `<rect x="586" y="250" width="50" height="26" rx="5" fill="#2d2a26" transform="rotate(30 611 263)"/>`,
    `<path d="${body}" fill="url(#fabric)" stroke="${edge}" stroke-width="2.5"/>`,
    side === 'front'
      ? `${zip('M 320 500 Q 500 470 690 500', [660, 496])}<path d="M 330 590 Q 500 560 680 590" fill="none" stroke="${shade(colour, 0.3)}" stroke-width="3"/>`
      : `<rect x="380" y="480" width="250" height="130" rx="30" fill="${shade(colour, 0.1)}" stroke="${edge}" stroke-width="2"/>`,
    stitch('M 290 560 Q 300 456 420 448 L 600 448 Q 712 456 722 560', line),
  ].join('')
}

function messenger(colour: string, side: BagSide, line: string, edge: string) {
  return [
    `<path d="M 266 420 Q 250 160 500 160 Q 750 160 734 420" fill="none" stroke="${shade(colour, 0.4)}" stroke-width="30"/>`,
    `<rect x="260" y="400" width="480" height="420" rx="26" fill="url(#fabric)" stroke="${edge}" stroke-width="2.5"/>`,
    side === 'front'
      ? [
          `<path d="M 254 396 L 746 396 L 746 700 Q 746 720 726 720 L 274 720 Q 254 720 254 700 Z" fill="${shade(colour, 0.06)}" stroke="${edge}" stroke-width="2.5"/>`,
          stitch('M 268 410 L 732 410 L 732 704 L 268 704 Z', line),
          `<rect x="354" y="560" width="40" height="220" rx="6" fill="${leather}"/><rect x="606" y="560" width="40" height="220" rx="6" fill="${leather}"/>`,
          `<rect x="350" y="660" width="48" height="40" rx="6" fill="none" stroke="#b9b4aa" stroke-width="6"/><rect x="602" y="660" width="48" height="40" rx="6" fill="none" stroke="#b9b4aa" stroke-width="6"/>`,
        ].join('')
      : `${zip('M 300 500 L 700 500', [680, 500])}${stitch('M 274 414 L 726 414', line)}`,
  ].join('')
}

function pouch(side: BagSide, line: string, edge: string) {
  return [
    `<path d="M 300 470 Q 300 430 340 430 L 660 430 Q 700 430 700 470 L 712 720 Q 712 760 672 760 L 328 760 Q 288 760 288 720 Z" fill="url(#fabric)" stroke="${edge}" stroke-width="2.5"/>`,
    zip('M 320 452 L 680 452', side === 'front' ? [650, 452] : undefined),
    side === 'front'
      ? `<path d="M 650 500 Q 690 560 650 600" fill="none" stroke="${leather}" stroke-width="14" stroke-linecap="round"/><rect x="440" y="600" width="120" height="50" rx="6" fill="${leather}"/>${stitch('M 448 608 L 552 608 L 552 642 L 448 642 Z', tint(leather, 0.4))}`
      : stitch('M 306 740 L 694 740', line),
    stitch('M 312 480 L 324 740', line),
  ].join('')
}

/** A bag in `colour`, front or back, standing on the studio floor. */
export function bagArt(style: BagStyle, colour: string, side: BagSide): string {
  const line = contrastLine(colour, 0.3)
  const edge = shade(colour, 0.35)
  const drawings: Record<BagStyle, () => string> = {
    backpack: () => backpack(colour, side, line, edge),
    tote: () => tote(colour, side, line, edge),
    duffel: () => duffel(colour, side, line, edge, false),
    weekender: () => duffel(colour, side, line, edge, true),
    sling: () => sling(colour, side, line, edge),
    messenger: () => messenger(colour, side, line, edge),
    pouch: () => pouch(side, line, edge),
  }
  const floor = {
    backpack: 832,
    tote: 850,
    duffel: 800,
    weekender: 800,
    sling: 670,
    messenger: 820,
    pouch: 760,
  }[style]
  // The pouch is small: drawn larger, so it fills its picture as the other bags do.
  const scale = style === 'pouch' ? 1.35 : 1
  const art = `<g transform="translate(${500 - 500 * scale} ${floor - floor * scale}) scale(${scale})">${drawings[style]()}</g>`
  return `<defs>${sideLight('fabric', colour)}</defs>${floorShadow(500, floor + 6, 300 * scale, 30, 0.34)}${art}`
}
