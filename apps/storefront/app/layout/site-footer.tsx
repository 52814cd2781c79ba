import { HELP_LINKS } from '../store/help-topics'
import { LinkGroup } from './link-group'

/** The footer on every page: the shop, help and account links, and the shop's name; plain links, so it needs no script. */
export function SiteFooter({ shopName }: { shopName: string }) {
  return (
    <footer className="site-footer">
      <div className="site-footer-columns">
        <LinkGroup
          id="footer-shop"
          heading="Shop"
          isLandmark
          links={[
            { to: '/products', label: 'All products' },
            { to: '/services', label: 'Services' },
            { to: '/plans', label: 'Plans' },
            { to: '/events', label: 'Events' },
            { to: '/cart', label: 'Your cart' },
          ]}
        />
        <LinkGroup id="footer-help" heading="Help" isLandmark links={HELP_LINKS} />
        <LinkGroup
          id="footer-account"
          heading="Account"
          isLandmark
          links={[{ to: '/account', label: 'Your account' }]}
        />
      </div>
      <p className="site-footer-name">{shopName}</p>
    </footer>
  )
}
