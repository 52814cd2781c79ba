import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A mail as the test SMTP server received it. */
export interface ReceivedMail {
  from: string
  to: string[]
  /** The raw message: headers and body. */
  raw: string
  subject: string
  /** The text body, quoted-printable decoded. */
  text: string
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split)
  const body = raw.slice(split + 4)
  const subject = /^Subject: (.*(?:\r\n[ \t].*)*)$/m.exec(head)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? ''
  const isQuotedPrintable = /^Content-Transfer-Encoding: quoted-printable/im.test(head)
  return { from, to, raw, subject, text: isQuotedPrintable ? decodeQuotedPrintable(body) : body }
}

/**
 * A real SMTP server in process on 127.0.0.1 and a free port, for tests: it keeps what it receives.
 * `user`/`password` make it require that login; `refuseWith` makes it refuse every mail with that
 * reply code (550: permanent, 451: try later).
 */
export async function startTestSmtpServer(
  options: { user?: string; password?: string; refuseWith?: number } = {},
) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    // Plain text on the loopback interface: STARTTLS would need a certificate the client trusts.
    disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password)
        return callback(null, { user: auth.username })
      return callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (options.refuseWith) {
          const error = Object.assign(new Error('Refused by the test server'), {
            responseCode: options.refuseWith,
          })
          return callback(error)
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        const to = session.envelope.rcptTo.map((recipient) => recipient.address)
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
