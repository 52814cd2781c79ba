import type { CartLineView } from './cart-view'

/** One line of the cart: image, name, chosen options, quantity and price. */
export function CartLine({ line }: { line: CartLineView }) {
  return (
    <li className="cart-line">
      {line.image ? (
        <img
          src={line.image.url}
          width={line.image.width}
          height={line.image.height}
          alt=""
          loading="lazy"
          decoding="async"
          className="cart-line-image"
        />
      ) : (
        <span className="cart-line-image image-placeholder" />
      )}
      <div className="cart-line-details">
        <h2 className="cart-line-name">{line.name}</h2>
        {line.options.length > 0 ? (
          <dl className="cart-line-options">
            {line.options.map((option) => (
              <div key={option.name}>
                <dt>{option.name}</dt>
                <dd>{option.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p>
          Quantity: {line.quantity}
          {line.quantity > 1 ? ` × ${line.unitPrice}` : null}
        </p>
        {line.isAvailable ? null : <p className="stock-note">No longer available</p>}
      </div>
      <p className="cart-line-price">{line.lineTotal}</p>
    </li>
  )
}
