import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import type { ImageView } from '../media/image'
import { ResponsiveImage } from '../media/responsive-image'
import { AfterHydration } from '../rendering/after-hydration'
import { HydrateLater } from '../rendering/hydrate-later'
import { PictureViewer } from './picture-viewer'

/** The large picture's width: the page's full width on a phone, half of the page from 48rem up. */
const SLIDE_SIZES = '(min-width: 48rem) 36rem, 100vw'
const THUMBNAIL_SIZES = '4.5rem'

export interface ProductGalleryProps {
  images: readonly ImageView[]
  /** The product's name, for the gallery's label and each picture's place in it. */
  name: string
  /** The merchant's badge, set on the picture's corner. */
  ribbon?: string | undefined
}

/**
 * The product's pictures: a row that swipes and snaps (a scroll container, so touch, trackpad and the arrow
 * keys move it with no script), thumbnails that are links to each picture, and each picture a link to its
 * full size. Once hydrated, the thumbnails and the previous and next buttons move the row without moving the
 * page, the arrow keys go picture by picture, and a picture opens larger in a dialog (`picture-viewer.tsx`:
 * the whole screen on a phone, with its own steps, counter, swipe and zoom).
 */
export function ProductGallery({ images, name, ribbon }: ProductGalleryProps) {
  const id = useId()
  const trackRef = useRef<HTMLUListElement>(null)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const [current, setCurrent] = useState(0)
  // The picture a programmatic scroll is on its way to: the scroll events on the way do not change the current one.
  const targetRef = useRef<number | undefined>(undefined)
  const keyOf = (image: ImageView) => image.video?.url ?? image.url
  const imagesKey = images.map(keyOf).join(' ')

  const show = useCallback((index: number, behavior: ScrollBehavior = 'smooth') => {
    const track = trackRef.current
    const slide = track?.children[index] as HTMLElement | undefined
    if (!track || !slide) return
    targetRef.current = index
    track.scrollTo({ left: slide.offsetLeft - track.offsetLeft, behavior })
    setCurrent(index)
  }, [])

  // Other pictures (another colour): back to the first, at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: imagesKey stands for images
  useEffect(() => show(0, 'instant'), [imagesKey, show])

  // Follow a swipe: the picture whose left edge is nearest the row's is the current one. While a programmatic
  // scroll is under way its own scroll events are passed over; it ends (or a swipe interrupts it) at the
  // scroll's end, which settles the current picture from where the row came to rest.
  const positionOf = (track: HTMLUListElement) => Math.round(track.scrollLeft / track.clientWidth)
  const onScroll = () => {
    const track = trackRef.current
    if (!track || track.clientWidth === 0 || targetRef.current !== undefined) return
    setCurrent(positionOf(track))
  }
  const onScrollEnd = () => {
    const track = trackRef.current
    targetRef.current = undefined
    if (!track || track.clientWidth === 0) return
    setCurrent(positionOf(track))
  }
  // A finger, a wheel or a trackpad takes over from a programmatic scroll still on its way.
  const onUserScroll = () => {
    targetRef.current = undefined
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // A playing video's controls take the arrow keys (seeking).
    if (event.target instanceof HTMLVideoElement) return
    const last = images.length - 1
    const next =
      event.key === 'ArrowRight'
        ? Math.min(last, current + 1)
        : event.key === 'ArrowLeft'
          ? Math.max(0, current - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    if (next === undefined) return
    event.preventDefault()
    show(next)
  }

  const onThumbnail = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    event.preventDefault()
    show(index)
  }

  const onEnlarge = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    setCurrent(index)
    dialogRef.current?.showModal()
  }

  if (images.length === 0) {
    return (
      <div className="product-media">
        <span className="image-placeholder" />
        {ribbon ? <span className="ribbon">{ribbon}</span> : null}
      </div>
    )
  }
  const hasMany = images.length > 1
  return (
    <section className="product-media gallery" aria-label={`Pictures of ${name}`}>
      <div className="gallery-stage">
        {/* A scroll container: focusable, so the keyboard scrolls it even without script. */}
        <ul
          ref={trackRef}
          className="gallery-track"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
          tabIndex={0}
          onScroll={onScroll}
          onScrollEnd={onScrollEnd}
          onPointerDown={onUserScroll}
          onWheel={onUserScroll}
          onKeyDown={onKeyDown}
        >
          {images.map((image, index) => (
            <li key={keyOf(image)} id={`${id}-${index}`} className="gallery-slide">
              {image.video ? (
                // biome-ignore lint/a11y/useMediaCaption: products' videos have no caption tracks yet (decision 052)
                <video
                  controls
                  preload="none"
                  poster={image.video.poster}
                  width={image.width}
                  height={image.height}
                  aria-label={image.alt}
                  tabIndex={index === current ? 0 : -1}
                >
                  <source src={image.video.url} type={image.video.type} />
                </video>
              ) : (
                <a
                  href={image.url}
                  onClick={(event) => onEnlarge(event, index)}
                  aria-label={`Open larger: ${image.alt}`}
                  tabIndex={index === current ? 0 : -1}
                >
                  <ResponsiveImage
                    image={image}
                    sizes={SLIDE_SIZES}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : undefined}
                  />
                </a>
              )}
            </li>
          ))}
        </ul>
        {ribbon ? <span className="ribbon">{ribbon}</span> : null}
        {hasMany ? (
          <AfterHydration>
            <button
              type="button"
              className="icon-button gallery-step gallery-previous"
              aria-label="Previous picture"
              disabled={current === 0}
              onClick={() => show(current - 1)}
            />
            <button
              type="button"
              className="icon-button gallery-step gallery-next"
              aria-label="Next picture"
              disabled={current === images.length - 1}
              onClick={() => show(current + 1)}
            />
          </AfterHydration>
        ) : null}
      </div>
      {hasMany ? (
        <HydrateLater>
          <ul className="gallery-thumbnails" aria-label="Choose a picture">
            {images.map((image, index) => (
              <li key={keyOf(image)}>
                <a
                  href={`#${id}-${index}`}
                  aria-label={`Show picture ${index + 1} of ${images.length}`}
                  aria-current={index === current ? 'true' : undefined}
                  onClick={(event) => onThumbnail(event, index)}
                >
                  <ResponsiveImage image={image} sizes={THUMBNAIL_SIZES} loading="lazy" alt="" />
                </a>
              </li>
            ))}
          </ul>
        </HydrateLater>
      ) : null}
      <AfterHydration>
        <PictureViewer dialogRef={dialogRef} images={images} current={current} name={name} onShow={show} />
      </AfterHydration>
    </section>
  )
}
