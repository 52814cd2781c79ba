import type { OrderLineView } from './order-summary'

/**
 * The download links of a paid digital line: each file by name. The links expire soon; the page is
 * never cached, so each visit shows fresh ones. A refunded digital line says so instead.
 */
export function DownloadLinks({ line }: { line: Pick<OrderLineView, 'downloads' | 'downloadsRefunded'> }) {
  if (line.downloadsRefunded)
    return <p className="order-downloads-refunded">Refunded: no longer downloadable</p>
  const { downloads } = line
  if (!downloads || downloads.length === 0) return null
  return (
    <ul className="order-downloads" aria-label="Downloads">
      {downloads.map((file) => (
        <li key={file.link}>
          <a href={file.link} download={file.fileName} rel="noreferrer">
            Download {file.fileName}
          </a>
        </li>
      ))}
    </ul>
  )
}
