// SDK size: the bytes a browser downloads for one storefront task, with Aisle and with its peers.
import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { isNewerThanSources } from '../../scripts/file-times.mjs'
import { repoRoot, run as runCommand } from '../../scripts/processes.mjs'
import { benchRoot, findPackageVersion } from '../harness/results.mjs'

export const name = 'sdk-size'
export const title = 'SDK size for one storefront task'
const task = 'create a client with visitor auth, read a product, add it to the cart'

const libraries = [
  { id: 'aisle', label: 'Aisle', packages: ['@aisle/sdk'], entry: 'aisle.js', isOurs: true },
  { id: 'wix', label: 'Wix', packages: ['@wix/sdk', '@wix/stores', '@wix/ecom'], entry: 'wix.js' },
  { id: 'shopify', label: 'Shopify', packages: ['@shopify/storefront-api-client'], entry: 'shopify.js' },
  { id: 'medusa', label: 'Medusa', packages: ['@medusajs/js-sdk'], entry: 'medusa.js' },
]

/** What a storefront's production build does to its dependencies. */
const esbuildOptions = {
  bundle: true,
  minify: true,
  treeShaking: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
}

/**
 * Bundles each library's entry for the task with esbuild and weighs it minified, gzipped (level 9)
 * and brotli-compressed (quality 11). Aisle is measured from its published build (`dist/`), built
 * first when older than its sources, like the peers from theirs.
 * @param {{ log: (line: string) => void }} context
 * @throws {Error} when the SDK cannot be built or does not export what the task needs
 */
export async function run({ log }) {
  await ensureSdkBuild(log)
  const { build, version: esbuildVersion } = await import('esbuild')
  const measured = []
  for (const library of libraries) {
    const packages = Object.fromEntries(library.packages.map((pkg) => [pkg, findPackageVersion(pkg)]))
    const bytes = await bundle(build, library)
    measured.push({ ...library, packages, ...bytes })
    log(`${library.label.padEnd(8)} ${formatKb(bytes.minified)} min, ${formatKb(bytes.gzip)} gzip`)
  }
  const ours = measured.find((library) => library.isOurs)
  const results = measured.map(({ entry, minified, gzip, brotli, largestInputs, ...library }) => ({
    ...library,
    entry: `bench/sdk-size/entries/${entry}`,
    bytes: { minified, gzip, brotli },
    ratioToOurs: {
      minified: round(minified / ours.minified),
      gzip: round(gzip / ours.gzip),
      brotli: round(brotli / ours.brotli),
    },
    largestInputs,
  }))
  const peers = results.filter((result) => !result.isOurs).sort((a, b) => a.bytes.gzip - b.bytes.gzip)
  const ranked = [results.find((result) => result.isOurs), ...peers]
  return {
    figures: {
      task,
      unit: 'bytes',
      tool: { esbuild: esbuildVersion, options: esbuildOptions, gzipLevel: 9, brotliQuality: 11 },
      results: ranked,
    },
    chart: {
      title: 'SDK size for one storefront task (smaller is better)',
      subtitle: [
        `Task: "${task}"; one entry file per library.`,
        `Bundled with esbuild ${esbuildVersion}: minified, tree-shaken, ESM, browser. gzip level 9. kB = 1,000 bytes.`,
      ],
      series: [{ name: 'minified' }, { name: 'gzip' }],
      rows: ranked.map((result) => ({
        label: result.label,
        details: Object.entries(result.packages).map(([pkg, version]) => `${pkg} ${version}`),
        isOurs: result.isOurs === true,
        values: [result.bytes.minified, result.bytes.gzip],
        note: `${formatKb(result.bytes.gzip)} gzip · ${formatKb(result.bytes.minified)} min${
          result.isOurs ? '' : ` · ${result.ratioToOurs.gzip}× ours`
        }`,
      })),
    },
  }
}

async function ensureSdkBuild(log) {
  const sdk = join(repoRoot, 'packages/sdk')
  if (!existsSync(join(sdk, 'src/index.ts'))) {
    throw new Error('packages/sdk/src/index.ts does not exist yet: the SDK has no public entry to measure')
  }
  const sources = [
    join(sdk, 'src'),
    join(sdk, 'package.json'),
    join(sdk, 'tsconfig.json'),
    join(sdk, 'tsconfig.build.json'),
  ]
  if (isNewerThanSources(join(sdk, 'dist/index.js'), sources)) return
  log('building @aisle/sdk (npm run build -w @aisle/sdk)')
  const code = await runCommand('npm', ['run', 'build', '-w', '@aisle/sdk'])
  if (code !== 0)
    throw new Error(`the SDK build failed with exit code ${code}, so there is no dist/ to measure`)
}

async function bundle(build, library) {
  const entry = join(benchRoot, 'sdk-size/entries', library.entry)
  let output
  try {
    output = await build({
      ...esbuildOptions,
      entryPoints: [entry],
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
  } catch (error) {
    throw new Error(explainBundleError(library, error), { cause: error })
  }
  const file = output.outputFiles[0]
  const code = Buffer.from(file.contents)
  const inputs = Object.values(output.metafile.outputs)[0]?.inputs ?? {}
  return {
    minified: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: code.length,
      },
    }).length,
    largestInputs: groupByPackage(inputs),
  }
}

/** Minified bytes per package (before compression), largest first: where the weight comes from. */
function groupByPackage(inputs) {
  const byPackage = new Map()
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const absolute = join(benchRoot, path)
    const inModules = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
    const owner = inModules
      ? inModules[1]
      : absolute.startsWith(join(repoRoot, 'packages/sdk'))
        ? '@aisle/sdk'
        : `(task code: ${relative(repoRoot, absolute)})`
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + bytesInOutput)
  }
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([pkg, minified]) => ({ package: pkg, minified }))
}

function explainBundleError(library, error) {
  const messages = (error.errors ?? []).map((message) => message.text)
  const missing = messages
    .map((text) => text.match(/No matching export in "[^"]*" for import "([^"]+)"/)?.[1])
    .filter(Boolean)
  if (library.isOurs && missing.length > 0) {
    return `@aisle/sdk does not export ${missing.join(', ')} (packages/sdk/src/index.ts), which the task needs`
  }
  const detail = messages.length > 0 ? messages.join('; ') : error.message
  return `bundling ${library.label} (bench/sdk-size/entries/${library.entry}) failed: ${detail}`
}

function formatKb(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`
}

function round(ratio) {
  return Math.round(ratio * 10) / 10
}
