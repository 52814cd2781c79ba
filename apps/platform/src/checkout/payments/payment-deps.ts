import type { CartProducts } from '../../carts/cart-products.ts'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/db.ts'
import type { PaymentProvider } from '../payment-provider.ts'

/** What the payment functions need: the database, the time, and the providers by id. */
export interface PaymentDeps {
  db: Db
  clock: Clock
  providers: readonly PaymentProvider[]
  /** The platform's origin, for the pictures an order's lines keep (decision 058). */
  publicUrl: string
  /** The signed link to a paid order's downloads, for its confirmation mail (decision 047). */
  downloadsLink?: ((orderId: string, now: Date) => string) | undefined
  /** The signed link to a booking's cancel page, for its confirmation mail (decision 069). */
  bookingCancelLink?: ((bookingId: string, start: Date) => string) | undefined
  /** The products kept per catalogue version (`carts/cart-products.ts`), for placing the order. */
  cartProducts?: CartProducts | undefined
}

/** The provider with this id among the platform's, if any. */
export function providerOf(deps: Pick<PaymentDeps, 'providers'>, id: string): PaymentProvider | undefined {
  return deps.providers.find((provider) => provider.id === id)
}
