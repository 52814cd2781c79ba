import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// What a developer adopting the kit gets: the tarball `npm pack` makes, installed into a project of its own.
const run = promisify(execFile)
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc')
const tsx = join(repoRoot, 'node_modules/.bin/tsx')
const project = mkdtempSync(join(tmpdir(), 'aisle-sdk-consumer-'))
const installed = join(project, 'node_modules/@aisle/sdk')
let tarballFiles: string[] = []

const write = (name: string, text: string) => writeFileSync(join(project, name), `${text.trim()}\n`)
const node = (script: string, env: Record<string, string> = {}) =>
  run(process.execPath, [script], { cwd: project, env: { ...process.env, ...env } })

beforeAll(async () => {
  const { stdout } = await run('npm', ['pack', '-w', '@aisle/sdk', '--json', '--pack-destination', project], {
    cwd: repoRoot,
    maxBuffer: 16 * 1024 * 1024,
  })
  // npm prints the prepack build's output before the JSON report.
  const [report] = JSON.parse(stdout.slice(stdout.indexOf('[\n'))) as {
    filename: string
    files: { path: string }[]
  }[]
  if (!report) throw new Error('npm pack reported no tarball')
  tarballFiles = report.files.map((file) => file.path)
  write('package.json', JSON.stringify({ name: 'consumer', private: true }))
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(project, report.filename)], {
    cwd: project,
  })
}, 240_000)

afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('the packed @aisle/sdk in a fresh project', () => {
  it('ships the built entries, their sources, the licence, the readme and the changelog, and no tests', () => {
    for (const file of [
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'package.json',
      'dist/index.js',
      'dist/index.d.ts',
      'src/index.ts',
    ]) {
      expect(tarballFiles).toContain(file)
    }
    expect(tarballFiles.filter((file) => /\.test(-d)?\.ts$|\/testing\//.test(file))).toEqual([])
  })

  it('has source maps whose every source is in the package', () => {
    const maps = tarballFiles.filter((file) => file.endsWith('.map'))
    expect(maps.length).toBeGreaterThan(0)
    for (const map of maps) {
      const { sources } = JSON.parse(readFileSync(join(installed, map), 'utf8')) as { sources: string[] }
      for (const source of sources)
        expect(existsSync(join(installed, dirname(map), source)), `${map}: ${source}`).toBe(true)
    }
  })

  it('is imported as ESM, the main entry and both subpaths', async () => {
    write(
      'esm.mjs',
      `
import { createClient, OAuthStrategy, products } from '@aisle/sdk'
import { runSilentAuthorization } from '@aisle/sdk/browser'
import { createWixAdapter } from '@aisle/sdk/wix'
const client = createClient({ auth: OAuthStrategy({ clientId: 'id' }), modules: { products }, baseUrl: 'http://127.0.0.1:1' })
console.log([typeof client.products.queryProducts, typeof runSilentAuthorization, typeof createWixAdapter].join(' '))
`,
    )
    expect((await node('esm.mjs')).stdout.trim()).toBe('function function function')
  })

  it('is required from CommonJS through Node’s require of ES modules', async () => {
    write(
      'cjs.cjs',
      `
const { createClient, isAisleError } = require('@aisle/sdk')
const { toPlatformUrl } = require('@aisle/sdk/wix')
console.log([typeof createClient, typeof isAisleError, typeof toPlatformUrl].join(' '))
`,
    )
    expect((await node('cjs.cjs')).stdout.trim()).toBe('function function function')
  })

  it.each(['bundler', 'node16'])(
    'type-checks under moduleResolution %s',
    async (resolution) => {
      write(
        'usage.mts',
        `
import { type AisleError, createClient, currentCart, isAisleError, OAuthStrategy, products } from '@aisle/sdk'
import { runSilentAuthorization } from '@aisle/sdk/browser'
const client = createClient({ auth: OAuthStrategy({ clientId: 'id' }), modules: { products, currentCart }, baseUrl: 'http://127.0.0.1:1' })
export const found: Promise<number> = client.products.queryProducts().limit(1).find().then((page) => page.items.length)
export const fail = (error: unknown): AisleError | undefined => (isAisleError(error) ? error : undefined)
export const silent: typeof runSilentAuthorization = runSilentAuthorization
// @ts-expect-error: the client has only the modules it was given
client.redirects
`,
      )
      const module = resolution === 'bundler' ? 'esnext' : 'node16'
      write(
        `tsconfig.${resolution}.json`,
        JSON.stringify({
          compilerOptions: {
            module,
            moduleResolution: resolution,
            target: 'es2022',
            lib: ['es2023', 'dom', 'dom.iterable'],
            types: [],
            strict: true,
            noEmit: true,
          },
          files: ['usage.mts'],
        }),
      )
      await expect(
        run(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], { cwd: project }),
      ).resolves.toBeDefined()
    },
    60_000,
  )

  it('fails the type check on a misuse, so the checks above can fail', async () => {
    write('misuse.mts', `import { createClient } from '@aisle/sdk'\nexport const client = createClient(42)`)
    const checked = run(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'node16', 'misuse.mts'], {
      cwd: project,
    })
    await expect(checked).rejects.toMatchObject({ stdout: expect.stringContaining('misuse.mts') })
  }, 60_000)
})

describe('the packed @aisle/sdk against a running platform', () => {
  let platform: ReturnType<typeof spawn> | undefined
  let baseUrl = ''
  let output = ''

  beforeAll(async () => {
    const port = await findFreePort()
    baseUrl = `http://127.0.0.1:${port}`
    platform = spawn(tsx, ['apps/platform/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: join(project, 'data'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    platform.stdout?.on('data', (chunk) => (output += chunk))
    platform.stderr?.on('data', (chunk) => (output += chunk))
    const deadline = Date.now() + 180_000
    while (Date.now() < deadline && platform.exitCode === null) {
      const answer = await fetch(`${baseUrl}/health`).catch(() => undefined)
      if (answer?.ok) return
      await new Promise((done) => setTimeout(done, 250))
    }
    throw new Error(`the platform did not answer on ${baseUrl}:\n${output}`)
  }, 200_000)

  afterAll(async () => {
    if (!platform || platform.exitCode !== null) return
    const exited = new Promise((done) => platform?.once('exit', done))
    platform.kill('SIGTERM')
    await exited
  })

  it('browses the demo catalogue and fills a cart from a plain Node script', async () => {
    const clientId = /DEMO_CLIENT_ID = '([^']+)'/.exec(
      readFileSync(join(repoRoot, 'apps/platform/src/seed/demo-ids.ts'), 'utf8'),
    )?.[1]
    write(
      'shopper.mjs',
      `
import { createClient, currentCart, OAuthStrategy, products } from '@aisle/sdk'
const client = createClient({
  auth: OAuthStrategy({ clientId: process.env.CLIENT_ID }),
  modules: { products, currentCart },
  baseUrl: process.env.BASE_URL,
})
const { items } = await client.products.queryProducts().limit(3).find()
const product = items.find((item) => item.stock?.inStock !== false) ?? items[0]
const { cart } = await client.currentCart.addToCurrentCart({
  lineItems: [{ catalogReference: { catalogItemId: product._id, appId: 'stores' }, quantity: 2 }],
})
console.log(JSON.stringify({ products: items.length, quantity: cart.lineItems[0].quantity }))
`,
    )
    const { stdout } = await node('shopper.mjs', { BASE_URL: baseUrl, CLIENT_ID: clientId ?? '' })
    expect(JSON.parse(stdout)).toEqual({ products: 3, quantity: 2 })
  }, 60_000)
})

/** A port nothing listens on right now, from the system's ephemeral range. */
function findFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      )
    })
  })
}
