import nodemailer from 'nodemailer'
import type { MailAttachment } from './mail-outbox.ts'

/** Where the mail worker hands mails to. */
export interface MailTransport {
  /** Recorded on each mail it delivered: `smtp`, or `dev-inbox` for the local inbox at `/_dev/mail`. */
  readonly name: 'smtp' | 'dev-inbox'
  /**
   * Delivers one mail.
   *
   * @throws MailDeliveryError when the mail did not leave; `isPermanent` when trying again cannot help.
   */
  send(message: {
    to: string
    subject: string
    text: string
    html?: string | undefined
    attachments?: readonly MailAttachment[] | undefined
  }): Promise<void>
  /** Closes any open connection. */
  close(): void
}

/** An SMTP server to send through: a connection URL, or its parts. */
export interface SmtpSettings {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://...:465` (TLS from the start). */
  url?: string | undefined
  host?: string | undefined
  port?: number | undefined
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure?: boolean | undefined
  user?: string | undefined
  password?: string | undefined
}

/** A mail that did not leave. A permanent failure (the server refused this mail with a 5xx reply) is not retried. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError'
  constructor(
    message: string,
    readonly isPermanent: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

/** How long the SMTP server may take to connect, greet or answer. */
export const SMTP_TIMEOUT_MS = 10_000

// Only a refusal of this mail (its envelope or its message) is final; a refused login is a setting
// the operator can fix, so those mails wait.
const MAIL_REFUSALS = new Set(['EENVELOPE', 'EMESSAGE'])

function toDeliveryError(error: unknown): MailDeliveryError {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown }
  const isPermanent =
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    MAIL_REFUSALS.has(String(code))
  const message = error instanceof Error ? error.message : String(error)
  return new MailDeliveryError(message, isPermanent, { cause: error })
}

/**
 * Sends mails over SMTP with nodemailer, from `from` (`Shop <no-reply@shop.example>`), one
 * connection per mail; certificates are verified.
 *
 * @example
 * const transport = createSmtpTransport({ url: 'smtp://user:secret@mail.example:587' }, 'Shop <no-reply@shop.example>')
 */
export function createSmtpTransport(
  settings: SmtpSettings,
  from: string,
  options: { timeoutMs?: number } = {},
): MailTransport {
  const timeout = options.timeoutMs ?? SMTP_TIMEOUT_MS
  const transporter = nodemailer.createTransport({
    url: settings.url,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  })
  return {
    name: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: file.content,
                  ...(file.encoding ? { encoding: file.encoding } : {}),
                  ...(file.contentId ? { cid: file.contentId } : {}),
                })),
              }
            : {}),
        })
      } catch (error) {
        throw toDeliveryError(error)
      }
    },
    close: () => transporter.close(),
  }
}

/**
 * The local inbox: a mail handed to it is delivered as it is (the worker marks it so), and `/_dev/mail`
 * shows it. For local use only: anyone who can open the platform can read these mails.
 */
export const devInboxTransport: MailTransport = {
  name: 'dev-inbox',
  send: async () => undefined,
  close: () => undefined,
}

/**
 * The transport the configuration asks for: SMTP when a server is configured, else the local inbox
 * when it is enabled, else none (mails wait in the outbox).
 */
export function chooseMailTransport(config: {
  smtp: SmtpSettings | undefined
  from: string
  isDevInboxEnabled: boolean
}): MailTransport | undefined {
  if (config.smtp) return createSmtpTransport(config.smtp, config.from)
  return config.isDevInboxEnabled ? devInboxTransport : undefined
}
