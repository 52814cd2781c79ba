import { type PointerEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react'
import type { ImageView } from '../media/image'
import { keepTabInside } from '../rendering/drawer-focus'
import { toGesture, toPinchZoom, toSteppedIndex } from './picture-gestures'

export interface PictureViewerProps {
  dialogRef: RefObject<HTMLDialogElement | null>
  images: readonly ImageView[]
  /** The picture shown, the gallery's current one. */
  current: number
  /** The product's name, for the dialog's label. */
  name: string
  /** Shows another picture: the gallery moves its own row to it too. */
  onShow: (index: number) => void
}

interface Touchdown {
  x: number
  y: number
  /** The distance between two fingers when the second touched down or the zoom last changed. */
  pinchFrom: number
  /** Two fingers took part: no swipe or tap when they lift. */
  wasPinch: boolean
}

/**
 * The product's pictures larger, in a modal dialog: the whole screen on a phone. Previous and next buttons,
 * the arrow keys and a swipe go from picture to picture, with a counter; a tap (or a click, or the zoom
 * button), or two fingers spreading, zooms in on the point touched, and zoomed in the picture pans as a
 * scrolled page does; a tap or a pinch zooms out again.
 */
export function PictureViewer({ dialogRef, images, current, name, onShow }: PictureViewerProps) {
  const [isZoomed, setZoomed] = useState(false)
  const stageRef = useRef<HTMLDivElement>(null)
  const imageRef = useRef<HTMLImageElement>(null)
  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const touchdown = useRef<Touchdown | undefined>(undefined)
  // Where in the picture (0 to 1 each way) a zoom in centres on.
  const focus = useRef({ x: 0.5, y: 0.5 })
  const image = images[current] ?? images[0]
  const count = images.length

  // Zoomed in, the stage scrolls so that the point zoomed on is in its middle.
  useLayoutEffect(() => {
    const stage = stageRef.current
    if (!isZoomed || !stage) return
    stage.scrollLeft = focus.current.x * stage.scrollWidth - stage.clientWidth / 2
    stage.scrollTop = focus.current.y * stage.scrollHeight - stage.clientHeight / 2
  }, [isZoomed])

  if (!image) return null

  const show = (step: -1 | 1) => {
    const next = toSteppedIndex(current, step, count)
    if (next === current) return
    setZoomed(false)
    onShow(next)
  }
  const zoomAt = (clientX: number, clientY: number) => {
    const box = imageRef.current?.getBoundingClientRect()
    if (box && box.width > 0 && box.height > 0) {
      focus.current = {
        x: Math.min(1, Math.max(0, (clientX - box.left) / box.width)),
        y: Math.min(1, Math.max(0, (clientY - box.top) / box.height)),
      }
    }
  }
  const fingerDistance = () => {
    const [a, b] = [...pointers.current.values()]
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    if (pointers.current.size === 1) {
      touchdown.current = { x: event.clientX, y: event.clientY, pinchFrom: 0, wasPinch: false }
    } else if (pointers.current.size === 2 && touchdown.current) {
      touchdown.current.pinchFrom = fingerDistance()
      touchdown.current.wasPinch = true
    }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    const down = touchdown.current
    if (pointers.current.size !== 2 || !down) return
    const zoomIn = toPinchZoom(down.pinchFrom, fingerDistance())
    if (zoomIn === undefined || zoomIn === isZoomed) return
    const [a, b] = [...pointers.current.values()]
    if (zoomIn && a && b) zoomAt((a.x + b.x) / 2, (a.y + b.y) / 2)
    down.pinchFrom = fingerDistance()
    setZoomed(zoomIn)
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const down = touchdown.current
    pointers.current.delete(event.pointerId)
    if (pointers.current.size > 0 || !down) return
    touchdown.current = undefined
    if (down.wasPinch) return
    const gesture = toGesture(event.clientX - down.x, event.clientY - down.y)
    if (gesture.kind === 'swipe' && !isZoomed) show(gesture.step)
    else if (gesture.kind === 'tap') {
      if (!isZoomed) zoomAt(event.clientX, event.clientY)
      setZoomed(!isZoomed)
    }
  }
  // The browser took the move over (zoomed in, it pans the picture): no gesture of ours.
  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId)
    if (pointers.current.size === 0) touchdown.current = undefined
  }

  return (
    <dialog
      ref={dialogRef}
      className="picture-viewer"
      aria-label={`${name}, picture ${current + 1} of ${count}`}
      onClose={() => setZoomed(false)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          event.preventDefault()
          show(event.key === 'ArrowRight' ? 1 : -1)
        } else keepTabInside(event)
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close()
      }}
    >
      <div className="picture-viewer-frame">
        <div
          ref={stageRef}
          className="picture-viewer-stage"
          data-zoomed={isZoomed ? 'true' : undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
        >
          <img
            ref={imageRef}
            className="picture-viewer-image"
            src={image.url}
            width={image.width}
            height={image.height}
            alt={image.alt}
            draggable={false}
          />
        </div>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="icon-button gallery-step gallery-previous"
              aria-label="Previous picture"
              disabled={current === 0}
              onClick={() => show(-1)}
            />
            <button
              type="button"
              className="icon-button gallery-step gallery-next"
              aria-label="Next picture"
              disabled={current === count - 1}
              onClick={() => show(1)}
            />
          </>
        ) : null}
      </div>
      <div className="picture-viewer-bar">
        {count > 1 ? (
          <p aria-live="polite" className="picture-viewer-count">
            {current + 1} / {count}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-secondary picture-viewer-zoom"
          aria-pressed={isZoomed}
          onClick={() => {
            focus.current = { x: 0.5, y: 0.5 }
            setZoomed(!isZoomed)
          }}
        >
          Zoom
        </button>
        <form method="dialog">
          <button type="submit" className="button button-secondary">
            Close
          </button>
        </form>
      </div>
    </dialog>
  )
}
