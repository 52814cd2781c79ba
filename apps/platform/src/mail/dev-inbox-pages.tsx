import { Document } from '../pages/document.tsx'
import type { InboxMail } from './mail-outbox.ts'

const when = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`

function Banner() {
  return (
    <p className="warning" role="note">
      The local inbox: mails the platform would send, kept here because no SMTP server is configured. For
      local use only.
    </p>
  )
}

/** The local inbox: the newest mails, each linking to its page. */
export function InboxPage(props: { mails: readonly InboxMail[]; recipient: string | undefined }) {
  return (
    <Document title="Local inbox · Aisle">
      <main>
        <h1>Local inbox</h1>
        <Banner />
        <form method="get" action="/_dev/mail" className="filters">
          <div className="field">
            <label htmlFor="to">Recipient</label>
            <input id="to" name="to" type="email" defaultValue={props.recipient} maxLength={320} />
          </div>
          <button type="submit">Show</button>
        </form>
        <table aria-label="Mails">
          <thead>
            <tr>
              <th>Sent</th>
              <th>To</th>
              <th>Subject</th>
              <th>About</th>
            </tr>
          </thead>
          <tbody>
            {props.mails.map((mail) => (
              <tr key={mail.id}>
                <td>{when(mail.sentDate)}</td>
                <td>{mail.recipient}</td>
                <td>
                  <a href={`/_dev/mail/${mail.id}`}>{mail.subject}</a>
                </td>
                <td>{mail.topic}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {props.mails.length === 0 && <p className="hint">No mail yet.</p>}
      </main>
    </Document>
  )
}

const URL_IN_TEXT = /(https?:\/\/[^\s<>"']+)/

/** The text with its http(s) URLs as links; everything else is text, which React escapes. */
function TextWithLinks(props: { text: string }) {
  const parts = props.text.split(URL_IN_TEXT)
  return (
    <pre>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <a key={index} href={part} rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  )
}

/** One mail of the local inbox: who it went to, its subject and its text. */
export function InboxMailPage(props: { mail: InboxMail }) {
  const { mail } = props
  return (
    <Document title={`${mail.subject} · Local inbox`}>
      <main>
        <p>
          <a href="/_dev/mail">Back to the inbox</a>
        </p>
        <h1>{mail.subject}</h1>
        <Banner />
        <table aria-label="Headers">
          <tbody>
            <tr>
              <th>To</th>
              <td>{mail.recipient}</td>
            </tr>
            <tr>
              <th>Sent</th>
              <td>{when(mail.sentDate)}</td>
            </tr>
            <tr>
              <th>About</th>
              <td>{mail.topic}</td>
            </tr>
          </tbody>
        </table>
        {mail.htmlBody && (
          <p>
            <a href={`/_dev/mail/${mail.id}/html`}>View the HTML version</a> (as a mail client shows it)
          </p>
        )}
        {mail.attachments.length > 0 && (
          <section aria-label="Attachments">
            <h2>Attachments</h2>
            <ul>
              {mail.attachments.map((file, index) => (
                <li key={file.filename}>
                  <a href={`/_dev/mail/${mail.id}/files/${index}`} download={file.filename}>
                    {file.filename}
                  </a>{' '}
                  ({file.contentType.split(';')[0]})
                </li>
              ))}
            </ul>
          </section>
        )}
        <TextWithLinks text={mail.textBody} />
      </main>
    </Document>
  )
}

/** The page of a mail the local inbox does not hold. */
export function MissingMailPage() {
  return (
    <Document title="No such mail · Local inbox">
      <main>
        <h1>No such mail</h1>
        <p>
          This mail is not in the local inbox. <a href="/_dev/mail">Back to the inbox</a>
        </p>
      </main>
    </Document>
  )
}
