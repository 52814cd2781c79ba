// The GraphQL document that asks for what the REST query answers: every field of a product (the
// platform's own `selectAll`, relations left out) and the paging metadata, with the query in a
// variable; but for two lists that the platform's cost limit (50,000) refuses at a page of 50: each
// option choice's media and each image's resolutions (every field would be estimated at 1,964,256).
// Run with tsx from apps/platform (the catalogue-query benchmark does):
// `node --import tsx ../../bench/catalogue-query/graphql-document.mjs`. Prints the document.
import { createAlphaSchema } from '../../apps/platform/src/graphql/schema.ts'
import { relationFields, selectAll } from '../../apps/platform/src/graphql/testing/select-all.ts'

const skip = new Set([...relationFields, 'ProductOptionChoice.media', 'MediaImage.resolutions'])
const product = selectAll(createAlphaSchema(), 'Product', { skip })
process.stdout.write(
  `query Page($query: QueryInput) { products(query: $query) { products ${product} metadata { count offset total } } }\n`,
)
