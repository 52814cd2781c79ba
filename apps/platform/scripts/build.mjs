// `npm run build -w @aisle/platform`: bundles the platform's entry points into dist/ for `node` to run in
// production, without tsx. Dependencies stay outside the bundle (native addons, PGlite's WebAssembly) and
// are loaded from node_modules; the build fails if the bundle imports a package that is not a runtime
// dependency, since a production install (`npm ci --omit=dev`) would not have it.
import { readFileSync, rmSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const platformRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
// `--outdir <folder>`: the release script bundles into its own staging folder, never racing a test's build.
const outdirFlag = process.argv.indexOf('--outdir')
const outdir = outdirFlag > 0 ? resolve(process.argv[outdirFlag + 1] ?? '') : join(platformRoot, 'dist')
const manifest = JSON.parse(readFileSync(join(platformRoot, 'package.json'), 'utf8'))
const runtimeDependencies = new Set(Object.keys(manifest.dependencies ?? {}))

rmSync(outdir, { recursive: true, force: true })
const started = performance.now()
const result = await build({
  absWorkingDir: platformRoot,
  entryPoints: {
    main: 'src/main.ts',
    aisle: 'scripts/aisle.ts',
    'create-site-owner': 'scripts/create-site-owner.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
})

const packageOf = (path) =>
  (path.startsWith('@') ? path.split('/').slice(0, 2) : path.split('/').slice(0, 1)).join('/')
const builtins = new Set(builtinModules)
const strays = new Set()
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path, external } of output.imports) {
    if (!external || path.startsWith('node:') || builtins.has(path)) continue
    if (!runtimeDependencies.has(packageOf(path))) strays.add(packageOf(path))
  }
}
if (strays.size > 0) {
  console.error(
    `build: the bundle imports packages that are not runtime dependencies: ${[...strays].join(', ')}`,
  )
  process.exit(1)
}
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => `${file.slice(file.lastIndexOf('/') + 1)} ${(output.bytes / 1024).toFixed(0)} KiB`)
console.log(`build: ${bytes.join(', ')} in ${outdir}, in ${Math.round(performance.now() - started)} ms`)
