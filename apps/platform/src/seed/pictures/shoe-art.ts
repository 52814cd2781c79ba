import { contrastLine, luminance, shade, tint } from './colour-shades.ts'
import { floorShadow, sideLight } from './svg-studio.ts'

/** The shoes the drawing knows, by the shape of their upper and sole. */
export type ShoeStyle = 'runner' | 'trail' | 'sneaker' | 'slip-on' | 'loafer' | 'boot' | 'sandal'

/** Where a shoe is seen from: its outer side, a pair, a close-up of the side. */
export type ShoeView = 'side' | 'pair'

function stitch(d: string, colour: string) {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2.4" stroke-dasharray="7 6" stroke-linecap="round" opacity="0.75"/>`
}

const LOW_UPPER =
  'M 196 640 C 180 560 186 478 214 444 Q 262 432 304 456 Q 356 482 430 452 L 476 414 L 506 424 Q 600 482 724 536 Q 822 566 838 622 Q 842 646 818 650 L 196 650 Z'
const BOOT_UPPER =
  'M 196 640 C 182 540 196 400 206 300 L 212 262 Q 320 246 430 262 L 440 300 Q 468 420 520 470 Q 610 508 726 540 Q 822 566 838 622 Q 842 646 818 650 L 196 650 Z'
const LOAFER_UPPER =
  'M 196 640 C 184 580 192 512 214 486 Q 320 500 470 490 Q 600 500 724 540 Q 822 566 838 622 Q 842 646 818 650 L 196 650 Z'

interface SolePlan {
  path: string
  colour: string
  /** The outsole's tread band, if any. */
  tread?: string
  treadColour?: string
}

function solePlan(style: ShoeStyle, colour: string): SolePlan {
  switch (style) {
    case 'runner':
      return {
        path: 'M 182 620 Q 166 690 204 714 L 770 708 Q 852 700 862 646 Q 858 628 834 626 L 760 640 Q 480 652 182 620 Z',
        colour: '#f5f3ee',
        tread: 'M 204 700 L 770 694 Q 846 688 858 660 Q 852 704 770 716 L 204 722 Q 186 716 184 700 Z',
        treadColour: shade(colour, 0.45),
      }
    case 'trail':
    case 'boot':
      return {
        path: 'M 184 626 Q 172 686 200 704 L 800 700 Q 858 690 864 646 L 834 628 Q 480 650 184 626 Z',
        colour: '#d9d2c4',
        tread:
          'M 198 696 L 810 692 Q 858 684 866 654 L 870 680 Q 860 716 800 722 L 200 726 Q 178 720 180 696 Z',
        treadColour: '#2d2a26',
      }
    case 'loafer':
      return {
        path: 'M 190 640 L 828 640 Q 852 646 840 664 L 340 668 L 330 700 L 196 700 Z',
        colour: shade(colour, 0.5),
      }
    case 'sandal':
      return {
        path: 'M 176 600 Q 168 660 196 690 L 810 684 Q 866 676 870 630 Q 864 604 830 604 Q 500 612 176 600 Z',
        colour: '#c9a77c',
        tread:
          'M 196 680 L 812 674 Q 862 666 870 640 L 872 668 Q 862 704 812 708 L 196 712 Q 172 706 174 680 Z',
        treadColour: '#3a332c',
      }
    default:
      return {
        path: 'M 186 618 L 840 624 Q 866 640 858 690 Q 850 708 820 708 L 206 708 Q 180 704 178 676 Z',
        colour: '#f7f5f0',
      }
  }
}

function laces(from: [number, number], to: [number, number], colour: string, count: number) {
  const parts: string[] = []
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1)
    const x = from[0] + (to[0] - from[0]) * t
    const y = from[1] + (to[1] - from[1]) * t
    parts.push(
      `<circle cx="${x - 18}" cy="${y + 22}" r="6" fill="${shade(colour, 0.5)}"/>`,
      `<path d="M ${x - 26} ${y + 8} L ${x + 22} ${y - 4}" stroke="${colour}" stroke-width="9" stroke-linecap="round"/>`,
      `<path d="M ${x - 26} ${y + 8} L ${x + 22} ${y - 4}" stroke="#000" stroke-width="2" stroke-linecap="round" opacity="0.15" transform="translate(0 4)"/>`,
    )
  }
  return parts.join('')
}

/** One shoe, toe to the right, as a group that a picture may place more than once. */
function shoe(style: ShoeStyle, colour: string): string {
  const sole = solePlan(style, colour)
  const line = contrastLine(colour, 0.3)
  const edge = shade(colour, 0.35)
  const laceColour = luminance(colour) > 0.3 ? '#3a3835' : '#f2efe9'
  const parts: string[] = []
  if (style === 'sandal') {
    parts.push(
      `<path d="${sole.path}" fill="${sole.colour}" stroke="${shade(sole.colour, 0.3)}" stroke-width="2"/>`,
      `<path d="${sole.tread}" fill="${sole.treadColour}"/>`,
      `<path d="M 200 604 Q 500 618 840 606" fill="none" stroke="${shade(sole.colour, 0.2)}" stroke-width="6"/>`,
    )
    for (const [x, w] of [
      [480, 110],
      [640, 100],
    ] as const)
      parts.push(
        `<path d="M ${x} 606 Q ${x + 10} 520 ${x + w / 2 + 20} 500 Q ${x + w + 20} 510 ${x + w + 10} 606 Z" fill="url(#upper)" stroke="${edge}" stroke-width="2"/>`,
        stitch(
          `M ${x + 16} 596 Q ${x + 22} 530 ${x + w / 2 + 20} 516 Q ${x + w + 4} 526 ${x + w - 4} 596`,
          line,
        ),
        `<rect x="${x + w / 2 + 6}" y="512" width="30" height="22" rx="4" fill="none" stroke="#b9b4aa" stroke-width="5"/>`,
      )
    parts.push(
      `<path d="M 214 604 Q 206 520 250 500 Q 300 520 312 604 Z" fill="url(#upper)" stroke="${edge}" stroke-width="2"/>`,
      `<path d="M 300 560 Q 400 540 484 560" fill="none" stroke="${shade(colour, 0.1)}" stroke-width="22" stroke-linecap="round"/>`,
    )
    return parts.join('')
  }
  const upper = style === 'boot' ? BOOT_UPPER : style === 'loafer' ? LOAFER_UPPER : LOW_UPPER
  parts.push(
    `<path d="${upper}" fill="url(#upper)" stroke="${edge}" stroke-width="2.5" stroke-linejoin="round"/>`,
    // The heel counter and the toe, in a second, darker panel.
    `<path d="M 196 640 C 182 560 190 500 214 470 Q 270 520 310 640 Z" fill="${shade(colour, 0.12)}" stroke="${edge}" stroke-width="2"/>`,
    style === 'loafer'
      ? ''
      : `<path d="M 720 536 Q 822 566 838 622 Q 842 646 818 650 L 700 650 Q 690 590 720 536 Z" fill="${shade(colour, 0.08)}" stroke="${edge}" stroke-width="2"/>`,
  )
  if (style === 'runner' || style === 'trail')
    parts.push(
      `<path d="M 330 600 Q 470 540 640 520 L 660 540 Q 490 568 350 626 Z" fill="${tint(colour, 0.55)}" opacity="0.9"/>`,
      `<path d="M 520 470 L 720 540" stroke="${shade(colour, 0.2)}" stroke-width="3" opacity="0.35"/>`,
    )
  if (style === 'sneaker')
    parts.push(stitch('M 230 600 Q 480 590 820 606', line), stitch('M 330 470 Q 360 560 420 630', line))
  if (style === 'slip-on')
    parts.push(
      `<path d="M 452 436 L 500 426 L 520 500 L 470 510 Z" fill="${shade(colour, 0.45)}"/>`,
      stitch('M 230 610 Q 480 600 820 612', line),
    )
  if (style === 'loafer')
    parts.push(
      `<path d="M 470 494 Q 600 482 724 540 Q 650 590 520 560 Q 470 540 470 494 Z" fill="${tint(colour, 0.06)}" stroke="${edge}" stroke-width="2"/>`,
      stitch('M 482 500 Q 600 492 708 542 Q 640 578 526 552', line),
      `<path d="M 470 520 Q 520 508 560 526 L 556 550 Q 516 534 472 546 Z" fill="${shade(colour, 0.2)}"/>`,
      `<ellipse cx="516" cy="532" rx="16" ry="6" fill="${shade(colour, 0.6)}"/>`,
    )
  if (style === 'boot')
    parts.push(
      laces([440, 300], [520, 470], laceColour, 6),
      `<path d="M 208 270 Q 320 254 432 270" fill="none" stroke="${shade(colour, 0.3)}" stroke-width="16" stroke-linecap="round"/>`,
      stitch('M 220 300 Q 300 420 330 640', line),
    )
  if (style === 'runner' || style === 'trail' || style === 'sneaker')
    parts.push(
      `<path d="M 430 452 L 474 412 L 506 424 L 478 470 Z" fill="${shade(colour, 0.18)}"/>`,
      laces([488, 446], [640, 508], laceColour, 5),
    )
  if (style !== 'loafer') parts.push(stitch('M 214 452 Q 262 440 302 462 Q 356 488 432 458', line))
  parts.push(
    `<path d="${sole.path}" fill="${sole.colour}" stroke="${shade(sole.colour, 0.25)}" stroke-width="2"/>`,
  )
  if (sole.tread) parts.push(`<path d="${sole.tread}" fill="${sole.treadColour}"/>`)
  if (style === 'trail' || style === 'boot')
    for (let x = 220; x < 820; x += 44)
      parts.push(`<rect x="${x}" y="712" width="24" height="16" rx="3" fill="#2d2a26"/>`)
  parts.push(
    `<path d="M 200 ${style === 'loafer' ? 646 : 630} Q 500 ${style === 'loafer' ? 652 : 648} 840 ${style === 'loafer' ? 646 : 636}" fill="none" stroke="#fff" stroke-width="4" opacity="0.5"/>`,
  )
  return parts.join('')
}

/** A shoe in `colour`: its outer side, or a pair (one behind the other) on the studio floor. */
export function shoeArt(style: ShoeStyle, colour: string, view: ShoeView): string {
  const defs = `<defs>${sideLight('upper', colour, 1, true)}<g id="shoe">${shoe(style, colour)}</g></defs>`
  if (view === 'pair')
    return `${defs}${floorShadow(560, 640, 380, 34, 0.24)}${floorShadow(470, 826, 400, 40, 0.3)}
<use href="#shoe" transform="translate(130 -40) scale(0.86)"/>
<use href="#shoe" transform="translate(-20 140) scale(0.94)"/>`
  return `${defs}${floorShadow(520, 716, 440, 44, 0.32)}<use href="#shoe" transform="translate(-78 -126) scale(1.15)"/>`
}
