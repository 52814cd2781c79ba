import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { freeCanceledOrder } from '../checkout/free-canceled-order.ts'
import { providerTitles } from '../checkout/payment-provider.ts'
import type { Db } from '../db/db.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { placeNotebookOrder, trackNotebookStock } from '../testing/placed-orders.ts'
import { createOwnerCaller } from '../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { voidRefundedTickets } from '../ticketed-events/ticketed-event-store.ts'
import { addOrderNote, cancelOrder, type OrderDeskDeps, refundOrder, shipOrder } from './order-actions.ts'
import { listOrderEvents } from './order-desk-store.ts'
import type { RefundRequest } from './order-refunds.ts'
import { findOrder } from './order-store.ts'

const now = new Date('2026-06-01T12:00:00Z')

describe.each(databaseKinds())('the order desk on %s', (kind) => {
  let db: Db
  let app: ReturnType<typeof createApp>
  let deps: OrderDeskDeps
  const refundsAsked: RefundRequest[] = []
  let refundAnswer: 'REFUNDED' | 'DECLINED' = 'REFUNDED'
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    app = createApp({ db, publicUrl: TEST_PUBLIC_URL, clock: () => now })
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    deps = {
      db,
      linesRefunded: voidRefundedTickets,
      orderCanceled: freeCanceledOrder,
      refunds: {
        async refund(request) {
          refundsAsked.push(request)
          return refundAnswer === 'REFUNDED'
            ? { status: 'REFUNDED', refundId: `re_${request.idempotencyKey}` }
            : { status: 'DECLINED', reason: 'The test provider declined' }
        },
        providerTitle: providerTitles(app.paymentProviders),
      },
    }
  })
  afterAll(() => db.close())

  const stock = async () =>
    Number(
      (
        await db.query<{ quantity: number }>("select quantity from products where slug = 'meadow-notebook'")
      )[0]?.quantity,
    )
  const order = async (id: string) => (await findOrder(db, { siteId: DEMO_SITE_ID }, id))!
  const outbox = async (id: string) =>
    db.query<{ type: string; payload: Record<string, any> }>(
      'select type, payload from events where entity_id = $1 order by created_date, type',
      [id],
    )
  const mails = (to: string) =>
    db.query<{ topic: string; subject: string; text_body: string; html_body: string | null }>(
      'select topic, subject, text_body, html_body from mail_outbox where recipient = $1 order by sequence',
      [to],
    )

  it('queues the confirmation mail, in HTML and text with the shop’s name and colours, when an order is placed', async () => {
    await db.query("update sites set brand_colour = '#123456' where id = $1", [DEMO_SITE_ID])
    const placed = await placeNotebookOrder(app, db, now, { email: 'confirm@example.com' })
    const [mail, ...others] = await mails('confirm@example.com')
    expect(others).toEqual([])
    expect(mail?.topic).toBe('order-confirmation')
    expect(mail?.subject).toContain(`#${placed.number}`)
    expect(mail?.text_body).toContain('1 × Meadow Notebook')
    expect(mail?.html_body).toContain('background:#123456')
    expect(mail?.html_body).toContain('Meadow Notebook')
  })

  it('ships some lines, then the rest, with carrier and tracking: events, timeline, mails and the wire', async () => {
    const placed = await placeNotebookOrder(app, db, now, { quantity: 3, email: 'ship@example.com' })
    const owner = await createOwnerCaller(db)
    const [line] = (await order(placed.orderId)).lines
    const first = await shipOrder(
      deps,
      owner,
      {
        orderId: placed.orderId,
        carrier: 'UPS',
        trackingNumber: '1Z999',
        lines: [{ lineId: line!.id, quantity: 1 }],
      },
      now,
    )
    expect(first.state.fulfillmentStatus).toBe('PARTIALLY_FULFILLED')
    await expect(
      shipOrder(
        deps,
        owner,
        {
          orderId: placed.orderId,
          carrier: 'UPS',
          trackingNumber: 'x',
          lines: [{ lineId: line!.id, quantity: 3 }],
        },
        now,
      ),
    ).rejects.toThrow(ValidationError)
    const second = await shipOrder(
      deps,
      owner,
      {
        orderId: placed.orderId,
        carrier: 'DHL',
        trackingNumber: 'JD0002',
        trackingUrl: 'https://dhl.example/JD0002',
      },
      now,
    )
    expect(second.state.fulfillmentStatus).toBe('FULFILLED')
    const shipped = await order(placed.orderId)
    expect(shipped.order.fulfillment_status).toBe('FULFILLED')
    expect(shipped.lines[0]?.shipped_quantity).toBe(3)
    expect(shipped.fulfillments.map((f) => [f.carrier, f.tracking_number, f.lines[0]?.quantity])).toEqual([
      ['UPS', '1Z999', 1],
      ['DHL', 'JD0002', 2],
    ])
    const events = (await outbox(placed.orderId)).filter((event) => event.type === 'order.fulfilled')
    expect(events.map((event) => event.payload.fulfillmentStatus)).toEqual(
      expect.arrayContaining(['PARTIALLY_FULFILLED', 'FULFILLED']),
    )
    expect((await listOrderEvents(db, placed.orderId)).map((event) => event.kind)).toEqual([
      'SHIPPED',
      'SHIPPED',
    ])
    const sent = await mails('ship@example.com')
    expect(sent.map((mail) => mail.topic)).toEqual(['order-confirmation', 'order-shipped', 'order-shipped'])
    expect(sent[2]?.text_body).toContain('Tracking number: JD0002')
    expect(sent[2]?.html_body).toContain('href="https://dhl.example/JD0002"')
    await expect(
      shipOrder(deps, owner, { orderId: placed.orderId, carrier: 'UPS', trackingNumber: '1' }, now),
    ).rejects.toMatchObject({ code: 'ORDER_ALREADY_FULFILLED' })
    await expect(cancelOrder(deps, owner, { orderId: placed.orderId }, now)).rejects.toMatchObject({
      code: 'ORDER_ALREADY_SHIPPED',
    })
  })

  it('cancels an order: its stock goes back, it can no longer ship, and the buyer is told', async () => {
    await trackNotebookStock(db, 10)
    const placed = await placeNotebookOrder(app, db, now, { quantity: 2, email: 'cancel@example.com' })
    expect(await stock()).toBe(8)
    const owner = await createOwnerCaller(db)
    const canceled = await cancelOrder(deps, owner, { orderId: placed.orderId, reason: 'Out of paper' }, now)
    expect(canceled).toMatchObject({ state: { status: 'CANCELED' }, unitsRestocked: 2 })
    expect(await stock()).toBe(10)
    await expect(cancelOrder(deps, owner, { orderId: placed.orderId }, now)).rejects.toMatchObject({
      code: 'ORDER_CANCELED',
    })
    expect(await stock()).toBe(10)
    await expect(
      shipOrder(deps, owner, { orderId: placed.orderId, carrier: 'UPS', trackingNumber: '1' }, now),
    ).rejects.toMatchObject({ code: 'ORDER_CANCELED' })
    expect((await outbox(placed.orderId)).map((event) => event.type)).toContain('order.canceled')
    expect((await mails('cancel@example.com')).map((mail) => mail.topic)).toEqual([
      'order-confirmation',
      'order-canceled',
    ])
  })

  it('refunds part and then the rest, once per key, putting back only the units the merchant chose', async () => {
    await trackNotebookStock(db, 10)
    const placed = await placeNotebookOrder(app, db, now, {
      quantity: 2,
      paid: true,
      email: 'refund@example.com',
    })
    expect(await stock()).toBe(8)
    const owner = await createOwnerCaller(db)
    const [line] = (await order(placed.orderId)).lines
    const part = await refundOrder(
      deps,
      owner,
      {
        orderId: placed.orderId,
        idempotencyKey: 'k1',
        lines: [{ lineId: line!.id, quantity: 1, restock: true }],
      },
      now,
    )
    expect(part.state.paymentStatus).toBe('PARTIALLY_REFUNDED')
    expect(await stock()).toBe(9)
    const again = await refundOrder(
      deps,
      owner,
      {
        orderId: placed.orderId,
        idempotencyKey: 'k1',
        lines: [{ lineId: line!.id, quantity: 1, restock: true }],
      },
      now,
    )
    expect(again.isReplay).toBe(true)
    expect(await stock()).toBe(9)
    expect(refundsAsked.filter((request) => request.orderId === placed.orderId)).toHaveLength(1)
    const left = placed.totalMinor - Number(part.refund.amount_minor)
    await expect(
      refundOrder(deps, owner, { orderId: placed.orderId, idempotencyKey: 'k2', amountMinor: left + 1 }, now),
    ).rejects.toThrow(ValidationError)
    refundAnswer = 'DECLINED'
    await expect(
      refundOrder(deps, owner, { orderId: placed.orderId, idempotencyKey: 'k3', amountMinor: left }, now),
    ).rejects.toMatchObject({ code: 'REFUND_DECLINED' })
    refundAnswer = 'REFUNDED'
    expect((await order(placed.orderId)).order.payment_status).toBe('PARTIALLY_REFUNDED')
    const rest = await refundOrder(
      deps,
      owner,
      { orderId: placed.orderId, idempotencyKey: 'k4', amountMinor: left },
      now,
    )
    expect(rest.state.paymentStatus).toBe('FULLY_REFUNDED')
    expect(await stock()).toBe(9)
    const refunded = await order(placed.orderId)
    expect(Number(refunded.order.refunded_minor)).toBe(placed.totalMinor)
    expect(refunded.refunds.map((refund) => refund.provider_refund_id)).toEqual(['re_k1', 're_k4'])
    await expect(
      refundOrder(deps, owner, { orderId: placed.orderId, idempotencyKey: 'k5', amountMinor: 1 }, now),
    ).rejects.toMatchObject({ code: 'ORDER_FULLY_REFUNDED' })
    expect((await outbox(placed.orderId)).filter((event) => event.type === 'order.refunded')).toHaveLength(2)
    expect((await mails('refund@example.com')).map((mail) => mail.topic)).toEqual([
      'order-confirmation',
      'order-refunded',
      'order-refunded',
    ])
  })

  it('refunds chosen items with their tax, and their units in any steps give back exactly what was paid for them', async () => {
    const placed = await placeNotebookOrder(app, db, now, {
      quantity: 3,
      paid: true,
      email: 'tax@example.com',
    })
    const owner = await createOwnerCaller(db)
    const { order: row, lines } = await order(placed.orderId)
    const line = lines[0]!
    const kept = (row.totals as { calculatedLineItems: { lineItemId: string; pricesBreakdown: any }[] })
      .calculatedLineItems[0]!
    expect(kept.lineItemId).toBe(line.id)
    const tax = Math.round(Number(kept.pricesBreakdown.tax.amount) * 100)
    expect(tax).toBeGreaterThan(0)
    const paidForLine = Number(line.total_minor) + tax
    const refundUnits = async (key: string, quantity: number) =>
      Number(
        (
          await refundOrder(
            deps,
            owner,
            {
              orderId: placed.orderId,
              idempotencyKey: key,
              lines: [{ lineId: line.id, quantity, restock: false }],
            },
            now,
          )
        ).refund.amount_minor,
      )
    const first = await refundUnits('t1', 1)
    expect(first).toBe(Math.round(paidForLine / 3))
    const rest = (await refundUnits('t2', 1)) + (await refundUnits('t3', 1))
    expect(first + rest).toBe(paidForLine)
    expect((await order(placed.orderId)).lines[0]?.refunded_quantity).toBe(3)
  })

  it('refunds an item of an order whose totals name no line at its price before tax, all it knows', async () => {
    const placed = await placeNotebookOrder(app, db, now, {
      quantity: 2,
      paid: true,
      email: 'old@example.com',
    })
    await db.query(`update orders set totals = totals - 'calculatedLineItems' where id = $1`, [
      placed.orderId,
    ])
    const owner = await createOwnerCaller(db)
    const [line] = (await order(placed.orderId)).lines
    const refunded = await refundOrder(
      deps,
      owner,
      {
        orderId: placed.orderId,
        idempotencyKey: 'o1',
        lines: [{ lineId: line!.id, quantity: 1, restock: false }],
      },
      now,
    )
    expect(Number(refunded.refund.amount_minor)).toBe(Math.round(Number(line!.total_minor) / 2))
  })

  it('refuses to refund an unpaid order, and says so when the provider cannot refund', async () => {
    const unpaid = await placeNotebookOrder(app, db, now)
    const owner = await createOwnerCaller(db)
    await expect(
      refundOrder(deps, owner, { orderId: unpaid.orderId, idempotencyKey: 'u1', amountMinor: 1 }, now),
    ).rejects.toMatchObject({ code: 'ORDER_NOT_PAID' })
    const paid = await placeNotebookOrder(app, db, now, { paid: true })
    const cannotRefund = {
      refund: async () => ({ status: 'NOT_SUPPORTED' as const, reason: 'This provider gives no refunds' }),
      providerTitle: deps.refunds.providerTitle,
    }
    const error = await refundOrder(
      { db, refunds: cannotRefund, linesRefunded: voidRefundedTickets, orderCanceled: freeCanceledOrder },
      owner,
      { orderId: paid.orderId, idempotencyKey: 'p1', amountMinor: 1 },
      now,
    ).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApplicationError)
    expect(error).toMatchObject({ code: 'REFUND_NOT_SUPPORTED' })
    expect((await order(paid.orderId)).order.payment_status).toBe('PAID')
  })

  it('keeps notes on the timeline and refuses another site’s order as not found', async () => {
    const placed = await placeNotebookOrder(app, db, now)
    const owner = await createOwnerCaller(db)
    await addOrderNote(deps, owner, { orderId: placed.orderId, text: ' Gift, wrap it ' }, now)
    expect((await listOrderEvents(db, placed.orderId)).map((event) => event.data)).toEqual([
      { text: 'Gift, wrap it' },
    ])
    await expect(addOrderNote(deps, owner, { orderId: placed.orderId, text: '  ' }, now)).rejects.toThrow(
      ValidationError,
    )
    const stranger = { ...owner, siteId: '00000000-0000-4000-8000-000000000000' }
    await expect(cancelOrder(deps, stranger, { orderId: placed.orderId }, now)).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
    })
  })
})
