// A horizontal bar chart as a standalone SVG, so a reader sees this project beside its peers at a glance.

/**
 * @typedef {object} BarRow
 * @property {string} label the library's name
 * @property {string[]} [details] small lines under the label (packages and versions), one per line
 * @property {boolean} [isOurs] drawn in the project's colour
 * @property {number[]} values one per series
 * @property {string} note the figures in words, right of the bars
 */

/**
 * @typedef {object} BarChart
 * @property {string} title
 * @property {string[]} subtitle lines under the title: the task measured, the tool, the unit
 * @property {{ name: string }[]} series drawn overlaid in order, so list the largest first; the last
 *   one is drawn solid, the ones before it lighter
 * @property {BarRow[]} rows
 * @property {string} footnote the machine and the date, in small print
 */

const width = 960
const labelWidth = 260
const noteWidth = 270
const barsWidth = width - labelWidth - noteWidth - 30
const lineHeight = 14
const colours = { ours: '#0f766e', peer: '#64748b' }

/**
 * Renders the chart. Values share one linear scale starting at zero.
 * @param {BarChart} chart
 * @returns {string} the SVG document
 */
export function renderBarChart({ title, subtitle, series, rows, footnote }) {
  const largest = Math.max(...rows.flatMap((row) => row.values), 1)
  const parts = [
    `<text x="20" y="34" font-size="20" font-weight="600" fill="#0f172a">${escapeXml(title)}</text>`,
    ...subtitle.map(
      (line, index) =>
        `<text x="20" y="${60 + index * 18}" font-size="13" fill="#475569">${escapeXml(line)}</text>`,
    ),
  ]
  let y = 60 + subtitle.length * 18 + 12
  for (const row of rows) {
    const details = row.details ?? []
    const rowHeight = Math.max(46, 26 + details.length * lineHeight + 8)
    const colour = row.isOurs ? colours.ours : colours.peer
    const weight = row.isOurs ? 600 : 400
    const barY = y + (rowHeight - 26) / 2 - 2
    parts.push(
      `<text x="20" y="${y + 18}" font-size="14" font-weight="${weight}" fill="#0f172a">${escapeXml(row.label)}</text>`,
      ...details.map(
        (line, index) =>
          `<text x="20" y="${y + 34 + index * lineHeight}" font-size="11" fill="#64748b">${escapeXml(line)}</text>`,
      ),
      ...row.values.map((value, index) => {
        const barWidth = Math.max(1, (value / largest) * barsWidth).toFixed(1)
        const label = `${row.label}: ${series[index]?.name} ${value}`
        return `<rect x="${labelWidth}" y="${barY}" width="${barWidth}" height="26" rx="3" fill="${colour}" fill-opacity="${seriesOpacity(index, series.length)}"><title>${escapeXml(label)}</title></rect>`
      }),
      `<text x="${labelWidth + barsWidth + 12}" y="${barY + 18}" font-size="13" font-weight="${weight}" fill="#0f172a">${escapeXml(row.note)}</text>`,
    )
    y += rowHeight
  }
  const legendY = y + 14
  let legendX = labelWidth
  for (const [index, entry] of series.entries()) {
    parts.push(
      `<rect x="${legendX}" y="${legendY}" width="14" height="14" rx="2" fill="${colours.peer}" fill-opacity="${seriesOpacity(index, series.length)}"/>`,
      `<text x="${legendX + 20}" y="${legendY + 12}" font-size="12" fill="#334155">${escapeXml(entry.name)}</text>`,
    )
    legendX += 32 + entry.name.length * 7
  }
  parts.push(
    `<rect x="${legendX}" y="${legendY}" width="14" height="14" rx="2" fill="${colours.ours}"/>`,
    `<text x="${legendX + 20}" y="${legendY + 12}" font-size="12" fill="#334155">this project</text>`,
  )
  const height = legendY + 46
  parts.push(`<text x="20" y="${height - 12}" font-size="11" fill="#94a3b8">${escapeXml(footnote)}</text>`)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" role="img" aria-label="${escapeXml(title)}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n')
}

/** The last series is solid; the ones drawn before (and so behind) it are lighter. */
function seriesOpacity(index, count) {
  return index === count - 1 ? 1 : 0.3 + 0.15 * index
}

function escapeXml(text) {
  return String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}
