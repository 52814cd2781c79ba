import { data, Link } from 'react-router'
import { toShopperError } from '../platform/shopper-error'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/not-found'

const notFound = toShopperError(404, 'PAGE_NOT_FOUND')

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, notFound.title)
}

// Any path no other route claims: answer 404, with the page below.
export function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  return (
    <section className="page-message">
      <h1>{notFound.title}</h1>
      <p>{notFound.message}</p>
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </section>
  )
}
