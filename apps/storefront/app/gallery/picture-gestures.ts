// What a finger did on the larger picture: a swipe to another picture, a tap, or a pinch. Pure, so the rules
// are tested without a browser; `picture-viewer.tsx` feeds them the pointer positions.

/** How far a finger must travel across, in CSS pixels, for a swipe; shorter moves are taps or nothing. */
export const SWIPE_DISTANCE = 48
/** A move within this many pixels each way is a tap. */
export const TAP_DISTANCE = 10
/** How much the distance between two fingers must grow (or shrink) for a pinch to zoom in (or out). */
export const PINCH_RATIO = 1.25

export type Gesture = { kind: 'swipe'; step: -1 | 1 } | { kind: 'tap' } | { kind: 'none' }

/**
 * One finger's move from where it touched down to where it lifted: a swipe when it went mostly across and
 * far enough (leftwards is the next picture, as a page turns), a tap when it barely moved.
 */
export function toGesture(dx: number, dy: number): Gesture {
  if (Math.abs(dx) <= TAP_DISTANCE && Math.abs(dy) <= TAP_DISTANCE) return { kind: 'tap' }
  if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > 1.5 * Math.abs(dy))
    return { kind: 'swipe', step: dx < 0 ? 1 : -1 }
  return { kind: 'none' }
}

/** Two fingers that moved apart zoom in, together zoom out; undefined while the pinch is too small to say. */
export function toPinchZoom(startDistance: number, distance: number): boolean | undefined {
  if (startDistance <= 0) return undefined
  const ratio = distance / startDistance
  if (ratio >= PINCH_RATIO) return true
  if (ratio <= 1 / PINCH_RATIO) return false
  return undefined
}

/** The picture a step leads to, held within the first and the last. */
export function toSteppedIndex(current: number, step: number, count: number): number {
  return Math.min(count - 1, Math.max(0, current + step))
}
