import type { OutgoingMail } from '../../mail/mail-outbox.ts'
import type { MailLanguage } from './mail-language.ts'
import { recoveryMailText } from './recovery-mail-texts.ts'

/** The shop a mail speaks for. */
export interface MailingSite {
  id: string
  name: string
}

const signature = (site: MailingSite) => `\n\n${site.name}\n(An automatic message: replies are not read.)\n`

/** The e-mail verification code of a sign-up or login. */
export function verificationCodeMail(
  site: MailingSite,
  to: string,
  code: string,
  minutes: number,
): OutgoingMail {
  return {
    siteId: site.id,
    topic: 'verification-code',
    to,
    subject: `${code} is your ${site.name} code`,
    text: `Your code to confirm this e-mail address at ${site.name}:\n\n    ${code}\n\nIt works for ${minutes} minutes. If you did not sign up or sign in at ${site.name}, ignore this mail: nobody can use your address without the code.${signature(site)}`,
  }
}

/**
 * What the owner of an address is told when somebody signs up with it again on a site that verifies
 * e-mails: the sign-up itself answers as for a new address, so it reveals nothing (SECURITY.md L2).
 */
export function existingAccountMail(site: MailingSite, to: string): OutgoingMail {
  return {
    siteId: site.id,
    topic: 'existing-account',
    to,
    subject: `You already have an account at ${site.name}`,
    text: `Somebody tried to sign up at ${site.name} with this e-mail address, which already has an account. If it was you, sign in instead, or use "Forgot your password?" on the sign-in page. If it was not you, ignore this mail: nothing changed.${signature(site)}`,
  }
}

/**
 * A password recovery link, or an account activation link (set a first password), in `language`
 * (English, German, French or Spanish; see `toMailLanguage`).
 */
export function recoveryMail(
  site: MailingSite,
  to: string,
  link: string,
  purpose: 'RECOVERY' | 'ACTIVATION',
  hours: number,
  language: MailLanguage = 'en',
): OutgoingMail {
  const wording = recoveryMailText(language, purpose)
  return {
    siteId: site.id,
    topic: purpose === 'ACTIVATION' ? 'activation' : 'recovery',
    to,
    subject: wording.subject(site.name),
    text: `${wording.text(site.name, link, hours)}\n\n${site.name}\n${wording.signature}\n`,
  }
}

/** The notice that a member's password changed, and every device was signed out (SECURITY.md P4). */
export function passwordChangedMail(site: MailingSite, to: string): OutgoingMail {
  return {
    siteId: site.id,
    topic: 'password-changed',
    to,
    subject: `Your ${site.name} password was changed`,
    text: `The password of your account at ${site.name} was just changed, and every device signed in to it was signed out. If you did not do this, reset your password at once with "Forgot your password?" on the sign-in page.${signature(site)}`,
  }
}

/** The notice that the site owner approved a member. */
export function approvedMail(site: MailingSite, to: string): OutgoingMail {
  return {
    siteId: site.id,
    topic: 'approved',
    to,
    subject: `Your account at ${site.name} is ready`,
    text: `${site.name} approved your account: you can sign in now.${signature(site)}`,
  }
}
