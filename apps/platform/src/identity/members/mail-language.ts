/** The languages the member mails are written in; the first is the fallback. */
export const MAIL_LANGUAGES = ['en', 'de', 'fr', 'es'] as const

/** One of {@link MAIL_LANGUAGES}. */
export type MailLanguage = (typeof MAIL_LANGUAGES)[number]

/**
 * The mail language for a caller's `language` (`de`, `de-CH`, `FR`, `es_MX`): its primary subtag when
 * the mails are written in it, English otherwise (unknown, empty or missing).
 */
export function toMailLanguage(tag: string | undefined): MailLanguage {
  const primary = tag?.trim().toLowerCase().split(/[-_]/, 1)[0]
  return MAIL_LANGUAGES.find((language) => language === primary) ?? 'en'
}
