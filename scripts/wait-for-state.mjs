// Waits for a state, never for a length of time, for the tests that drive processes (fault suite).

/**
 * Resolves with the first truthy answer of `check`, asked again and again until `timeoutMs` runs out.
 * The deadline is generous and only bounds a wait that would otherwise hang: a loaded machine makes a
 * state come later, never makes a test pass or fail.
 * @template T
 * @param {string} what the state, in words, for the error
 * @param {() => Promise<T> | T} check answers something truthy once the state holds
 * @param {{ timeoutMs?: number, intervalMs?: number }} [options]
 * @returns {Promise<T>}
 * @throws {Error} naming the state and the last answer when the time runs out
 */
export async function waitForState(what, check, { timeoutMs = 120_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs
  let last
  while (true) {
    try {
      last = await check()
      if (last) return last
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    if (Date.now() >= deadline) break
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s (last: ${JSON.stringify(last)})`)
}
