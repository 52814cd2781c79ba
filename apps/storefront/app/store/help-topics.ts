/**
 * The shop's help pages (`/help/<topic>`) and their titles, in the order every list of them gives: the help
 * page's own tabs, the menu and the footer. (Their descriptions live with the help page, which alone needs them.)
 */
export const HELP_TOPICS = {
  shipping: 'Shipping',
  returns: 'Returns',
  contact: 'Contact',
  about: 'About us',
} as const

export type HelpTopic = keyof typeof HELP_TOPICS

export const isHelpTopic = (value: string | undefined): value is HelpTopic =>
  value !== undefined && Object.hasOwn(HELP_TOPICS, value)

/** Each help page's address and title, for lists of links. */
export const HELP_LINKS = (Object.keys(HELP_TOPICS) as HelpTopic[]).map((topic) => ({
  topic,
  to: `/help/${topic}`,
  label: HELP_TOPICS[topic],
}))
