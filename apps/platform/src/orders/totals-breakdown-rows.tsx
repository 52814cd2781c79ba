import { breakdownLinesInOrder, type TotalsBreakdown } from './totals-breakdown.ts'

/**
 * The table rows of a totals breakdown, for every page that shows a total (hosted checkout, thank-you
 * page, members account, dashboard order page): one row per line, the total in bold, refunds and what is
 * left below it. Each row carries its kind and amount in minor units (`data-line-kind`,
 * `data-amount-minor`), which the tests add up.
 */
export function TotalsBreakdownRows(props: { breakdown: TotalsBreakdown }) {
  const seen = new Map<string, number>()
  return (
    <>
      {breakdownLinesInOrder(props.breakdown).map((line) => {
        const isTotal = line.kind === 'TOTAL' || line.kind === 'NET'
        const name = `${line.kind}|${line.label}|${line.date ?? ''}`
        seen.set(name, (seen.get(name) ?? 0) + 1)
        return (
          <tr
            key={`${name}|${seen.get(name)}`}
            className={line.kind === 'TOTAL' ? 'total-row' : line.kind === 'NET' ? 'net-row' : undefined}
            data-line-kind={line.kind}
            data-amount-minor={line.amountMinor}
          >
            <th scope="row">
              {line.label}
              {line.detail && line.date ? (
                <>
                  {' '}
                  <time className="muted" dateTime={line.date}>
                    {line.detail}
                  </time>
                </>
              ) : (
                line.detail && <span className="muted"> · {line.detail}</span>
              )}
              {line.items && <span className="muted"> · {line.items}</span>}
            </th>
            <td className="number">
              {isTotal ? <strong>{line.formattedAmount}</strong> : line.formattedAmount}
            </td>
          </tr>
        )
      })}
    </>
  )
}
