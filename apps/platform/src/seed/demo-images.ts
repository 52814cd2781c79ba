const shapes = {
  circle: (fill: string) => `<circle cx="400" cy="360" r="190" fill="${fill}"/>`,
  square: (fill: string) => `<rect x="230" y="190" width="340" height="340" rx="36" fill="${fill}"/>`,
  diamond: (fill: string) => `<path d="M400 150 L610 360 L400 570 L190 360 Z" fill="${fill}"/>`,
  triangle: (fill: string) => `<path d="M400 160 L620 540 L180 540 Z" fill="${fill}"/>`,
  pill: (fill: string) => `<rect x="170" y="270" width="460" height="180" rx="90" fill="${fill}"/>`,
  ring: (fill: string) =>
    `<circle cx="400" cy="360" r="170" fill="none" stroke="${fill}" stroke-width="70"/>`,
} as const

export type DemoShape = keyof typeof shapes

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/** A small, deterministic product picture: a shape on a tinted ground with the product's name. */
export function demoImageSvg(options: {
  title: string
  shape: DemoShape
  background: string
  foreground: string
}): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">',
    `<rect width="800" height="800" fill="${options.background}"/>`,
    shapes[options.shape](options.foreground),
    `<text x="400" y="700" font-family="system-ui, sans-serif" font-size="44" text-anchor="middle" fill="#1f2328">${escapeXml(options.title)}</text>`,
    '</svg>',
  ].join('')
}
