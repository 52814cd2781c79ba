// The operator command: `aisle migrate | seed [demo|10k] | create-owner --email … | status [--json]`.
// Run as `node bin/aisle.mjs …` from the repository or a release archive (the archive runs the bundle of
// this file, dist/aisle.js). The database comes from DATABASE_URL (or DATA_DIR), as for the platform.
import { askPassword } from '../src/operator/ask-password.ts'
import { runOperatorCommand } from '../src/operator/operator-command.ts'

process.exitCode = await runOperatorCommand(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  readPassword: () => askPassword(),
})
