// The browser's entry: React DOM hydrates the server's page, as React Router's default entry does, with
// React Router's updates in React transitions (`useTransitions`), so that the forms' React form actions
// (cart edits with `useOptimistic`) see the router's state while they run.
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { PageStylesContext, readPageStyles } from './rendering/page-styles'
import { NonceContext, readPageNonce } from './security/nonce'

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext value={readPageNonce(document)}>
        <PageStylesContext value={readPageStyles(document)}>
          <HydratedRouter useTransitions />
        </PageStylesContext>
      </NonceContext>
    </StrictMode>,
  )
})
