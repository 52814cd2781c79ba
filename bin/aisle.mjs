#!/usr/bin/env node
// The operator command: `node bin/aisle.mjs migrate | seed [demo|10k] | create-owner --email … | status`.
// In a release archive it runs the platform's bundle (apps/platform/dist/aisle.js); in the repository,
// where the sources are, it runs them through tsx, so it never needs a build there.
import { existsSync } from 'node:fs'

const source = new URL('../apps/platform/scripts/aisle.ts', import.meta.url)
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api')
  register()
  await import(source.href)
} else {
  await import(new URL('../apps/platform/dist/aisle.js', import.meta.url).href)
}
