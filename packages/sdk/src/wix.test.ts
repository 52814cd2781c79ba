import { expect, it } from 'vitest'
import manifest from '../package.json' with { type: 'json' }
import * as main from './index.js'
import * as wix from './wix.js'

it('exports exactly the chosen runtime surface', () => {
  expect(Object.keys(wix).sort()).toEqual(['createWixAdapter', 'isWixApiUrl', 'toPlatformUrl'])
})

it('is a subpath of the package, resolved like the main entry, and not part of the main entry', () => {
  expect(manifest.exports['./wix']).toEqual({
    '@aisle/source': './src/wix.ts',
    types: './dist/wix.d.ts',
    default: './dist/wix.js',
  })
  expect(main).not.toHaveProperty('createWixAdapter')
})
