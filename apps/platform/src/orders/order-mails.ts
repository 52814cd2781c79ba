import { formatAddress } from '../addresses/address-format.ts'
import type { ContactDetails } from '../carts/contact-info.ts'
import type { Address } from '../carts/pricing/pricing-input.ts'
import type { MailAttachment, OutgoingMail } from '../mail/mail-outbox.ts'
import { formatMoney } from '../money/money.ts'
import { type LineSummaryItem, lineSummaryText } from './line-summary.tsx'
import { type BreakdownLine, breakdownLinesInOrder, type TotalsBreakdown } from './totals-breakdown.ts'

/** The shop a buyer's mail speaks for, in its name and colours. */
export interface MailShop {
  id: string
  name: string
  locale: string
  /** The header's colour, `#rrggbb` (the database checks the form). */
  brandColour: string
  /** Links and buttons, `#rrggbb`. */
  accentColour: string
}

/** A booked slot as a buyer's mail tells of it: what, when in the shop's zone, where, and its cancel link. */
export interface MailBookedSlot {
  name: string
  /** In the shop's time zone, named (`slotWhenText`). */
  when: string
  location: string
  /** The signed page where the shopper cancels it (within the service's policy); none when not offered. */
  cancelUrl?: string | undefined
  /** The signed page where the shopper moves it to another free time (decision 084), under the same policy. */
  rescheduleUrl?: string | undefined
  /** How it is paid, in words (`bookingPaymentWords`, decision 093): "Paid $40.00 online". */
  payment?: string | undefined
}

/** What a buyer's mail tells of an order. */
export interface MailOrder {
  number: string
  email: string
  currency: string
  /** The order's totals, line by line, with its refunds (`breakdownOfOrder`). */
  breakdown: TotalsBreakdown
  lines: readonly (LineSummaryItem & { quantity: number; totalMinor: number })[]
  shippingAddress?: Address | null | undefined
  /** Who receives it: the first lines of the address (decision 059). */
  shippingContact?: ContactDetails | null | undefined
  /** The signed, expiring link to the page of the order's downloads (a paid digital order's). */
  downloadsUrl?: string | undefined
  /** The slots the order booked (decision 069): the confirmation tells of them, not of shipping. */
  bookedSlots?: readonly MailBookedSlot[] | undefined
  /** Files the confirmation carries: each booked slot's `.ics` calendar file. */
  attachments?: readonly MailAttachment[] | undefined
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** Only `#rrggbb` reaches a style, whatever a row holds: `fallback` otherwise. */
export const safeColour = (colour: string, fallback: string) =>
  /^#[0-9a-f]{6}$/i.test(colour) ? colour : fallback

interface Section {
  /** Plain words; a paragraph each. */
  paragraphs: string[]
  /** Label and value rows (carrier, tracking, amount). */
  facts?: [string, string][]
  /** A link the buyer follows (a carrier's tracking page). */
  link?: { label: string; href: string } | undefined
  /** Whether the order's lines and total are listed. */
  withLines: boolean
  /** The booked slots, each with when, where and its cancel link. */
  bookedSlots?: readonly MailBookedSlot[] | undefined
}

/** A breakdown line's words: its label, then its detail and items, if any. */
const breakdownWords = (line: BreakdownLine) =>
  [line.label, line.detail, line.items].filter(Boolean).join(' · ')

/**
 * A mail's lines and totals, as text and as HTML: the items, then every line of the order's breakdown
 * (each HTML row with its kind and amount in minor units, as the pages' rows).
 */
export function breakdownMailRows(
  shop: MailShop,
  order: Pick<MailOrder, 'currency' | 'lines' | 'breakdown'>,
) {
  const money = (minor: number) => formatMoney(minor, order.currency, shop.locale)
  const totals = breakdownLinesInOrder(order.breakdown)
  const isStrong = (line: BreakdownLine) => line.kind === 'TOTAL' || line.kind === 'NET'
  return {
    text: [
      ...order.lines.map(
        (line) => `  ${line.quantity} × ${lineSummaryText(line)}  ${money(line.totalMinor)}`,
      ),
      ...totals.map((line) => `  ${breakdownWords(line)}  ${line.formattedAmount}`),
    ],
    html: `<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:16px 0">${order.lines
      .map(
        (line) =>
          `<tr><td style="border-bottom:1px solid #e5e7eb">${line.quantity} × ${escapeHtml(lineSummaryText(line))}</td><td align="right" style="border-bottom:1px solid #e5e7eb">${escapeHtml(money(line.totalMinor))}</td></tr>`,
      )
      .join('')}${totals
      .map((line) => {
        const words = escapeHtml(breakdownWords(line))
        const amount = escapeHtml(line.formattedAmount)
        const [label, value] = isStrong(line)
          ? [`<strong>${words}</strong>`, `<strong>${amount}</strong>`]
          : [words, amount]
        return `<tr data-line-kind="${line.kind}" data-amount-minor="${line.amountMinor}"><td>${label}</td><td align="right">${value}</td></tr>`
      })
      .join('')}</table>`,
  }
}

function compose(
  shop: MailShop,
  order: MailOrder,
  topic: string,
  subject: string,
  heading: string,
  section: Section,
): OutgoingMail {
  const brand = safeColour(shop.brandColour, '#1f2328')
  const accent = safeColour(shop.accentColour, '#0969da')
  const rows = breakdownMailRows(shop, order)
  const address = order.shippingAddress
    ? formatAddress(order.shippingAddress, { contactDetails: order.shippingContact, locale: shop.locale })
    : []
  const text = [
    heading,
    '',
    ...section.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(section.facts ?? []).map(([label, value]) => `${label}: ${value}`),
    ...(section.link ? [`${section.link.label}: ${section.link.href}`] : []),
    ...(section.facts || section.link ? [''] : []),
    ...(section.bookedSlots ?? []).flatMap((slot) => [
      slot.name,
      `  When: ${slot.when}`,
      ...(slot.location ? [`  Where: ${slot.location}`] : []),
      ...(slot.payment ? [`  Payment: ${slot.payment}`] : []),
      ...(slot.rescheduleUrl ? [`  To move it to another time: ${slot.rescheduleUrl}`] : []),
      ...(slot.cancelUrl ? [`  To cancel: ${slot.cancelUrl}`] : []),
      '',
    ]),
    ...(section.withLines ? [...rows.text, ''] : []),
    ...(section.withLines && address.length > 0
      ? ['Shipping to:', ...address.map((line) => `  ${line}`), '']
      : []),
    shop.name,
    '(An automatic message: replies are not read.)',
    '',
  ].join('\n')
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f6f8fa;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2328">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #d1d9e0;border-radius:8px">
<tr><td style="background:${brand};color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:20px;font-weight:600">${escapeHtml(shop.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${section.paragraphs.map((paragraph) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
${
  section.facts
    ? `<table role="presentation" cellpadding="4" cellspacing="0" style="margin:12px 0">${section.facts
        .map(
          ([label, value]) =>
            `<tr><td style="color:#59636e">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${
  section.link
    ? `<p style="margin:16px 0"><a href="${escapeHtml(section.link.href)}" style="background:${accent};color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(section.link.label)}</a></p>`
    : ''
}
${(section.bookedSlots ?? [])
  .map(
    (slot) =>
      `<table role="presentation" cellpadding="4" cellspacing="0" style="margin:12px 0;border-left:4px solid ${accent};padding-left:8px" data-booked-slot><tr><td colspan="2"><strong>${escapeHtml(slot.name)}</strong></td></tr><tr><td style="color:#59636e">When</td><td>${escapeHtml(slot.when)}</td></tr>${slot.location ? `<tr><td style="color:#59636e">Where</td><td>${escapeHtml(slot.location)}</td></tr>` : ''}${slot.payment ? `<tr data-booking-payment><td style="color:#59636e">Payment</td><td>${escapeHtml(slot.payment)}</td></tr>` : ''}${slot.rescheduleUrl ? `<tr><td></td><td><a href="${escapeHtml(slot.rescheduleUrl)}" style="color:${accent}">Move to another time</a></td></tr>` : ''}${slot.cancelUrl ? `<tr><td></td><td><a href="${escapeHtml(slot.cancelUrl)}" style="color:${accent}">Cancel this booking</a></td></tr>` : ''}</table>`,
  )
  .join('\n')}
${section.withLines ? rows.html : ''}
${
  section.withLines && address.length > 0
    ? `<p style="margin:0 0 12px;line-height:1.5"><span style="color:#59636e">Shipping to</span><br>${address.map(escapeHtml).join('<br>')}</p>`
    : ''
}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #d1d9e0;color:#59636e;font-size:13px">${escapeHtml(shop.name)} · An automatic message: replies are not read.</td></tr>
</table></td></tr></table></body></html>`
  return { siteId: shop.id, topic, to: order.email, subject, text, html, attachments: order.attachments }
}

/** The buyer's confirmation that their order was placed. */
export function orderConfirmationMail(shop: MailShop, order: MailOrder): OutgoingMail {
  const slots = order.bookedSlots ?? []
  const shipsSomething = order.lines.length > slots.length
  if (slots.length > 0)
    return compose(
      shop,
      order,
      'booking-confirmation',
      `Your ${shop.name} booking #${order.number}`,
      slots.length === 1 ? `You are booked: ${slots[0]!.name}` : `You are booked (order #${order.number})`,
      {
        paragraphs: [
          `${shop.name} has your booking. Add it to your calendar with the attached file.`,
          ...(shipsSomething ? [`${shop.name} will tell you when the rest of your order ships.`] : []),
        ],
        bookedSlots: slots,
        withLines: true,
      },
    )
  return compose(
    shop,
    order,
    'order-confirmation',
    `Your ${shop.name} order #${order.number}`,
    `Thank you for your order #${order.number}`,
    order.downloadsUrl
      ? {
          paragraphs: [
            `${shop.name} has your order, and your files are ready: download them from the link below while it lasts (a day). After that, find them on your order in your account.`,
          ],
          link: { label: 'Download your files', href: order.downloadsUrl },
          withLines: true,
        }
      : {
          paragraphs: [`${shop.name} has your order and will tell you when it ships.`],
          withLines: true,
        },
  )
}

/**
 * The customer's notice that the shop moved their booking to another time (decision 074), with the new
 * time's calendar file: the same file's `UID` updates the event a calendar already holds.
 */
export function bookingMovedMail(shop: MailShop, order: MailOrder, slot: MailBookedSlot): OutgoingMail {
  return compose(
    shop,
    order,
    'booking-rescheduled',
    `Your ${shop.name} booking has moved: ${slot.when}`,
    `New time: ${slot.name}`,
    {
      paragraphs: [
        `${shop.name} moved your booking (order #${order.number}) to a new time. Add it to your calendar with the attached file; it replaces the old time.`,
      ],
      bookedSlots: [slot],
      withLines: false,
    },
  )
}

/**
 * The customer's reminder of a booking before it starts (decision 084): what, when in the calendar's zone,
 * where, and the links to move or cancel it while the policy allows.
 */
export function bookingReminderMail(shop: MailShop, order: MailOrder, slot: MailBookedSlot): OutgoingMail {
  return compose(
    shop,
    order,
    'booking-reminder',
    `Reminder: ${slot.name} with ${shop.name}, ${slot.when}`,
    `See you soon: ${slot.name}`,
    {
      paragraphs: [
        `This is a reminder of your booking with ${shop.name} (order #${order.number}).`,
        ...(slot.cancelUrl
          ? ['If the time no longer suits you, move or cancel it with the links below.']
          : []),
      ],
      bookedSlots: [slot],
      withLines: false,
    },
  )
}

/** The buyer's notice that some or all of their order shipped, with the carrier and tracking number. */
export function shipmentMail(
  shop: MailShop,
  order: MailOrder,
  shipment: {
    carrier: string
    trackingNumber: string
    trackingUrl?: string | null | undefined
    lines: readonly (LineSummaryItem & { quantity: number })[]
    isComplete: boolean
  },
): OutgoingMail {
  const what = shipment.lines.map((line) => `${line.quantity} × ${lineSummaryText(line)}`).join(', ')
  return compose(
    shop,
    order,
    'order-shipped',
    `Your ${shop.name} order #${order.number} has shipped`,
    `Order #${order.number} is on its way`,
    {
      paragraphs: [
        shipment.isComplete
          ? `Everything you ordered has shipped: ${what}.`
          : `Part of your order has shipped: ${what}. The rest follows.`,
      ],
      facts: [
        ['Carrier', shipment.carrier],
        ['Tracking number', shipment.trackingNumber],
      ],
      link: shipment.trackingUrl ? { label: 'Track your parcel', href: shipment.trackingUrl } : undefined,
      withLines: false,
    },
  )
}

/** The buyer's notice that their order was canceled. */
export function cancellationMail(shop: MailShop, order: MailOrder, reason: string | undefined): OutgoingMail {
  return compose(
    shop,
    order,
    'order-canceled',
    `Your ${shop.name} order #${order.number} was canceled`,
    `Order #${order.number} was canceled`,
    {
      paragraphs: [
        `${shop.name} canceled your order #${order.number}. Nothing of it will ship.`,
        ...(reason ? [`The shop's note: ${reason}`] : []),
        'If you paid for it, the shop refunds you and you get a mail when it does.',
      ],
      withLines: true,
    },
  )
}

/** The buyer's notice of a refund, in full or in part. */
export function refundMail(
  shop: MailShop,
  order: MailOrder,
  refund: { amountMinor: number; isFull: boolean; reason?: string | undefined },
): OutgoingMail {
  const amount = formatMoney(refund.amountMinor, order.currency, shop.locale)
  return compose(
    shop,
    order,
    'order-refunded',
    `${shop.name} refunded ${amount} of order #${order.number}`,
    `A refund of ${amount}`,
    {
      paragraphs: [
        refund.isFull
          ? `${shop.name} refunded your order #${order.number} in full.`
          : `${shop.name} refunded part of your order #${order.number}.`,
        'The money goes back the way you paid; your bank may take a few days to show it.',
        ...(refund.reason ? [`The shop's note: ${refund.reason}`] : []),
      ],
      facts: [['Refunded', amount]],
      withLines: true,
    },
  )
}
