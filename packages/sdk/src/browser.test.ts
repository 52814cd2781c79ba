import { expect, it } from 'vitest'
import manifest from '../package.json' with { type: 'json' }
import * as browser from './browser.js'
import * as main from './index.js'

it('exports exactly the chosen runtime surface', () => {
  expect(Object.keys(browser).sort()).toEqual(['runSilentAuthorization'])
})

it('is a subpath of the package, resolved like the main entry, and not part of the main entry', () => {
  expect(manifest.exports['./browser']).toEqual({
    '@aisle/source': './src/browser.ts',
    types: './dist/browser.d.ts',
    default: './dist/browser.js',
  })
  expect(Object.keys(manifest.exports['.'])).toEqual(Object.keys(manifest.exports['./browser']))
  expect(main).not.toHaveProperty('runSilentAuthorization')
})
