/**
 * The caller passed something no cart can hold: a fractional or negative amount, a percentage over
 * 100 %. A programming error, never a business situation (those become violations).
 */
export class PricingInputError extends Error {
  readonly code = 'PRICING_INPUT_INVALID'
  override readonly name = 'PricingInputError'
}
