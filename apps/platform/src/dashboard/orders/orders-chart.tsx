import { formatMoney } from '../../money/money.ts'
import { countText, weekdayDateText } from '../kit/dashboard-words.ts'

export interface DayTotals {
  day: string
  orders: number
  revenueMinor: number
}

const WIDTH = 640
const HEIGHT = 200
// The left scale's label ("12 orders") ends at the plot's edge: it needs as much room as the right one's.
const PAD = { top: 16, right: 56, bottom: 28, left: 56 }

/**
 * Orders (bars, left scale) and revenue (line, right scale) per day as an inline SVG: no script, no
 * library, drawn with presentation attributes (the page's CSP allows no inline style attributes).
 */
export function OrdersChart(props: { days: readonly DayTotals[]; currency: string; locale: string }) {
  const { days } = props
  const plotWidth = WIDTH - PAD.left - PAD.right
  const plotHeight = HEIGHT - PAD.top - PAD.bottom
  // Each scale ends at its busiest day, labelled with that day's true figure (a round "$100.00" beside a
  // line that reached $87.22 read as a day that never was); with no orders there is no scale to read,
  // and the chart says so instead of drawing one of "1" and "$0.01".
  const maxOrders = Math.max(1, ...days.map((day) => day.orders))
  const maxRevenue = Math.max(1, ...days.map((day) => day.revenueMinor))
  const step = plotWidth / Math.max(1, days.length)
  const x = (index: number) => PAD.left + index * step
  const yOrders = (count: number) => PAD.top + plotHeight - (count / maxOrders) * plotHeight
  const yRevenue = (minor: number) => PAD.top + plotHeight - (minor / maxRevenue) * plotHeight
  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0)
  const totalRevenue = days.reduce((sum, day) => sum + day.revenueMinor, 0)
  const money = (minor: number) => formatMoney(minor, props.currency, props.locale)
  // Days are the shop's local dates (its time zone), written as words: "Mon 7 Dec 2026".
  const dayWords = (day: DayTotals | undefined) => (day ? weekdayDateText(day.day) : '')
  const label = `Orders and revenue per day, ${dayWords(days[0])} to ${dayWords(days.at(-1))}: ${countText(totalOrders, 'order')}, ${money(totalRevenue)}`
  const points = days
    .map((day, index) => `${(x(index) + step / 2).toFixed(1)},${yRevenue(day.revenueMinor).toFixed(1)}`)
    .join(' ')
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={label}
        xmlns="http://www.w3.org/2000/svg"
        data-chart="orders-per-day"
      >
        <title>{label}</title>
        <line
          x1={PAD.left}
          y1={PAD.top + plotHeight}
          x2={WIDTH - PAD.right}
          y2={PAD.top + plotHeight}
          stroke="#d1d9e0"
        />
        {totalOrders === 0 ? (
          <text
            x={PAD.left + plotWidth / 2}
            y={PAD.top + plotHeight / 2}
            fontSize="13"
            textAnchor="middle"
            fill="#59636e"
            data-empty="true"
          >
            No orders in these {days.length} days
          </text>
        ) : (
          <>
            <line
              x1={PAD.left}
              y1={PAD.top}
              x2={WIDTH - PAD.right}
              y2={PAD.top}
              stroke="#eef1f4"
              strokeDasharray="3 3"
            />
            {/* Above the plot from its left edge: beside it, "12 orders" ran off the chart's left side. */}
            <text x={PAD.left} y={PAD.top - 5} fontSize="10" fill="#59636e" data-scale="orders">
              {countText(maxOrders, 'order')}
            </text>
            <text x={WIDTH - PAD.right + 6} y={PAD.top + 4} fontSize="10" fill="#1a7f37" data-scale="revenue">
              {money(maxRevenue)}
            </text>
            <text x={PAD.left - 6} y={PAD.top + plotHeight + 4} fontSize="10" textAnchor="end" fill="#59636e">
              0
            </text>
          </>
        )}
        {days.map((day, index) => (
          <rect
            key={day.day}
            x={(x(index) + step * 0.15).toFixed(1)}
            y={yOrders(day.orders).toFixed(1)}
            width={(step * 0.7).toFixed(1)}
            height={(PAD.top + plotHeight - yOrders(day.orders)).toFixed(1)}
            fill="#0969da"
            data-day={day.day}
            data-orders={day.orders}
          >
            <title>{`${dayWords(day)}: ${countText(day.orders, 'order')}, ${money(day.revenueMinor)}`}</title>
          </rect>
        ))}
        {totalOrders > 0 && <polyline points={points} fill="none" stroke="#1a7f37" strokeWidth="2" />}
        <text x={PAD.left} y={HEIGHT - 8} fontSize="10" fill="#59636e">
          {dayWords(days[0])}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} fontSize="10" textAnchor="end" fill="#59636e">
          {dayWords(days.at(-1))}
        </text>
      </svg>
      <figcaption className="muted">
        {totalOrders > 0 &&
          `Bars: orders per day, up to ${countText(maxOrders, 'order')} on the busiest day. Line: revenue per day, up to ${money(maxRevenue)}. `}
        Last {days.length} days: {countText(totalOrders, 'order')}, {money(totalRevenue)}.
      </figcaption>
    </figure>
  )
}
