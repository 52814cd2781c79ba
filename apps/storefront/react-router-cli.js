// `react-router` (build, dev, typegen) without the one warning it cannot help: @react-router/dev 7.18 creates
// its inner Vite servers with `envFile: false`, which Vite 8.1 deprecated in favour of `envDir: false`, so
// every command printed "The `envFile` option is deprecated" three times though this project sets no such
// option (remix-run/react-router#15229, fixed in React Router 8). The line is dropped; anything else Vite or
// React Router prints passes through. Remove this file with the upgrade to React Router 8.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const DEPRECATED_ENV_FILE = 'The `envFile` option is deprecated, please use `envDir: false` instead.'

const warn = console.warn
console.warn = (...args) => {
  if (typeof args[0] === 'string' && args[0].includes(DEPRECATED_ENV_FILE)) return
  warn(...args)
}

const require = createRequire(import.meta.url)
require(join(dirname(require.resolve('@react-router/dev/package.json')), 'bin.js'))
