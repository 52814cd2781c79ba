import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DashboardNavigation, placeGroups, placeLabel } from './dashboard-navigation.tsx'

const links = placeGroups.flatMap((group) => (group.link ? [group.link, ...group.places] : group.places))

describe('the dashboard menu', () => {
  it('lists each place once, with its own address, in the order of a merchant day', () => {
    expect(new Set(links.map((link) => link.place)).size).toBe(links.length)
    expect(new Set(links.map((link) => link.href)).size).toBe(links.length)
    expect(placeGroups.map((group) => group.label)).toEqual([
      'Home',
      'Orders',
      'Products',
      'Customers',
      'Bookings',
      'Events',
      'Marketing',
      'Settings',
    ])
  })

  it('marks the current place, and only it, and names it beside the phone menu button', () => {
    const html = renderToStaticMarkup(createElement(DashboardNavigation, { current: 'tax' }))
    expect(html.match(/aria-current="page"/g)).toHaveLength(1)
    expect(html).toContain('<a href="/dashboard/setup/tax" aria-current="page">Taxes</a>')
    expect(html).toContain('<span class="menu-place">Taxes</span>')
    expect(html).toContain('<nav aria-label="Dashboard">')
    expect(placeLabel('collections')).toBe('Collections')
  })

  it('marks nothing on a page outside the menu', () => {
    const html = renderToStaticMarkup(createElement(DashboardNavigation, { current: undefined }))
    expect(html).not.toContain('aria-current')
    expect(html).not.toContain('menu-place')
  })
})
