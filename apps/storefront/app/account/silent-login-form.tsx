import { runSilentAuthorization } from '@aisle/sdk/browser'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { useHydrated } from '../rendering/use-hydrated'
import {
  FINISH_FIELD,
  FINISH_IN_FRAME,
  runSilentLogin,
  SILENT_LOGIN_PATH,
  SILENT_LOGIN_TIMEOUT_MS,
  type SilentLoginStart,
} from './silent-login-steps'

/**
 * The hidden field that asks an account form's action to leave the sign-in to this page's hidden frame.
 * Rendered only once the page runs its scripts: a page without them is finished on the server.
 */
export function SilentLoginField() {
  const isHydrated = useHydrated()
  return isHydrated ? <input type="hidden" name={FINISH_FIELD} value={FINISH_IN_FRAME} /> : null
}

/** Where a silent login started by an account form stands, for the form to show. */
export interface SilentLoginProgress {
  /** True from the action's answer until the shopper is signed in (and on their way) or told why not. */
  isRunning: boolean
  /** Why the shopper is still a guest, in shopper words; the page offers the shop's account site with it. */
  failure: string | undefined
}

/**
 * Runs the silent login an account form's action answered with (`start`): the hidden frame of
 * `@aisle/sdk/browser`, then a post of its code and state to `/account/login/silent`, which signs the
 * shopper in and sends them on. Each start runs once, whatever React renders.
 */
export function useSilentLogin(start: SilentLoginStart | undefined): SilentLoginProgress {
  // One fetcher per start, so that an earlier attempt's answer is never read as this one's.
  const finisher = useFetcher<{ message: string }>({ key: `silent-login:${start?.state ?? ''}` })
  const { submit } = finisher
  // The state of the start that has run to its end, and the frame's failure if it had one.
  const [ended, setEnded] = useState<{ state: string; frameFailure: string | undefined }>()
  const started = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!start || started.current === start.state) return
    started.current = start.state
    const { state } = start
    void runSilentLogin(start, {
      authorize: (authUrl, transactionState) =>
        runSilentAuthorization(authUrl, transactionState, { timeoutMs: SILENT_LOGIN_TIMEOUT_MS }),
      finish: (answer) => submit({ ...answer }, { method: 'post', action: SILENT_LOGIN_PATH }),
    }).then((frameFailure) => setEnded({ state, frameFailure }))
  }, [start, submit])
  const hasEnded = start !== undefined && ended?.state === start.state
  const failure = hasEnded ? (ended.frameFailure ?? finisher.data?.message) : undefined
  // A finish without failure is a sign-in: the page is on its way to where the shopper was going.
  return { isRunning: start !== undefined && failure === undefined, failure }
}
