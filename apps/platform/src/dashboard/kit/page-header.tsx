import type { ReactNode } from 'react'

/** The top of a dashboard page: its one heading, a line saying what it is for, and its main actions. */
export function PageHeader(props: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1>{props.title}</h1>
        {props.description && <p className="muted">{props.description}</p>}
      </div>
      {props.actions && <div className="page-actions">{props.actions}</div>}
    </div>
  )
}
