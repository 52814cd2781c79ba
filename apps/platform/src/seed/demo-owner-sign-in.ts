import { type Config, DEFAULT_DEMO_OWNER_PASSWORD } from '../config.ts'
import { DEMO_OWNER_EMAIL } from './demo-ids.ts'

/**
 * How the demo store's owner signs in to the dashboard, as the platform's start log and `npm start`'s banner
 * say it: the published default password is shown, a password chosen in `DEMO_OWNER_PASSWORD` never is
 * (only where it comes from), and production, which has no default, says that it made no demo owner.
 * Nothing when the platform seeds no demo store.
 */
export function demoOwnerSignIn(config: Pick<Config, 'seed' | 'demoOwnerPassword'>): string | undefined {
  if (config.seed === 'none') return undefined
  if (config.demoOwnerPassword === undefined) return 'no demo owner: set DEMO_OWNER_PASSWORD'
  if (config.demoOwnerPassword === DEFAULT_DEMO_OWNER_PASSWORD)
    return `demo owner ${DEMO_OWNER_EMAIL}, password ${DEFAULT_DEMO_OWNER_PASSWORD}`
  return `demo owner ${DEMO_OWNER_EMAIL}, password from DEMO_OWNER_PASSWORD`
}
