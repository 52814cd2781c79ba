/**
 * What the add-to-cart action answers: the product page's form shows it, the server's action makes it. A
 * module of its own, so the action imports no component.
 */
export type AddToCartResult = { ok: true; message: string } | { ok: false; message: string }
