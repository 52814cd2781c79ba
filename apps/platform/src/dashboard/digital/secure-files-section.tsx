import type { WireSecureFile } from '../../digital/secure-files.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { CsrfField, Problems } from '../dashboard-layout.tsx'
import { DataTable } from '../kit/data-table.tsx'
import { PageSection } from '../kit/page-section.tsx'

/** Where a product's secure files are managed in the dashboard. */
export const secureFilesPath = (productId: string) => `/dashboard/products/${productId}/secure-files`

const typeWords: Record<string, string> = {
  SECURE_PICTURE: 'Picture',
  SECURE_VIDEO: 'Video',
  SECURE_DOCUMENT: 'Document',
  SECURE_MUSIC: 'Music',
  SECURE_ARCHIVE: 'Archive',
}

function size(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} kB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/**
 * A digital product's secure files in the dashboard, to include in the product editor: the files (each
 * with the merchant's own expiring download link and a remove button) and an upload form. It posts to
 * the routes of `secure-files-page-routes.tsx`, which come back to `returnTo` (the editor's path).
 */
export function SecureFilesSection(props: {
  productId: string
  productType: 'physical' | 'digital'
  files: readonly WireSecureFile[]
  csrfToken: string
  /** Where the forms come back to: the page that includes this section. */
  returnTo?: string
  violations?: readonly FieldViolation[]
}) {
  const action = secureFilesPath(props.productId)
  const back = props.returnTo ? <input type="hidden" name="returnTo" value={props.returnTo} /> : null
  return (
    <PageSection id="secure-files" title="Files buyers download">
      {props.productType !== 'digital' ? (
        <p className="hint">Make this a digital product to give buyers files to download after paying.</p>
      ) : (
        <>
          <p className="hint">
            Buyers download these after paying, from their order and their confirmation mail, through links
            that expire. Nobody else can.
          </p>
          <Problems violations={props.violations ?? []} labels={{ file: 'File' }} />
          <DataTable
            label="Secure files"
            rows={props.files}
            rowKey={(file) => file.id}
            rowData={(file) => ({ 'data-file-id': file.id })}
            empty="No files yet."
            columns={[
              {
                header: 'File',
                cell: (file) => (
                  <a href={file.url} download={file.fileName} rel="noreferrer">
                    {file.fileName}
                  </a>
                ),
              },
              { header: 'Type', cell: (file) => typeWords[file.fileType] ?? file.fileType },
              { header: 'Size', isNumber: true, cell: (file) => size(file.sizeInBytes) },
              {
                header: 'Actions',
                hiddenHeader: true,
                cell: (file) => (
                  <form method="post" action={`${action}/${file.id}/delete`}>
                    <CsrfField token={props.csrfToken} />
                    {back}
                    <button
                      type="submit"
                      className="danger"
                      aria-label={`Remove ${file.fileName}`}
                      data-confirm={`Remove ${file.fileName}? Buyers' links to it stop working.`}
                    >
                      Remove
                    </button>
                  </form>
                ),
              },
            ]}
          />
          <form method="post" action={action} encType="multipart/form-data" aria-label="Upload a secure file">
            <CsrfField token={props.csrfToken} />
            {back}
            <div className="filters">
              <div className="field">
                <label htmlFor="field-secure-file">File</label>
                <input id="field-secure-file" name="file" type="file" required />
                <div className="hint">
                  A picture, video, document (PDF, EPUB, office, text), music or archive, up to 25 MB
                </div>
              </div>
              <button type="submit">Upload</button>
            </div>
          </form>
        </>
      )}
    </PageSection>
  )
}
