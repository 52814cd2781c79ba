// `node bench/storefront/measure-javascript.mjs [path]`: builds the storefront when its build is stale,
// starts the system, and prints the gzipped JavaScript the page (the home page by default) references.
import { ensureStorefrontBuild } from '../../scripts/storefront-build.mjs'
import { measurePageJavaScript } from './page-javascript.mjs'
import { startSystem } from './system.mjs'

const path = process.argv[2] ?? '/'
await ensureStorefrontBuild()
const system = await startSystem()
try {
  const { files, bytes, gzipBytes } = await measurePageJavaScript(new URL(path, system.storefrontUrl).href)
  for (const file of files)
    console.log(`${String(file.gzipBytes).padStart(8)} ${String(file.bytes).padStart(8)}  ${file.path}`)
  console.log(
    `${String(gzipBytes).padStart(8)} ${String(bytes).padStart(8)}  total (gzip, raw) in bytes: ${(gzipBytes / 1000).toFixed(1)} kB, ${(gzipBytes / 1024).toFixed(1)} KiB gzipped`,
  )
} finally {
  await system.stop()
}
