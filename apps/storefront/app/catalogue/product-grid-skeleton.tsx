/** A grid of grey product cards. */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="product-grid skeleton" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={index} className="product-card">
          <span className="skeleton-block skeleton-image" />
          <span className="skeleton-line" />
          <span className="skeleton-line skeleton-line-short" />
        </li>
      ))}
    </ul>
  )
}
