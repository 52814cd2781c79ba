import type { PaymentProvider } from '../payment-provider.ts'

/**
 * The way-to-pay radios of every hosted page that takes a payment (the checkout, a plan, a booking): one
 * option per provider, titled and described as the provider names itself, `chosen` checked (the first
 * when none is given).
 */
export function PaymentMethodChoices(props: {
  providers: readonly Pick<PaymentProvider, 'id' | 'title' | 'description'>[]
  legend: string
  chosen?: string | undefined
}) {
  const chosen = props.chosen ?? props.providers[0]?.id
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.providers.map((provider) => (
        <label key={provider.id} className="check option">
          <input
            type="radio"
            name="paymentMethod"
            value={provider.id}
            defaultChecked={provider.id === chosen}
          />
          <span className="option-title">
            {provider.title}
            {provider.description && <span className="hint block">{provider.description}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
