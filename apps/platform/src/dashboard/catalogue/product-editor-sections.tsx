import type { ReactNode } from 'react'
import { secureFilesOfProduct } from '../../digital/secure-files.ts'
import { SecureFilesSection } from '../digital/secure-files-section.tsx'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import type { WireProduct } from './catalogue-lists.ts'

/** What an extra section of the product editor is given: the product (none on a new product's page). */
export interface ProductEditorContext {
  deps: DashboardDeps
  owner: Owner
  product: WireProduct | undefined
}

/**
 * An extra section of the product editor, below the editor's own form (so it may hold forms of its
 * own, with their own routes): it loads what it shows and answers the section, or nothing to show none.
 */
export interface ProductEditorSection {
  /** A stable name, e.g. `secure-files`; the section's wrapper carries it as `data-editor-section`. */
  id: string
  render(context: ProductEditorContext): Promise<ReactNode> | ReactNode
}

/**
 * The extra sections of the product editor, in order. A feature adds its section with one line here;
 * use the page's `card` class and a heading of level 2 to look like the editor's own sections.
 */
export const productEditorSections: ProductEditorSection[] = [
  {
    id: 'secure-files',
    render: async ({ deps, owner, product }) => {
      if (!product?.id) return null
      const productType = product.productType === 'digital' ? 'digital' : 'physical'
      const files =
        productType === 'digital'
          ? await secureFilesOfProduct(deps.digital, owner.caller.siteId, product.id)
          : []
      return (
        <div className="card">
          <SecureFilesSection
            productId={product.id}
            productType={productType}
            files={files}
            csrfToken={owner.session.csrfToken}
            returnTo={`/dashboard/products/${product.id}`}
          />
        </div>
      )
    },
  },
]

/** The extra sections of a product's editor, each rendered (and loaded) at once. */
export async function renderEditorSections(
  context: ProductEditorContext,
  sections: readonly ProductEditorSection[] = productEditorSections,
): Promise<{ id: string; node: ReactNode }[]> {
  const nodes = await Promise.all(sections.map((section) => section.render(context)))
  return sections
    .map((section, index) => ({ id: section.id, node: nodes[index] }))
    .filter((entry) => entry.node !== null && entry.node !== undefined && entry.node !== false)
}
