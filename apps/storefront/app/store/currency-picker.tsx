import { useLocation } from 'react-router'

/**
 * The shopper's choice of the currency prices are shown in: a plain form (it works without script) that
 * keeps the choice in a cookie and comes back to the page. Payment stays in the store's currency.
 */
export function CurrencyPicker(props: {
  storeCurrency: string
  currencies: string[]
  chosen: string | undefined
}) {
  const location = useLocation()
  if (props.currencies.length === 0) return null
  return (
    <form method="post" action="/currency" className="currency-picker">
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor="currency-picker">Show prices in</label>{' '}
      <select id="currency-picker" name="currency" defaultValue={props.chosen ?? props.storeCurrency}>
        {[props.storeCurrency, ...props.currencies].map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>{' '}
      <button type="submit">Show</button>
      <p className="currency-note">You always pay in {props.storeCurrency}.</p>
    </form>
  )
}
