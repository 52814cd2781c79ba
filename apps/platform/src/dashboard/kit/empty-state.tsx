import type { ReactNode } from 'react'

/** What a list says when it has nothing to show, and what to do about it. */
export function EmptyState(props: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <p>{props.children}</p>
      {props.action}
    </div>
  )
}
