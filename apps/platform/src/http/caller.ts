/** Who is calling, as proven by an access token: always within one site. */
export interface Caller {
  kind: 'visitor' | 'member'
  siteId: string
  clientId: string
  /** The visitor's or member's id. */
  subjectId: string
}
