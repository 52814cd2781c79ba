/**
 * The shop's help pages (`/help/<topic>`), in the order every list of them gives: the help page's own tabs,
 * the menu and the footer.
 */
export const HELP_TOPICS = {
  shipping: { title: 'Shipping', description: 'Where we deliver, what it costs and how long it takes.' },
  returns: { title: 'Returns', description: 'How to send something back.' },
  contact: { title: 'Contact', description: 'Where to find us and how to reach us about an order.' },
  about: { title: 'About us', description: 'Who we are, what we sell and where we deliver.' },
} as const

export type HelpTopic = keyof typeof HELP_TOPICS

export const isHelpTopic = (value: string | undefined): value is HelpTopic =>
  value !== undefined && Object.hasOwn(HELP_TOPICS, value)

/** Each help page's address and title, for lists of links. */
export const HELP_LINKS = (Object.keys(HELP_TOPICS) as HelpTopic[]).map((topic) => ({
  topic,
  to: `/help/${topic}`,
  title: HELP_TOPICS[topic].title,
}))
