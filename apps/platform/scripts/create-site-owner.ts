// Creates a site owner who signs in to the merchant dashboard, or sets a new password for one (their
// sessions end): `aisle create-owner` under its former name. Usage, with the platform's database settings
// (DATABASE_URL, or DATA_DIR while the platform is stopped):
//   npm run create-site-owner -w @aisle/platform -- --email owner@shop.example [--site <site id>]
// The password comes from SITE_OWNER_PASSWORD, or is asked for on the terminal (not echoed).
import { askPassword } from '../src/operator/ask-password.ts'
import { runOperatorCommand } from '../src/operator/operator-command.ts'

process.exitCode = await runOperatorCommand(['create-owner', ...process.argv.slice(2)], {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  readPassword: () => askPassword(),
})
