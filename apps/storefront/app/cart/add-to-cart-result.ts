/**
 * What the add-to-cart action answers: the product page's form shows it, the server's action makes it. A
 * module of its own, so the action imports no component. A refusal for options left unchosen names them
 * (`missingOptions`), so the form says so beside each one rather than under the button.
 */
export type AddToCartResult =
  | { ok: true; message: string }
  | { ok: false; message: string; missingOptions?: string[] }
