import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Logger } from '../log.ts'
import type { MediaStorage } from '../media/media-storage.ts'
import type { LinkSigner } from './signed-links.ts'

/** How long the links live (seconds): on a page, regenerated on each view, and in a mail. */
export interface DownloadLinkLifetimes {
  pageSeconds: number
  mailSeconds: number
}

/** Links on pages live 15 minutes, links in mails a day (decision 047). */
export const DEFAULT_LINK_LIFETIMES: DownloadLinkLifetimes = {
  pageSeconds: 15 * 60,
  mailSeconds: 24 * 60 * 60,
}

/** What digital products need: the database, the time, the storage of the files and the link signer. */
export interface DigitalDeps {
  db: Db
  clock: Clock
  publicUrl: string
  storage: MediaStorage
  logger: Logger
  signer: LinkSigner
  lifetimes: DownloadLinkLifetimes
}
