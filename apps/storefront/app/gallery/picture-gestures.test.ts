import { describe, expect, it } from 'vitest'
import { SWIPE_DISTANCE, toGesture, toPinchZoom, toSteppedIndex } from './picture-gestures'

describe('toGesture', () => {
  it('reads a long move across as a swipe: leftwards to the next picture, rightwards to the previous', () => {
    expect(toGesture(-SWIPE_DISTANCE, 4)).toEqual({ kind: 'swipe', step: 1 })
    expect(toGesture(120, -20)).toEqual({ kind: 'swipe', step: -1 })
  })

  it('reads a move that barely went anywhere as a tap, and a short or mostly upright one as nothing', () => {
    expect(toGesture(3, -6)).toEqual({ kind: 'tap' })
    expect(toGesture(SWIPE_DISTANCE - 1, 0)).toEqual({ kind: 'none' })
    expect(toGesture(-80, 90)).toEqual({ kind: 'none' })
  })
})

describe('toPinchZoom', () => {
  it('zooms in when two fingers spread, out when they close, and waits while the pinch is small', () => {
    expect(toPinchZoom(100, 130)).toBe(true)
    expect(toPinchZoom(100, 75)).toBe(false)
    expect(toPinchZoom(100, 110)).toBeUndefined()
    expect(toPinchZoom(0, 50)).toBeUndefined()
  })
})

describe('toSteppedIndex', () => {
  it('steps within the pictures, stopping at the first and the last', () => {
    expect(toSteppedIndex(0, 1, 3)).toBe(1)
    expect(toSteppedIndex(2, 1, 3)).toBe(2)
    expect(toSteppedIndex(0, -1, 3)).toBe(0)
  })
})
