import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../http/api.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import type { Logger } from '../log.ts'
import { Document } from '../pages/document.tsx'
import { renderDashboardPage, seeOther } from './dashboard-layout.tsx'
import { FormRefused, SignInRequired } from './session/owner-session.ts'

function ErrorPage(props: { title: string; message: string; details?: string[] }) {
  return (
    <Document title={`${props.title} · Aisle dashboard`}>
      <main className="narrow" id="main">
        <h1>{props.title}</h1>
        <p>{props.message}</p>
        {props.details && (
          <ul>
            {props.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
        <p>
          <a href="/dashboard">Back to the dashboard</a>
        </p>
      </main>
    </Document>
  )
}

/**
 * The dashboard's answer to an error any of its routes threw: the sign-in page for a missing session,
 * an HTML page with the right status for the rest (never the JSON API's error body). Unknown errors are
 * logged with their cause and shown without internals.
 */
export function toDashboardErrorResponse(
  error: unknown,
  c: Context<AppEnv>,
  deps: { publicUrl: string; logger: Logger },
): Response {
  const page = (status: number, title: string, message: string, details?: string[]) =>
    renderDashboardPage(<ErrorPage title={title} message={message} details={details} />, deps, status)
  if (error instanceof SignInRequired)
    return seeOther(`/dashboard/login?next=${encodeURIComponent(error.returnTo)}`)
  if (error instanceof FormRefused)
    return page(
      403,
      'This form was refused',
      'It came from another site or from a page that is no longer valid. Go back, reload the page and try again.',
    )
  if (error instanceof ValidationError)
    return page(
      400,
      'Something in the request is not right',
      'The page was asked for with values it cannot use.',
      error.fieldViolations.map((v) => `${v.field} ${v.description}`),
    )
  if (error instanceof ApplicationError) {
    if (error.status === 404) return page(404, 'Not found', error.description)
    if (error.status === 413) return page(413, 'Too large', 'The file is larger than 10 MB.')
    return page(error.status, 'Refused', error.description)
  }
  if (error instanceof HTTPException && error.status < 500)
    return page(error.status, 'Refused', error.message)
  deps.logger.error('unhandled dashboard error', {
    requestId: c.get('requestId'),
    error:
      error instanceof Error
        ? { name: error.name, message: error.message, stack: error.stack }
        : String(error),
  })
  return page(
    500,
    'Something went wrong',
    'The platform could not finish this. Nothing secret was shown; try again.',
  )
}

/** The dashboard's page for a path it does not have. */
export function dashboardNotFound(deps: { publicUrl: string }): Response {
  return renderDashboardPage(
    <ErrorPage title="Not found" message="The dashboard has no such page." />,
    deps,
    404,
  )
}
