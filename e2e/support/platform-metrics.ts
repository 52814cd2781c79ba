/** The bearer token of the platform's `/metrics` in the end-to-end run (global-setup.ts gives it to the platform). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-for-the-request-counts'

/**
 * How many token requests (`POST /oauth2/token`, any status) the end-to-end platform has answered so far,
 * read from its Prometheus counter.
 */
export async function countTokenRequests(): Promise<number> {
  const apiUrl = process.env.AISLE_E2E_API_URL
  if (!apiUrl) throw new Error('AISLE_E2E_API_URL is unset: global setup did not run')
  const response = await fetch(`${apiUrl}/metrics`, {
    headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  })
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`)
  let total = 0
  for (const line of (await response.text()).split('\n')) {
    if (!line.startsWith('aisle_http_requests_total{')) continue
    if (!line.includes('method="POST"') || !line.includes('route="/oauth2/token"')) continue
    total += Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return total
}
