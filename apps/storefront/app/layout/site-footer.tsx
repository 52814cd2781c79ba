import { Link } from 'react-router'
import { HELP_LINKS } from '../store/help-topics'

/** The footer on every page: the shop, help and about links, and the shop's name; plain links, so it needs no script. */
export function SiteFooter({ shopName }: { shopName: string }) {
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
              <Link to="/plans">Plans</Link>
            </li>
            <li>
              <Link to="/cart">Your cart</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <ul>
            {HELP_LINKS.map((link) => (
              <li key={link.topic}>
                <Link to={link.to}>{link.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-account">
          <h2 id="footer-account">Account</h2>
          <ul>
            <li>
              <Link to="/account">Your account</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer-name">{shopName}</p>
    </footer>
  )
}
