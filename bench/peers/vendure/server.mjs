// Vendure 3.7.3 with the sample store its own project generator (`@vendure/create`) ships: 54 products,
// their pictures, nine collections, a tax zone, two shipping methods and the dummy payment handler,
// on the PostgreSQL database of DATABASE_URL.
//   node server.mjs populate <database url> <port> <asset dir>   creates the schema, imports the sample
//                                                                store and builds the search index
//   node server.mjs serve <database url> <port> <asset dir>      serves the Shop and Admin APIs on
//                                                                127.0.0.1:<port> (no job worker)
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { AssetServerPlugin } from '@vendure/asset-server-plugin'
import {
  bootstrap,
  bootstrapWorker,
  DefaultJobQueuePlugin,
  DefaultSearchPlugin,
  dummyPaymentHandler,
} from '@vendure/core'
import { populate } from '@vendure/core/cli/populate.js'
import pg from 'pg'

const require = createRequire(import.meta.url)
const sample = join(dirname(require.resolve('@vendure/create/package.json')), 'assets')
const [command, databaseUrl, portText, assetDir] = process.argv.slice(2)
const database = new URL(databaseUrl)
const port = Number(portText)

/** The configuration the generated project uses, less its e-mail, dashboard and GraphiQL plugins. */
const config = {
  apiOptions: { port, hostname: '127.0.0.1', adminApiPath: 'admin-api', shopApiPath: 'shop-api' },
  authOptions: {
    tokenMethod: ['bearer'],
    superadminCredentials: { identifier: 'superadmin', password: 'superadmin' },
  },
  dbConnectionOptions: {
    type: 'postgres',
    synchronize: command === 'populate',
    logging: false,
    host: database.hostname,
    port: Number(database.port),
    username: decodeURIComponent(database.username),
    password: decodeURIComponent(database.password),
    database: database.pathname.slice(1),
  },
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  importExportOptions: { importAssetsDir: join(sample, 'images') },
  plugins: [
    AssetServerPlugin.init({ route: 'assets', assetUploadDir: assetDir }),
    DefaultJobQueuePlugin.init({ useDatabaseForBuffer: true }),
    DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true }),
  ],
}

/** Runs the job worker until no job is pending or running: the search index is then complete. */
async function drainJobs() {
  const worker = await bootstrapWorker(config)
  await worker.startJobQueue()
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const { rows } = await client.query(
        `select count(*)::int as open from job_record where state in ('PENDING', 'RUNNING', 'RETRYING')`,
      )
      if (rows[0].open === 0) break
    }
  } finally {
    await client.end()
    await worker.app.close()
  }
}

if (command === 'populate') {
  const initialData = require(join(sample, 'initial-data.json'))
  initialData.paymentMethods = [
    {
      name: 'Standard',
      handler: { code: dummyPaymentHandler.code, arguments: [{ name: 'automaticSettle', value: 'true' }] },
    },
  ]
  const app = await populate(() => bootstrap(config), initialData, join(sample, 'products.csv'))
  await app.close()
  await drainJobs()
  process.exit(0)
} else {
  await bootstrap(config)
  console.log(`vendure ready on ${port}`)
}
