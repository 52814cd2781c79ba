import type { MailLanguage } from './mail-language.ts'

/** What a recovery or activation mail says, given the shop's name, the link and its lifetime. */
export interface RecoveryMailText {
  subject: (site: string) => string
  text: (site: string, link: string, hours: number) => string
}

interface LanguageTexts {
  RECOVERY: RecoveryMailText
  ACTIVATION: RecoveryMailText
  signature: string
}

// Written short, in the register each language's shops use with customers (Sie, vous, tú).
const texts: Record<MailLanguage, LanguageTexts> = {
  en: {
    RECOVERY: {
      subject: (site) => `Reset your ${site} password`,
      text: (site, link, hours) =>
        `Somebody asked to reset the password of your account at ${site}. Choose a new password here:\n\n${link}\n\nThe link works once, for ${hours === 1 ? 'one hour' : `${hours} hours`}. If you did not ask, ignore this mail: your password stays as it is.`,
    },
    ACTIVATION: {
      subject: (site) => `Activate your account at ${site}`,
      text: (site, link, hours) =>
        `${site} created an account for this e-mail address. Choose your password here to activate it:\n\n${link}\n\nThe link works once, for ${hours === 1 ? 'one hour' : `${hours} hours`}.`,
    },
    signature: '(An automatic message: replies are not read.)',
  },
  de: {
    RECOVERY: {
      subject: (site) => `Ihr Passwort bei ${site} zurücksetzen`,
      text: (site, link, hours) =>
        `Jemand möchte das Passwort Ihres Kontos bei ${site} zurücksetzen. Hier wählen Sie ein neues Passwort:\n\n${link}\n\nDer Link gilt einmal und ${hours === 1 ? 'eine Stunde' : `${hours} Stunden`} lang. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.`,
    },
    ACTIVATION: {
      subject: (site) => `Ihr Konto bei ${site} aktivieren`,
      text: (site, link, hours) =>
        `${site} hat ein Konto für diese E-Mail-Adresse angelegt. Wählen Sie hier Ihr Passwort, um es zu aktivieren:\n\n${link}\n\nDer Link gilt einmal und ${hours === 1 ? 'eine Stunde' : `${hours} Stunden`} lang.`,
    },
    signature: '(Eine automatische Nachricht: Antworten werden nicht gelesen.)',
  },
  fr: {
    RECOVERY: {
      subject: (site) => `Réinitialisez votre mot de passe ${site}`,
      text: (site, link, hours) =>
        `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ${site}. Choisissez un nouveau mot de passe ici :\n\n${link}\n\nLe lien ne sert qu’une fois et reste valable ${hours === 1 ? 'une heure' : `${hours} heures`}. Si ce n’était pas vous, ignorez ce message : votre mot de passe ne change pas.`,
    },
    ACTIVATION: {
      subject: (site) => `Activez votre compte ${site}`,
      text: (site, link, hours) =>
        `${site} a créé un compte pour cette adresse e-mail. Choisissez votre mot de passe ici pour l’activer :\n\n${link}\n\nLe lien ne sert qu’une fois et reste valable ${hours === 1 ? 'une heure' : `${hours} heures`}.`,
    },
    signature: '(Message automatique : les réponses ne sont pas lues.)',
  },
  es: {
    RECOVERY: {
      subject: (site) => `Restablece tu contraseña de ${site}`,
      text: (site, link, hours) =>
        `Alguien ha pedido restablecer la contraseña de tu cuenta en ${site}. Elige una nueva contraseña aquí:\n\n${link}\n\nEl enlace sirve una sola vez y durante ${hours === 1 ? 'una hora' : `${hours} horas`}. Si no has sido tú, ignora este correo: tu contraseña no cambia.`,
    },
    ACTIVATION: {
      subject: (site) => `Activa tu cuenta en ${site}`,
      text: (site, link, hours) =>
        `${site} ha creado una cuenta para esta dirección de correo. Elige tu contraseña aquí para activarla:\n\n${link}\n\nEl enlace sirve una sola vez y durante ${hours === 1 ? 'una hora' : `${hours} horas`}.`,
    },
    signature: '(Mensaje automático: las respuestas no se leen.)',
  },
}

/** The recovery or activation text, and the signature line, in `language`. */
export function recoveryMailText(
  language: MailLanguage,
  purpose: 'RECOVERY' | 'ACTIVATION',
): RecoveryMailText & { signature: string } {
  return { ...texts[language][purpose], signature: texts[language].signature }
}
