import { NavLink } from 'react-router'

/** A link of the menu's or the footer's lists. */
export interface SiteLink {
  to: string
  label: string
}

/**
 * A heading and its list of links: a group of the phone menu and a column of the footer, drawn one way.
 * The footer's groups are landmarks of their own (`nav`); the menu's sit inside the menu's. The list is named
 * by its heading either way.
 */
export function LinkGroup({
  id,
  heading,
  links,
  isLandmark = false,
}: {
  id: string
  heading: string
  links: readonly SiteLink[]
  isLandmark?: boolean
}) {
  const Group = isLandmark ? 'nav' : 'div'
  return (
    <Group aria-labelledby={isLandmark ? id : undefined}>
      <h2 id={id}>{heading}</h2>
      <ul aria-labelledby={id}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </Group>
  )
}
