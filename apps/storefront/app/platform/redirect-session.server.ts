import {
  isAisleError,
  type RedirectCallbacks,
  type RedirectSessionInput,
  type RedirectsModule,
} from '@aisle/sdk'

/**
 * Creates a redirect session to a hosted page with `callbacks` back to this storefront and answers its
 * URL. When the platform refuses the callbacks (400: the storefront's origin is not registered for the
 * client) the session is made without them, so the hosted page still opens.
 *
 * @throws {AisleError} any other refusal of the platform.
 */
export async function openRedirectSession(
  client: { redirects: Pick<RedirectsModule, 'createRedirectSession'> },
  input: Omit<RedirectSessionInput, 'callbacks'>,
  callbacks: RedirectCallbacks | undefined,
): Promise<string | undefined> {
  const start = (withCallbacks: boolean) =>
    client.redirects.createRedirectSession(withCallbacks && callbacks ? { ...input, callbacks } : input)
  const { redirectSession } = await start(true).catch((error: unknown) => {
    if (callbacks && isAisleError(error) && error.status === 400) return start(false)
    throw error
  })
  return redirectSession?.fullUrl
}
