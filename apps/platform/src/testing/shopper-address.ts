/** A shopper's address in the demo store's New York shipping region: the checkout tests' delivery address. */
export const BROOKLYN_ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'Brooklyn',
  postalCode: '11201',
  addressLine: '5 Main St',
}
