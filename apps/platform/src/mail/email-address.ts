// What the platform takes for an e-mail address, everywhere one is typed: a member's login, a dashboard
// user's, a buyer's on a hosted purchase page, a recovery request.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** `" Alice@Shop.Example "` -> `"alice@shop.example"`: one spelling per address, so one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Whether `text` reads as an e-mail address (something@somewhere.tld; RFC 5321 caps it at 254 characters). */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text)
}
