import { Link } from 'react-router'
import { STORE_NAME } from '../store/store'

/** The footer on every page: the shop, help and about links; plain links, so it needs no script. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-columns">
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <ul>
            <li>
              <Link to="/products">All products</Link>
            </li>
            <li>
              <Link to="/cart">Your cart</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <ul>
            <li>
              <Link to="/help/shipping">Shipping</Link>
            </li>
            <li>
              <Link to="/help/returns">Returns</Link>
            </li>
            <li>
              <Link to="/help/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-about">
          <h2 id="footer-about">About</h2>
          <ul>
            <li>
              <Link to="/help/about">About us</Link>
            </li>
            <li>
              <Link to="/account">Your account</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer-name">{STORE_NAME}</p>
    </footer>
  )
}
