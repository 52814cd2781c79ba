import { CSRF_FIELD } from '../../pages/csrf.ts'
import { Document } from '../../pages/document.tsx'
import { useShopBrand } from '../../pages/shop-frame.tsx'
import { Field } from '../dashboard-layout.tsx'

export type LoginProblem = 'wrong-credentials' | 'expired-form' | 'too-many-attempts'

const problems: Record<LoginProblem, string> = {
  'wrong-credentials': 'The e-mail or the password is wrong.',
  'expired-form': 'The sign-in form had expired. Please sign in again.',
  'too-many-attempts': 'Too many failed attempts. Wait a few minutes, then try again.',
}

/** The sign-in page of the dashboard, for site owners (not the store's members). */
export function LoginPage(props: {
  loginToken: string
  returnTo: string
  email?: string
  problem?: LoginProblem | undefined
  notice?: string | undefined
}) {
  // The shop this browser last signed in to (a cookie that only sets the look), else Aisle's own page.
  const brand = useShopBrand()
  return (
    <Document title={brand ? `Sign in · ${brand.name} dashboard` : 'Sign in · Aisle dashboard'}>
      <main className="narrow" id="main">
        <h1>{brand ? `Sign in to ${brand.name}` : 'Sign in to your store'}</h1>
        {props.notice && (
          <p className="notice" role="status">
            {props.notice}
          </p>
        )}
        {props.problem && (
          <p className="problem" role="alert">
            {problems[props.problem]}
          </p>
        )}
        <form method="post" action="/dashboard/login">
          <input type="hidden" name={CSRF_FIELD} value={props.loginToken} />
          <input type="hidden" name="next" value={props.returnTo} />
          <Field
            label="E-mail"
            name="email"
            type="email"
            defaultValue={props.email}
            required
            autoComplete="username"
          />
          <Field label="Password" name="password" type="password" required autoComplete="current-password" />
          <div className="actions">
            <button type="submit" className="primary">
              Sign in
            </button>
          </div>
        </form>
        <p className="hint">
          Site owners only. An owner is added with the platform's <code>aisle create-owner</code> command.
        </p>
      </main>
    </Document>
  )
}
