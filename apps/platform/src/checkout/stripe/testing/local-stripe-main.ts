import { startLocalStripe } from './local-stripe.ts'

// `npm run local-stripe -w @aisle/platform`: the local Stripe for development, on LOCAL_STRIPE_PORT
// (12111), with the platform's STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, posting webhooks to
// PUBLIC_URL. Start the platform with STRIPE_API_BASE=http://127.0.0.1:12111 and the same two keys.
const secretKey = process.env.STRIPE_SECRET_KEY ?? 'sk_test_local'
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local'
const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:4000').replace(/\/+$/, '')
const stripe = await startLocalStripe({
  secretKey,
  webhookSecret,
  webhookUrl: `${publicUrl}/payments/v1/notifications/stripe`,
  port: Number(process.env.LOCAL_STRIPE_PORT ?? '12111'),
})
process.stdout.write(
  `local Stripe on ${stripe.url}, webhooks to ${publicUrl}/payments/v1/notifications/stripe\n`,
)
const stop = () => void stripe.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
