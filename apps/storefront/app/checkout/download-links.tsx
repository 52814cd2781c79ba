import type { OrderSummary } from './order-summary'

/**
 * The download links of a paid digital line: each file by name. The links expire soon; the page is
 * never cached, so each visit shows fresh ones.
 */
export function DownloadLinks({ downloads }: { downloads: OrderSummary['lines'][number]['downloads'] }) {
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
