import { data, type RouterContextProvider, redirect } from 'react-router'
import { readField } from '../components/account/account-form-fields'
import { toSafeReturnPath } from '../components/account/return-to'
import { getAisle } from './aisle.server'
import { type AccountFormRefusal, verifyMember } from './member-login.server'
import { requireSameOriginPost } from './same-origin'

/** What the sign-in and sign-up pages answer a post with when the shopper is not signed in yet. */
export interface AccountFormAnswer {
  message: string
  email: string
  name?: string
  /** Present while the shopper has an e-mailed code to type: the code form replaces the first form. */
  stateToken?: string
}

/**
 * The loader of the sign-in and sign-up pages: where to go afterwards (a same-origin path), or straight
 * there when the member is already signed in.
 */
export async function loadAccountForm(request: Request, context: Readonly<RouterContextProvider>) {
  const returnTo = toSafeReturnPath(new URL(request.url).searchParams.get('returnTo'))
  if (await getAisle(context).client.auth.loggedIn()) throw redirect(returnTo)
  return { returnTo }
}

/**
 * The action of the sign-in and sign-up pages: a post with `intent=verify` checks the e-mailed code
 * (both forms can end there); any other runs `submit`. A sign-in goes to `returnTo`; anything else comes
 * back as the form's answer with the status of the refusal.
 */
export async function answerAccountForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  submit: (
    form: FormData,
  ) => Promise<{ refusal?: AccountFormRefusal; fields: { email: string; name?: string } }>,
) {
  requireSameOriginPost(request)
  const form = await request.formData()
  const { refusal, fields } =
    readField(form, 'intent') === 'verify'
      ? {
          fields: { email: readField(form, 'email') },
          refusal: await verifyMember(getAisle(context).client, {
            stateToken: readField(form, 'stateToken'),
            code: readField(form, 'code').replace(/\s+/g, ''),
          }),
        }
      : await submit(form)
  if (!refusal) return redirect(toSafeReturnPath(form.get('returnTo')))
  const answer: AccountFormAnswer = { message: refusal.message, ...fields }
  if (refusal.stateToken) answer.stateToken = refusal.stateToken
  return data(answer, { status: refusal.status })
}
