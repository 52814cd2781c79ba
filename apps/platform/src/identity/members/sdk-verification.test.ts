import { createClient, createMemoryTokenStorage, OAuthStrategy, verification } from '@aisle/sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { silentLogger } from '../../log.ts'
import { createSmtpTransport } from '../../mail/mail-transport.ts'
import { createMailWorker } from '../../mail/mail-worker.ts'
import { startTestSmtpServer } from '../../mail/testing/test-smtp-server.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { DEMO_REDIRECT_URI, MEMBER_PASSWORD, newEmail } from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { DEFAULT_IDENTITY_POLICY, saveIdentityPolicy } from '../identity-policy.ts'
import { codeIn } from '../testing/member-mail.ts'

// The real SDK against the real app, and the codes read from mails a real SMTP server received.
describe.each(databaseKinds())('the SDK’s e-mail verification against the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>
  let worker: ReturnType<typeof createMailWorker>
  let siteId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    smtp = await startTestSmtpServer()
    const transport = createSmtpTransport(
      { host: '127.0.0.1', port: smtp.port, secure: false },
      'Shop <shop@example.com>',
    )
    worker = createMailWorker({ db, clock: platform.clock, transport, logger: silentLogger })
    const [client] = await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [
      DEMO_CLIENT_ID,
    ])
    siteId = client!.site_id
  })
  beforeEach(() =>
    saveIdentityPolicy(
      db,
      siteId,
      { ...DEFAULT_IDENTITY_POLICY, emailVerificationRequired: true },
      platform.clock(),
    ),
  )
  afterAll(async () => {
    await worker.stop()
    await smtp.close()
    await db.close()
  })

  function shop() {
    const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() })
    const client = createClient({
      auth,
      modules: { verification },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })
    return { auth, client }
  }
  /** The code of the newest mail the SMTP server received for `email`, once the worker sent it. */
  async function receivedCode(email: string) {
    await worker.runOnce()
    const mail = smtp.received.filter((received) => received.to.includes(email)).at(-1)
    if (!mail) throw new Error(`no mail to ${email}`)
    return codeIn(mail.text)
  }

  it('registers, reads the code from the mail, verifies it and logs in', async () => {
    const { auth } = shop()
    const email = newEmail('sdk-verify')
    const registered = await auth.register({ email, password: MEMBER_PASSWORD })
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED')
    const code = await receivedCode(email)
    const wrong = await auth.processVerification({
      verificationCode: code === '00000000' ? '11111111' : '00000000',
    })
    expect(wrong).toEqual({ loginState: 'FAILURE', error: 'The code is wrong' })
    const verified = await auth.processVerification({ verificationCode: code })
    expect(verified.loginState).toBe('SUCCESS')
    if (verified.loginState !== 'SUCCESS') return
    const tokens = await auth.getMemberTokensForDirectLogin(verified.data.sessionToken, {
      redirectUri: DEMO_REDIRECT_URI,
    })
    expect(tokens.refreshToken.role).toBe('member')
    expect(await auth.loggedIn()).toBe(true)
  })

  it('sends a new code with resendDuringAuthentication, and verifies with verifyDuringAuthentication', async () => {
    const { auth, client } = shop()
    const email = newEmail('sdk-resend')
    const registered = await auth.register({ email, password: MEMBER_PASSWORD })
    if (registered.loginState !== 'EMAIL_VERIFICATION_REQUIRED') throw new Error(registered.loginState)
    const { stateToken } = registered.data
    const first = await receivedCode(email)
    const resent = await client.verification.resendDuringAuthentication({ stateToken })
    expect(resent).toMatchObject({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken })
    const second = await receivedCode(email)
    if (first !== second)
      await expect(
        client.verification.verifyDuringAuthentication({ code: first, stateToken }),
      ).rejects.toMatchObject({
        code: 'VERIFICATION_CODE_INVALID',
      })
    const answer = await client.verification.verifyDuringAuthentication({ code: second, stateToken })
    expect(answer.state).toBe('SUCCESS')
    expect(answer.identity?.email).toEqual({ address: email, isVerified: true })
  })

  it('answers OWNER_APPROVAL_REQUIRED after the code where the owner approves members', async () => {
    await saveIdentityPolicy(db, siteId, { ownerApprovalRequired: true }, platform.clock())
    const { auth } = shop()
    const email = newEmail('sdk-approval')
    await auth.register({ email, password: MEMBER_PASSWORD })
    const verified = await auth.processVerification({ verificationCode: await receivedCode(email) })
    expect(verified).toEqual({ loginState: 'OWNER_APPROVAL_REQUIRED' })
    expect(await auth.login({ email, password: MEMBER_PASSWORD })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    })
  })

  it('answers a registration with a taken e-mail as a new one; its owner gets a notice, not a code', async () => {
    const { auth } = shop()
    const email = newEmail('sdk-taken')
    await auth.register({ email, password: MEMBER_PASSWORD })
    const again = await shop().auth.register({ email, password: 'another passphrase' })
    expect(again.loginState).toBe('EMAIL_VERIFICATION_REQUIRED')
    await worker.runOnce()
    const mails = smtp.received.filter((received) => received.to.includes(email))
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^\d{8} is your /),
      expect.stringMatching(/^You already have an account/),
    ])
  })
})
