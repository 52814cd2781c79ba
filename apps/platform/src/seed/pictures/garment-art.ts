import { contrastLine, shade, tint } from './colour-shades.ts'
import { floorShadow, sideLight } from './svg-studio.ts'

/** How a top or a jacket is cut: everything the drawing varies by. */
export interface GarmentCut {
  sleeves: 'none' | 'short' | 'long'
  neck: 'crew' | 'polo' | 'henley' | 'hood' | 'collar' | 'funnel' | 'scoop'
  front?: 'zip' | 'buttons'
  pocket?: 'chest' | 'flaps' | 'hand' | 'cargo'
  /** Sewn-through channels of a padded jacket. */
  quilted?: boolean
  /** Ribbed hem and cuffs (a sweatshirt). */
  ribbed?: boolean
  /** Where the hem falls (a tee at 820, a parka lower). */
  hem?: number
  /** Coated cloth catches the light in broad highlights. */
  sheen?: boolean
  /** A second colour for the yoke (a windbreaker's colour block). */
  block?: string
}

/** Which side of the garment faces the camera. */
export type GarmentSide = 'front' | 'back'

const NL = [432, 182] as const
const NR = [568, 182] as const

function shoulders(cut: GarmentCut) {
  return cut.sleeves === 'none' ? { l: [372, 196], r: [628, 196] } : { l: [316, 214], r: [684, 214] }
}

/** The body's outline, armholes included, and its neckline (lower in front than at the back). */
function bodyPath(cut: GarmentCut, side: GarmentSide): string {
  const hem = cut.hem ?? 820
  const { l, r } = shoulders(cut)
  const neckDip = side === 'back' ? 200 : cut.neck === 'scoop' ? 290 : 246
  const [left, right] =
    cut.sleeves === 'none'
      ? [`Q 372 330 326 372`, `L 674 372 Q 628 330 ${r[0]} ${r[1]}`]
      : ['L 338 356', `L 662 356 L ${r[0]} ${r[1]}`]
  return `M ${NL[0]} ${NL[1]} L ${l[0]} ${l[1]} ${left} L 334 ${hem - 60} L 336 ${hem} Q 500 ${hem + 12} 664 ${hem}
L 666 ${hem - 60} ${right} L ${NR[0]} ${NR[1]} Q 500 ${neckDip} ${NL[0]} ${NL[1]} Z`
}

function sleevePaths(cut: GarmentCut): { path: string; cuff?: string }[] {
  if (cut.sleeves === 'short')
    return [
      { path: 'M 316 214 Q 262 270 212 382 Q 248 404 288 420 L 340 352 Z' },
      { path: 'M 684 214 Q 738 270 788 382 Q 752 404 712 420 L 660 352 Z' },
    ]
  if (cut.sleeves === 'long')
    return [
      {
        path: 'M 316 214 Q 258 330 238 560 L 222 800 Q 260 816 300 810 L 318 560 Q 326 430 338 356 Z',
        cuff: 'M 224 760 L 222 800 Q 260 816 300 810 L 303 770 Q 262 776 224 760 Z',
      },
      {
        path: 'M 684 214 Q 742 330 762 560 L 778 800 Q 740 816 700 810 L 682 560 Q 674 430 662 356 Z',
        cuff: 'M 776 760 L 778 800 Q 740 816 700 810 L 697 770 Q 738 776 776 760 Z',
      },
    ]
  return []
}

function stitch(d: string, colour: string, width = 2.4) {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="7 6" stroke-linecap="round" opacity="0.7"/>`
}

/** A soft fold or highlight: three strokes fading outwards, which reads as a blur without a filter. */
function fold(d: string, dark: boolean, width = 22, opacity = 0.07) {
  const colour = dark ? '#000' : '#fff'
  return [1.8, 1.2, 0.6]
    .map(
      (w) =>
        `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${(width * w).toFixed(0)}" stroke-linecap="round" opacity="${(opacity / 2.2).toFixed(3)}"/>`,
    )
    .join('')
}

function neckDetails(cut: GarmentCut, colour: string, side: GarmentSide): string {
  const rib = shade(colour, 0.1)
  const line = contrastLine(colour, 0.25)
  const front = side === 'front'
  switch (cut.neck) {
    case 'crew':
    case 'henley':
    case 'scoop': {
      const dip = !front ? 200 : cut.neck === 'scoop' ? 290 : 246
      return `<path d="M ${NR[0]} ${NR[1]} Q 500 ${dip} ${NL[0]} ${NL[1]}" fill="none" stroke="${rib}" stroke-width="18"/>
${stitch(`M ${NR[0] - 4} ${NR[1] + 14} Q 500 ${dip + 14} ${NL[0] + 4} ${NL[1] + 14}`, line)}`
    }
    case 'polo':
    case 'collar': {
      const big = cut.neck === 'collar'
      if (!front)
        return `<path d="M ${NL[0] - 6} ${NL[1] - 2} Q 500 ${big ? 168 : 172} ${NR[0] + 6} ${NR[1] - 2} L ${NR[0] + 4} ${NR[1] + 26} Q 500 ${big ? 204 : 198} ${NL[0] - 4} ${NL[1] + 26} Z" fill="${shade(colour, 0.06)}" stroke="${shade(colour, 0.25)}" stroke-width="2"/>`
      const tip = big ? 292 : 270
      return `<path d="M ${NL[0]} ${NL[1]} L ${NL[0] - 38} ${NL[1] + 22} L ${big ? 452 : 462} ${tip} L 500 ${big ? 250 : 244} Z" fill="${tint(colour, 0.06)}" stroke="${shade(colour, 0.28)}" stroke-width="2.5" stroke-linejoin="round"/>
<path d="M ${NR[0]} ${NR[1]} L ${NR[0] + 38} ${NR[1] + 22} L ${big ? 548 : 538} ${tip} L 500 ${big ? 250 : 244} Z" fill="${shade(colour, 0.04)}" stroke="${shade(colour, 0.28)}" stroke-width="2.5" stroke-linejoin="round"/>
${fold(`M ${NL[0] - 20} ${NL[1] + 24} L ${big ? 462 : 470} ${tip - 12}`, true, 10, 0.12)}`
    }
    case 'hood': {
      if (!front)
        return `<path d="M 420 188 C 392 270 420 420 500 432 C 580 420 608 270 580 188 Z" fill="url(#hood)" stroke="${shade(colour, 0.3)}" stroke-width="2"/>
${stitch('M 500 196 L 500 426', line)}${fold('M 440 260 Q 470 380 500 420', true, 24, 0.08)}`
      return `<path d="M 394 222 C 376 122 438 70 500 70 C 562 70 624 122 606 222 Q 500 258 394 222 Z" fill="url(#hood)" stroke="${shade(colour, 0.3)}" stroke-width="2"/>
<path d="M 436 214 C 432 146 462 112 500 112 C 538 112 568 146 564 214 Q 500 232 436 214 Z" fill="${shade(colour, 0.5)}"/>
${stitch('M 408 214 C 396 134 446 86 500 86 C 554 86 604 134 592 214', line)}`
    }
    case 'funnel':
      return front
        ? `<path d="M 426 190 L 430 124 Q 500 110 570 124 L 574 190 Q 500 214 426 190 Z" fill="url(#hood)" stroke="${shade(colour, 0.3)}" stroke-width="2"/>
<path d="M 430 124 Q 500 110 570 124 Q 500 140 430 124 Z" fill="${shade(colour, 0.45)}"/>`
        : `<path d="M 426 190 L 430 124 Q 500 112 570 124 L 574 190 Q 500 176 426 190 Z" fill="url(#hood)" stroke="${shade(colour, 0.3)}" stroke-width="2"/>`
  }
}

function frontDetails(cut: GarmentCut, colour: string): string {
  const hem = cut.hem ?? 820
  const line = contrastLine(colour, 0.25)
  const button = (y: number, x = 500) =>
    `<circle cx="${x}" cy="${y}" r="9" fill="${tint(colour, 0.55)}" stroke="${shade(colour, 0.35)}" stroke-width="2"/>
<circle cx="${x - 3}" cy="${y - 1}" r="1.8" fill="${shade(colour, 0.4)}"/><circle cx="${x + 3}" cy="${y + 1}" r="1.8" fill="${shade(colour, 0.4)}"/>`
  const parts: string[] = []
  if (cut.neck === 'polo' || cut.neck === 'henley') {
    const top = cut.neck === 'polo' ? 244 : 238
    parts.push(
      `<path d="M 484 ${top} L 484 360 L 516 360 L 516 ${top}" fill="${tint(colour, 0.04)}" stroke="${shade(colour, 0.25)}" stroke-width="2"/>`,
      button(top + 30),
      button(top + 72),
      cut.neck === 'henley' ? button(top + 112) : '',
    )
  }
  if (cut.front === 'zip') {
    const top = cut.neck === 'funnel' ? 116 : cut.neck === 'hood' ? 222 : 240
    parts.push(
      `<path d="M 500 ${top} L 500 ${hem + 10}" stroke="${shade(colour, 0.35)}" stroke-width="14"/>`,
      `<path d="M 500 ${top} L 500 ${hem + 10}" stroke="#c9c6c0" stroke-width="7" stroke-dasharray="3 3"/>`,
      `<rect x="492" y="${top + 10}" width="16" height="30" rx="4" fill="#8d8a85" stroke="#4a4844" stroke-width="2"/>`,
      `<rect x="495" y="${top + 38}" width="10" height="34" rx="4" fill="#a7a49e" stroke="#4a4844" stroke-width="2"/>`,
    )
  }
  if (cut.front === 'buttons') {
    parts.push(
      `<path d="M 500 250 L 500 ${hem + 8}" stroke="${shade(colour, 0.25)}" stroke-width="2"/>`,
      stitch(`M 512 256 L 512 ${hem}`, line),
    )
    for (let y = 286; y < hem - 20; y += 88) parts.push(button(y))
  }
  if (cut.pocket === 'chest')
    parts.push(
      `<path d="M 548 300 L 622 300 L 622 376 Q 585 392 548 376 Z" fill="${shade(colour, 0.03)}" stroke="${shade(colour, 0.22)}" stroke-width="2"/>`,
      stitch('M 552 314 L 618 314', line),
    )
  if (cut.pocket === 'flaps')
    for (const x of [390, 540])
      parts.push(
        `<path d="M ${x} 300 L ${x + 76} 300 L ${x + 76} 396 L ${x} 396 Z" fill="${shade(colour, 0.04)}" stroke="${shade(colour, 0.25)}" stroke-width="2"/>`,
        `<path d="M ${x - 3} 296 L ${x + 79} 296 L ${x + 79} 330 L ${x + 38} 342 L ${x - 3} 330 Z" fill="${tint(colour, 0.05)}" stroke="${shade(colour, 0.3)}" stroke-width="2"/>`,
        button(326, x + 38),
      )
  if (cut.pocket === 'hand')
    parts.push(
      `<path d="M 382 600 L 416 720" stroke="${shade(colour, 0.4)}" stroke-width="6" stroke-linecap="round"/>`,
      `<path d="M 618 600 L 584 720" stroke="${shade(colour, 0.4)}" stroke-width="6" stroke-linecap="round"/>`,
    )
  if (cut.pocket === 'cargo')
    for (const x of [360, 530])
      parts.push(
        `<rect x="${x}" y="${hem - 250}" width="110" height="130" rx="10" fill="${shade(colour, 0.05)}" stroke="${shade(colour, 0.3)}" stroke-width="2"/>`,
        `<path d="M ${x - 4} ${hem - 256} L ${x + 114} ${hem - 256} L ${x + 114} ${hem - 206} L ${x - 4} ${hem - 206} Z" fill="${tint(colour, 0.04)}" stroke="${shade(colour, 0.32)}" stroke-width="2"/>`,
        stitch(`M ${x + 6} ${hem - 214} L ${x + 104} ${hem - 214}`, line),
      )
  return parts.join('')
}

function quilting(cut: GarmentCut, colour: string): string {
  const hem = cut.hem ?? 820
  const parts: string[] = []
  for (let y = 300; y < hem - 20; y += 78)
    parts.push(
      `<path d="M 330 ${y} Q 500 ${y + 14} 670 ${y}" fill="none" stroke="${shade(colour, 0.38)}" stroke-width="4"/>`,
      fold(`M 338 ${y + 34} Q 500 ${y + 48} 662 ${y + 34}`, false, 30, 0.12),
      fold(`M 338 ${y - 12} Q 500 ${y + 2} 662 ${y - 12}`, true, 16, 0.14),
    )
  if (cut.sleeves === 'long')
    for (let y = 330; y < 760; y += 78)
      for (const [a, b] of [
        [244, 320],
        [680, 756],
      ] as const)
        parts.push(
          `<path d="M ${a} ${y} Q ${(a + b) / 2} ${y + 10} ${b} ${y}" fill="none" stroke="${shade(colour, 0.38)}" stroke-width="4"/>`,
          fold(`M ${a + 6} ${y + 30} L ${b - 6} ${y + 30}`, false, 22, 0.09),
        )
  return parts.join('')
}

function ribbing(cut: GarmentCut, colour: string): string {
  const hem = cut.hem ?? 820
  const rib = shade(colour, 0.08)
  const lines: string[] = [
    `<path d="M 335 ${hem - 46} Q 500 ${hem - 36} 665 ${hem - 46} L 664 ${hem} Q 500 ${hem + 12} 336 ${hem} Z" fill="${rib}"/>`,
  ]
  for (let x = 344; x < 660; x += 9)
    lines.push(
      `<path d="M ${x} ${hem - 42} L ${x} ${hem + 4}" stroke="${shade(colour, 0.2)}" stroke-width="2" opacity="0.5"/>`,
    )
  return lines.join('')
}

/**
 * A top or jacket on a ghost mannequin, front or back, in `colour`: the silhouette shaded from the
 * upper left, with seams, folds and the trims its cut calls for.
 */
export function garmentArt(cut: GarmentCut, colour: string, side: GarmentSide): string {
  const hem = cut.hem ?? 820
  const line = contrastLine(colour, 0.25)
  const sleeves = sleevePaths(cut)
  const body = bodyPath(cut, side)
  const parts = [
    `<defs>${sideLight('cloth', colour)}${sideLight('sleeve', shade(colour, 0.06))}${sideLight('hood', tint(colour, 0.03), 1, true)}
<clipPath id="body-clip"><path d="${body}"/></clipPath></defs>`,
    floorShadow(500, hem + 70, 300, 34, 0.22),
    // The inside of the back neck, seen through the neckline.
    side === 'front'
      ? `<path d="M ${NL[0]} ${NL[1]} Q 500 164 ${NR[0]} ${NR[1]} Q 500 ${cut.neck === 'scoop' ? 280 : 236} ${NL[0]} ${NL[1]} Z" fill="${shade(colour, 0.42)}"/>
<rect x="486" y="178" width="28" height="16" rx="2" fill="#f4f1ea" opacity="0.85"/>`
      : '',
    ...sleeves.map(
      (s) =>
        `<path d="${s.path}" fill="url(#sleeve)" stroke="${shade(colour, 0.3)}" stroke-width="2" stroke-linejoin="round"/>${
          s.cuff
            ? `<path d="${s.cuff}" fill="${shade(colour, cut.ribbed ? 0.1 : 0.04)}" stroke="${shade(colour, 0.3)}" stroke-width="2"/>`
            : ''
        }`,
    ),
    `<path d="${body}" fill="url(#cloth)" stroke="${shade(colour, 0.3)}" stroke-width="2" stroke-linejoin="round"/>`,
    cut.block
      ? `<path d="M 300 150 L 700 150 L 700 ${cut.sleeves === 'none' ? 300 : 340} Q 500 ${cut.sleeves === 'none' ? 320 : 360} 300 ${cut.sleeves === 'none' ? 300 : 340} Z" fill="${cut.block}" clip-path="url(#body-clip)" opacity="0.95"/>`
      : '',
    `<g clip-path="url(#body-clip)">`,
    fold('M 372 420 Q 400 600 380 780', true, 30, 0.06),
    fold('M 610 380 Q 636 560 620 760', true, 36, 0.07),
    fold('M 430 300 Q 452 520 440 760', false, 34, cut.sheen ? 0.16 : 0.06),
    cut.sheen ? fold('M 560 320 Q 572 500 556 700', false, 18, 0.12) : '',
    cut.quilted ? quilting(cut, colour) : '',
    cut.ribbed ? ribbing(cut, colour) : '',
    stitch(`M 340 ${hem - 16} Q 500 ${hem - 4} 660 ${hem - 16}`, line),
    '</g>',
    sleeves.length
      ? `${stitch('M 318 218 Q 330 290 338 352', line)}${stitch('M 682 218 Q 670 290 662 352', line)}`
      : '',
    cut.sleeves === 'short'
      ? `${stitch('M 218 372 Q 252 394 290 408', line)}${stitch('M 782 372 Q 748 394 710 408', line)}`
      : '',
    neckDetails(cut, colour, side),
    side === 'front' ? frontDetails(cut, colour) : '',
    side === 'back' && (cut.neck === 'collar' || cut.front === 'zip')
      ? stitch('M 336 300 Q 500 318 664 300', line)
      : '',
  ]
  // Drawn narrow for easy numbers, widened to a garment's proportions (a tee is nearly as wide as long).
  return `<g transform="translate(-75 0) scale(1.15 1)">${parts.join('\n')}</g>`
}
