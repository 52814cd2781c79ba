import type { ReactNode } from 'react'

/** How a badge reads: good (green), stopped or refused (red), waiting (yellow), or plain. */
export type BadgeTone = 'ok' | 'off' | 'waiting' | 'plain'

/** A short state in a pill ("Active", "Revoked"), its tone beside its words, never instead of them. */
export function Badge(props: { tone?: BadgeTone; children: ReactNode }) {
  const tone = props.tone ?? 'plain'
  return <span className={tone === 'plain' ? 'badge' : `badge ${tone}`}>{props.children}</span>
}

/** A state told in several badges side by side (an order's status, payment and fulfilment), wrapping on a phone. */
export function Badges(props: { children: ReactNode }) {
  return <span className="badges">{props.children}</span>
}
