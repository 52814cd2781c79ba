// Polls a URL until it answers, for the scripts that start servers.

/**
 * Resolves with the status once `url` answers with a status that `isReady` accepts.
 * @param {string} url
 * @param {{ timeoutMs: number, isReady?: (status: number) => boolean, signal?: AbortSignal }} options
 *   `signal` stops the wait early (the server's process died)
 * @returns {Promise<number>}
 * @throws {Error} naming the URL and the last answer when the time runs out or the wait is aborted
 */
export async function waitForHttp(url, { timeoutMs, isReady = (status) => status < 500, signal }) {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    if (signal?.aborted) throw new Error(`stopped waiting for ${url} (last: ${last})`)
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) })
      await response.body?.cancel()
      if (isReady(response.status)) return response.status
      last = `status ${response.status}`
    } catch (error) {
      last = error instanceof Error ? (error.cause?.code ?? error.message) : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (last: ${last})`)
}
