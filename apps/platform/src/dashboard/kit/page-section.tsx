import type { ReactNode } from 'react'

/** A part of a dashboard page under its own heading, named by it for screen readers (a region). */
export function PageSection(props: {
  id: string
  title: ReactNode
  actions?: ReactNode
  children: ReactNode
}) {
  const headingId = `${props.id}-heading`
  return (
    <section className="page-section" aria-labelledby={headingId}>
      <div className="section-header">
        <h2 id={headingId}>{props.title}</h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  )
}
