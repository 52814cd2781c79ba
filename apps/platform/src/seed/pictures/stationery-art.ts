import { contrastLine, shade, tint } from './colour-shades.ts'
import { floorShadow, sideLight } from './svg-studio.ts'

/** The stationery the drawing knows. */
export type StationeryStyle =
  | 'notebook'
  | 'sketchbook'
  | 'planner'
  | 'fountain-pen'
  | 'pencil-set'
  | 'postcards'
  | 'desk-pad'

/** The three ways stationery is shown: closed (its front), its back, and open or in use. */
export type StationeryView = 'front' | 'back' | 'open'

const PAPER = '#f7f3ea'

function pageEdges() {
  return [0, 1, 2, 3]
    .map(
      (i) =>
        `<path d="M ${672 + i * 3} ${232 + i * 4} L ${672 + i * 3} ${808 - i * 2}" stroke="${shade(PAPER, 0.08 + i * 0.03)}" stroke-width="3"/>`,
    )
    .join('')
}

function book(style: StationeryStyle, colour: string, view: StationeryView) {
  const line = contrastLine(colour, 0.3)
  if (view === 'open') {
    const rule =
      style === 'planner'
        ? Array.from(
            { length: 7 },
            (_, i) =>
              `<path d="M ${i < 4 ? 236 : 526} ${330 + (i % 4) * 110} L ${i < 4 ? 474 : 764} ${330 + (i % 4) * 110}" stroke="#b8b2a6" stroke-width="3"/>`,
          ).join('')
        : style === 'sketchbook'
          ? `<path d="M 560 600 Q 620 480 700 560 Q 740 620 660 660" fill="none" stroke="#6d675d" stroke-width="4" opacity="0.7"/><circle cx="330" cy="420" r="60" fill="none" stroke="#6d675d" stroke-width="3" opacity="0.6"/>`
          : Array.from({ length: 15 }, (_, i) =>
              Array.from(
                { length: 12 },
                (_, j) =>
                  `<circle cx="${250 + j * 20}" cy="${290 + i * 30}" r="2.2" fill="#c2bcb0"/><circle cx="${540 + j * 20}" cy="${290 + i * 30}" r="2.2" fill="#c2bcb0"/>`,
              ).join(''),
            ).join('')
    return [
      `<path d="M 180 250 L 500 270 L 820 250 L 826 790 L 500 810 L 174 790 Z" fill="${shade(colour, 0.15)}"/>`,
      `<path d="M 200 250 Q 350 236 500 262 L 500 800 Q 350 774 200 784 Z" fill="url(#paper)"/>`,
      `<path d="M 800 250 Q 650 236 500 262 L 500 800 Q 650 774 800 784 Z" fill="url(#paper-r)"/>`,
      `<path d="M 500 262 L 500 800" stroke="#000" stroke-width="14" opacity="0.08"/>`,
      rule,
      style === 'notebook' || style === 'planner'
        ? `<path d="M 506 262 L 510 820 L 522 808 L 530 824 L 520 262 Z" fill="${style === 'planner' ? tint(colour, 0.3) : '#b33a32'}"/>`
        : '',
    ].join('')
  }
  const cover = `<rect x="330" y="220" width="340" height="590" rx="14" fill="url(#cover)" stroke="${shade(colour, 0.35)}" stroke-width="2.5"/>`
  const parts = [
    pageEdges(),
    cover,
    `<path d="M 346 222 L 346 808" stroke="#000" stroke-width="6" opacity="0.12"/>`,
  ]
  if (style === 'sketchbook') {
    parts.push(
      Array.from(
        { length: 15 },
        (_, i) =>
          `<ellipse cx="${356 + i * 21}" cy="220" rx="7" ry="18" fill="none" stroke="#8d8a85" stroke-width="4"/>`,
      ).join(''),
    )
    if (view === 'front')
      parts.push(
        `<rect x="400" y="600" width="200" height="90" rx="6" fill="${PAPER}" opacity="0.95"/><path d="M 420 650 L 580 650" stroke="#b8b2a6" stroke-width="3"/>`,
      )
  } else if (style === 'planner') {
    parts.push(`<rect x="330" y="540" width="340" height="22" fill="${shade(colour, 0.45)}"/>`)
    if (view === 'front')
      parts.push(
        `<rect x="410" y="330" width="180" height="70" rx="8" fill="none" stroke="${line}" stroke-width="3"/><path d="M 440 366 L 560 366" stroke="${line}" stroke-width="4"/>`,
      )
  } else {
    parts.push(`<rect x="610" y="218" width="20" height="594" fill="${shade(colour, 0.5)}"/>`)
    parts.push(`<path d="M 470 806 L 470 880 L 482 868 L 494 882 L 494 806 Z" fill="#b33a32"/>`)
    if (view === 'back')
      parts.push(`<circle cx="500" cy="740" r="18" fill="none" stroke="${line}" stroke-width="3"/>`)
  }
  parts.push(
    `<path d="M 360 240 Q 380 520 360 790" fill="none" stroke="#fff" stroke-width="30" opacity="0.08" stroke-linecap="round"/>`,
  )
  return parts.join('')
}

function pen(colour: string, view: StationeryView) {
  const gold = '#c9a34e'
  const barrel = `<rect x="-300" y="-30" width="420" height="60" rx="30" fill="url(#barrel)" stroke="${shade(colour, 0.4)}" stroke-width="2"/>`
  const cap = (x: number) =>
    `<rect x="${x}" y="-34" width="300" height="68" rx="34" fill="url(#barrel)" stroke="${shade(colour, 0.4)}" stroke-width="2"/>
<rect x="${x + 20}" y="-34" width="14" height="68" fill="${gold}"/><path d="M ${x + 40} -38 L ${x + 250} -38 Q ${x + 270} -38 ${x + 270} -26 L ${x + 60} -26 Z" fill="${gold}"/>`
  const nib = `<path d="M 120 -24 L 190 -14 Q 260 0 190 14 L 120 24 Z" fill="#2d2a26"/><path d="M 160 -16 L 290 0 L 160 16 Q 150 0 160 -16 Z" fill="${gold}" stroke="${shade(gold, 0.4)}" stroke-width="2"/><path d="M 200 0 L 286 0" stroke="${shade(gold, 0.5)}" stroke-width="2"/><circle cx="200" cy="0" r="4" fill="${shade(gold, 0.5)}"/>`
  const highlight = `<path d="M -280 -14 L 100 -14" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity="0.35"/>`
  if (view === 'front')
    return `<g transform="translate(470 520) rotate(-30)">${barrel}${cap(0)}${highlight}</g>`
  if (view === 'back')
    return `<g transform="translate(420 420) rotate(-30)">${barrel}${nib}${highlight}</g><g transform="translate(560 680) rotate(-30)">${cap(-150)}</g>`
  return `<g transform="translate(360 560) scale(1.8) rotate(-20)">${barrel}${nib}${highlight}</g>`
}

function pencils(colour: string, view: StationeryView) {
  const hues = ['#d9483b', '#e89a2c', '#e6cf3a', '#4f9a55', '#3d6fb6', '#6a4c9c']
  const pencil = (x: number, y: number, c: string, angle: number) =>
    `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-13" y="0" width="26" height="380" fill="${c}"/><rect x="-13" y="0" width="9" height="380" fill="${tint(c, 0.25)}"/><rect x="4" y="0" width="9" height="380" fill="${shade(c, 0.2)}"/><path d="M -13 0 L 0 -70 L 13 0 Z" fill="#e8c9a0"/><path d="M -4 -48 L 0 -70 L 4 -48 Z" fill="${shade(c, 0.3)}"/></g>`
  const tin = `<rect x="250" y="470" width="500" height="300" rx="18" fill="url(#cover)" stroke="${shade(colour, 0.4)}" stroke-width="2.5"/>`
  if (view === 'front')
    return `${tin.replace('y="470" width="500" height="300"', 'y="380" width="500" height="390"')}<rect x="330" y="500" width="340" height="120" rx="8" fill="${PAPER}"/>${hues.map((c, i) => `<rect x="${360 + i * 50}" y="530" width="30" height="60" rx="4" fill="${c}"/>`).join('')}`
  if (view === 'back') return hues.map((c, i) => pencil(330 + i * 68, 260 + (i % 2) * 20, c, 0)).join('')
  return `${hues.map((c, i) => pencil(300 + i * 80, 330 + Math.abs(i - 2.5) * 14, c, -12 + i * 5)).join('')}${tin}`
}

function postcards(colour: string, view: StationeryView) {
  const scene = (x: number, y: number, angle: number, sky: string, hill: string) =>
    `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-200" y="-130" width="400" height="260" fill="#fbf8f1" stroke="#d8d2c6" stroke-width="2"/>
<rect x="-184" y="-114" width="368" height="228" fill="${sky}"/><circle cx="90" cy="-40" r="34" fill="#f4d27a"/>
<path d="M -184 60 Q -80 -30 40 40 Q 120 -10 184 30 L 184 114 L -184 114 Z" fill="${hill}"/><path d="M -184 90 Q 0 40 184 100 L 184 114 L -184 114 Z" fill="${shade(hill, 0.25)}"/></g>`
  if (view === 'back')
    return `<g transform="translate(500 520)"><rect x="-300" y="-195" width="600" height="390" fill="#fbf8f1" stroke="#d8d2c6" stroke-width="2"/>
<path d="M 0 -160 L 0 160" stroke="#c8c2b6" stroke-width="3"/>${[0, 1, 2, 3].map((i) => `<path d="M 30 ${-20 + i * 50} L 260 ${-20 + i * 50}" stroke="#c8c2b6" stroke-width="3"/>`).join('')}
<rect x="180" y="-160" width="86" height="104" fill="none" stroke="${colour}" stroke-width="4" stroke-dasharray="6 4"/></g>`
  if (view === 'open')
    return `<g transform="translate(500 500) scale(1.5)">${scene(0, 0, 0, tint(colour, 0.55), colour)}</g>`
  return [
    scene(420, 430, -8, tint('#6a9fcf', 0.4), '#5b8a4c'),
    scene(560, 520, 6, tint(colour, 0.55), colour),
    scene(470, 640, -2, '#f1c9a5', '#b5694a'),
  ].join('')
}

function deskPad(colour: string, view: StationeryView) {
  const felt = `<path d="M 120 420 L 880 420 L 940 760 L 60 760 Z" fill="url(#cover)" stroke="${shade(colour, 0.35)}" stroke-width="2.5"/>`
  if (view === 'back')
    return `${felt}<path d="M 120 420 L 880 420 L 940 760 L 60 760 Z" fill="#000" opacity="0.12"/>`
  return `${felt}<path d="M 300 450 L 620 450 L 646 720 L 280 720 Z" fill="${PAPER}"/>
<g transform="translate(740 560) rotate(-75)"><rect x="-8" y="-140" width="16" height="280" rx="8" fill="#2d2a26"/></g>`
}

/** Stationery in `colour`: closed, from the back, or open (a spread, an uncapped pen, a card's picture). */
export function stationeryArt(style: StationeryStyle, colour: string, view: StationeryView): string {
  const drawings: Record<StationeryStyle, () => string> = {
    notebook: () => book(style, colour, view),
    sketchbook: () => book(style, colour, view),
    planner: () => book(style, colour, view),
    'fountain-pen': () => pen(colour, view),
    'pencil-set': () => pencils(colour, view),
    postcards: () => postcards(colour, view),
    'desk-pad': () => deskPad(colour, view),
  }
  const flat = style === 'fountain-pen' || style === 'postcards' || style === 'desk-pad' || view === 'open'
  return [
    `<defs>${sideLight('cover', colour)}${sideLight('barrel', colour, 1.2, true)}${sideLight('paper', PAPER, 0.4)}
<linearGradient id="paper-r" x1="1" x2="0"><stop offset="0" stop-color="${shade(PAPER, 0.02)}"/><stop offset="1" stop-color="${shade(PAPER, 0.1)}"/></linearGradient></defs>`,
    flat ? floorShadow(500, 830, 380, 30, 0.18) : floorShadow(500, 826, 260, 26, 0.32),
    drawings[style](),
  ].join('')
}
