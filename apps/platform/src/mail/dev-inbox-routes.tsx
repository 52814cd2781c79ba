import { z } from 'zod'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { IdParam } from '../http/validation.ts'
import { renderPage } from '../pages/render-page.tsx'
import { InboxMailPage, InboxPage, MissingMailPage } from './dev-inbox-pages.tsx'
import { findInboxMail, listInboxMails } from './mail-outbox.ts'

/** Mails the inbox page lists. */
export const INBOX_PAGE_SIZE = 100

const Html = z.string().describe('an HTML page')
const page = { tag: 'Local inbox', auth: 'none', response: Html } as const

/**
 * The local inbox, `/_dev/mail`: the mails delivered to it (newest first) and each one's text. Only
 * registered when the configuration delivers mail there (no SMTP server, not in production).
 */
export function registerDevInboxRoutes(api: Api, deps: { db: Db }) {
  api.route(
    {
      ...page,
      method: 'get',
      path: '/_dev/mail',
      operationId: 'devInbox',
      summary: 'The local inbox: the newest mails, optionally to one recipient (served only for local use)',
      query: z.object({ to: z.string().max(320).optional() }),
    },
    async ({ query }) => {
      const recipient = query.to?.trim().toLowerCase() || undefined
      const mails = await listInboxMails(deps.db, { recipient, limit: INBOX_PAGE_SIZE })
      return renderPage(<InboxPage mails={mails} recipient={recipient} />)
    },
  )

  api.route(
    {
      ...page,
      method: 'get',
      path: '/_dev/mail/:id',
      operationId: 'devInboxMail',
      summary: 'One mail of the local inbox (served only for local use)',
      params: IdParam,
    },
    async ({ params }) => {
      const mail = await findInboxMail(deps.db, params.id)
      if (mail) return renderPage(<InboxMailPage mail={mail} />)
      return renderPage(<MissingMailPage />, { status: 404 })
    },
  )

  api.route(
    {
      ...page,
      method: 'get',
      path: '/_dev/mail/:id/html',
      operationId: 'devInboxMailHtml',
      summary: 'The HTML version of a mail of the local inbox, sandboxed (served only for local use)',
      params: IdParam,
    },
    async ({ params }) => {
      const mail = await findInboxMail(deps.db, params.id)
      if (!mail?.htmlBody) return renderPage(<MissingMailPage />, { status: 404 })
      // The mail's own HTML, as a mail client would show it: its inline styles, no script, no request
      // anywhere, and a sandbox that gives it no origin of the platform's.
      // Pictures the mail carries inline (`cid:`) are shown from its own files, as data the sandbox allows.
      const html = mail.htmlBody.replace(/(["'])cid:([^"']+)\1/g, (whole, quote: string, id: string) => {
        const file = mail.attachments.find((one) => one.contentId === id && one.encoding === 'base64')
        return file && /^image\/png$/.test(file.contentType)
          ? `${quote}data:image/png;base64,${file.content}${quote}`
          : whole
      })
      return new Response(html, {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy':
            "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          'x-frame-options': 'DENY',
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
        },
      })
    },
  )

  api.route(
    {
      ...page,
      method: 'get',
      path: '/_dev/mail/:id/files/:index',
      operationId: 'devInboxMailFile',
      summary: 'A file a mail of the local inbox carries, as a download (served only for local use)',
      params: z.object({ id: IdParam.shape.id, index: z.coerce.number().int().min(0).max(99) }),
      response: z.string().describe('the file'),
    },
    async ({ params }) => {
      const mail = await findInboxMail(deps.db, params.id)
      const file = mail?.attachments[params.index]
      if (!file) return renderPage(<MissingMailPage />, { status: 404 })
      const filename = file.filename.replace(/[^\w.-]/g, '_')
      const isPng = file.encoding === 'base64' && file.contentType === 'image/png'
      return new Response(isPng ? Buffer.from(file.content, 'base64') : file.content, {
        headers: {
          // Only a text type of the file's own or a PNG, never HTML: the download cannot run in the platform's origin.
          'content-type': isPng
            ? 'image/png'
            : /^text\/(calendar|plain)\b/.test(file.contentType)
              ? file.contentType
              : 'text/plain; charset=utf-8',
          'content-disposition': `attachment; filename="${filename}"`,
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-store',
        },
      })
    },
  )
}
