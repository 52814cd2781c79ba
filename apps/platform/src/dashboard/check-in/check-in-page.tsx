import type { CheckIn } from '../../ticketed-events/check-in-ticket.ts'
import { eventWhen } from '../../ticketed-events/tickets-mail.ts'
import { CsrfField, DashboardPage, Field } from '../dashboard-layout.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import type { Owner } from '../session/owner-session.ts'

// Progressive enhancement (decision 075): where the browser offers BarcodeDetector and a camera, a
// "Scan" button shows; it reads a QR code (a ticket's, as its mail draws it) from the camera into the code
// field and stops the camera. Elsewhere the button stays hidden and the code is typed as before.
const scan = `
const button = document.querySelector('[data-scan]')
const video = document.querySelector('[data-scan-video]')
const field = document.getElementById('field-code')
const status = document.querySelector('[data-scan-status]')
if (button && video && field && 'BarcodeDetector' in window && navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
  button.hidden = false
  let stream = null
  const stop = () => {
    if (stream) for (const track of stream.getTracks()) track.stop()
    stream = null
    video.hidden = true
    button.textContent = 'Scan'
  }
  button.addEventListener('click', async () => {
    if (stream) return stop()
    try {
      const detector = new BarcodeDetector({ formats: ['qr_code'] })
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      video.srcObject = stream
      video.hidden = false
      await video.play()
      button.textContent = 'Stop scanning'
      status.textContent = 'Point the camera at the ticket’s QR code.'
      const look = async () => {
        if (!stream) return
        const [code] = await detector.detect(video).catch(() => [])
        if (code && code.rawValue) {
          field.value = code.rawValue
          stop()
          status.textContent = 'Read ' + code.rawValue + ': press Check in.'
          field.focus()
          return
        }
        setTimeout(look, 250)
      }
      look()
    } catch (error) {
      stop()
      status.textContent = 'The camera could not be used: type the code instead.'
    }
  })
}`

/**
 * The door's check-in page (decision 070): a code typed (or read by a scanner that types) checks its
 * ticket in once; the answer says whose ticket it is, or when it was used already.
 */
export function CheckInPage(props: {
  owner: Owner
  result?: CheckIn | undefined
  problem?: string | undefined
  code?: string | undefined
}) {
  const { owner, result } = props
  const { locale } = owner.session.site
  const time = (at: Date, zone: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(at)
  return (
    <DashboardPage owner={owner} title="Check-in" place="check-in" scripts={[scan]}>
      <PageHeader
        title="Check-in"
        description="Type the code on the ticket, or scan its QR code. A ticket lets one person in, once."
      />
      {props.problem && (
        <p className="problem" role="alert" data-check-in="refused">
          {props.problem}
        </p>
      )}
      {result?.kind === 'checked-in' && (
        <div className="notice" role="status" data-check-in="admitted">
          <strong>Checked in: {result.ticket.code}</strong>
          <p>
            {result.ticket.ticket_type_name}
            {result.ticket.attendee_name ? ` for ${result.ticket.attendee_name}` : ''} ·{' '}
            {result.ticket.event_title}, {eventWhen(result.ticket, locale)}
          </p>
        </div>
      )}
      {result?.kind === 'already-used' && (
        <div className="problem" role="alert" data-check-in="used">
          <strong>
            Already used: {result.ticket.code} was checked in on{' '}
            {time(result.at, result.ticket.event_time_zone)}
          </strong>
          <p>
            {result.ticket.ticket_type_name}
            {result.ticket.attendee_name ? ` for ${result.ticket.attendee_name}` : ''} ·{' '}
            {result.ticket.event_title}
          </p>
        </div>
      )}
      <form method="post" action="/dashboard/events/check-in" aria-label="Check a ticket in">
        <CsrfField token={owner.session.csrfToken} />
        <Field label="Ticket code" name="code" required autoComplete="off" defaultValue={props.code} />
        <video data-scan-video hidden muted playsInline width={300} height={225} aria-label="Camera" />
        <p className="hint" role="status" data-scan-status />
        <div className="actions">
          <button type="submit" className="primary">
            Check in
          </button>
          <button type="button" data-scan hidden>
            Scan
          </button>
        </div>
      </form>
    </DashboardPage>
  )
}
