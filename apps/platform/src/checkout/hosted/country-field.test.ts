import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { countryOptions } from '../../addresses/countries.ts'
import { type CountryChoice, CountryField } from './hosted-checkout-pages.tsx'

/** The country field as React drew it before decision 102: an element per option. */
function drawnByReact(props: {
  prefix: 'shipping' | 'billing'
  selected: string | undefined
  error?: string
  countries: readonly CountryChoice[]
  shipTo: ReadonlySet<string>
}): string {
  const name = `${props.prefix}.country`
  const id = `field-${name}`
  const shipped = props.countries.filter((country) => props.shipTo.has(country.code))
  const option = (country: CountryChoice) =>
    h('option', { key: country.code, value: country.code }, country.name)
  const grouped = props.prefix === 'shipping' && shipped.length > 0 && shipped.length < props.countries.length
  return renderToStaticMarkup(
    h(
      'div',
      { className: 'field' },
      h('label', { htmlFor: id }, 'Country or region'),
      h(
        'select',
        {
          id,
          name,
          'data-country': '',
          defaultValue: props.selected ?? '',
          autoComplete: `${props.prefix} country`,
          'aria-invalid': props.error ? true : undefined,
          'aria-describedby': props.error ? `${id}-error` : undefined,
        },
        h('option', { value: '' }, 'Choose…'),
        grouped
          ? [
              h('optgroup', { key: 'ship', label: 'We ship to' }, shipped.map(option)),
              h('optgroup', { key: 'all', label: 'All countries' }, props.countries.map(option)),
            ]
          : props.countries.map(option),
      ),
      props.error ? h('div', { className: 'error-text', id: `${id}-error` }, props.error) : null,
    ),
  )
}

function drawn(props: Parameters<typeof drawnByReact>[0]): string {
  const values = props.selected === undefined ? {} : { [`${props.prefix}.country`]: props.selected }
  return renderToStaticMarkup(
    h(CountryField, {
      prefix: props.prefix,
      values,
      error: props.error,
      countries: props.countries,
      shipTo: props.shipTo,
    }),
  )
}

describe('the hosted checkout’s country field', () => {
  // Names with an apostrophe, an ampersand or a non-ASCII letter in some language: escaped as React does.
  const cases = [
    { locale: 'en-US', shipTo: new Set(['US', 'CA']) },
    { locale: 'fr-FR', shipTo: new Set<string>() },
    { locale: 'de-DE', shipTo: new Set(['DE', 'AT', 'CH']) },
    { locale: 'ja-JP', shipTo: new Set(['JP']) },
  ]
  for (const { locale, shipTo } of cases)
    it(`is the page React drew, byte for byte, in ${locale}`, () => {
      const countries = countryOptions(locale)
      expect(countries.some((country) => /['&’]/.test(country.name)) || locale === 'ja-JP').toBe(true)
      for (const prefix of ['shipping', 'billing'] as const)
        for (const selected of [undefined, '', 'US', 'CI', 'BA', 'XX']) {
          const props = { prefix, selected, countries, shipTo }
          expect(drawn(props)).toBe(drawnByReact(props))
          // Kept, it is the same again.
          expect(drawn(props)).toBe(drawnByReact(props))
        }
      const withError = {
        prefix: 'shipping' as const,
        selected: 'US',
        error: 'Choose a country',
        countries,
        shipTo,
      }
      expect(drawn(withError)).toBe(drawnByReact(withError))
    })

  it('marks the chosen country selected in both groups, and escapes every name', () => {
    const countries: CountryChoice[] = [
      { code: 'AA', name: 'Rock & "Roll" <Land>' },
      { code: 'BB', name: "Côte d'Ivoire" },
    ]
    const html = drawn({ prefix: 'shipping', selected: 'BB', countries, shipTo: new Set(['BB']) })
    expect(html).toContain('<option value="AA">Rock &amp; &quot;Roll&quot; &lt;Land&gt;</option>')
    expect(html.match(/<option value="BB" selected="">Côte d&#x27;Ivoire<\/option>/g)).toHaveLength(2)
    expect(html).toBe(
      drawnByReact({ prefix: 'shipping', selected: 'BB', countries, shipTo: new Set(['BB']) }),
    )
  })
})
