import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { IdParam } from '../../http/validation.ts'
import type { CatalogueWriteDeps } from './merchant-product-writes.ts'
import {
  AddProductMediaBody,
  AddProductMediaToChoicesBody,
  addProductMedia,
  addProductMediaToChoices,
  RemoveProductMediaBody,
  RemoveProductMediaFromChoicesBody,
  removeProductMedia,
  removeProductMediaFromChoices,
} from './product-media-writes.ts'

const Empty = z.object({})

/** Product media and the media of option choices (a colour's pictures): merchant API keys only. */
export function registerProductMediaRoutes(api: Api, deps: CatalogueWriteDeps) {
  const merchant = { auth: 'merchant', permission: 'catalogue', tag: 'Catalogue (write)' } as const

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/products/:id/media',
      operationId: 'addProductMedia',
      summary: 'Add uploaded media to a product, optionally to one of its choices too',
      params: IdParam,
      body: AddProductMediaBody,
      response: Empty,
    },
    async ({ params, body, caller }) => addProductMedia(deps, caller, { id: params.id, ...body }),
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/products/:id/media/delete',
      operationId: 'removeProductMedia',
      summary: 'Remove media from a product and its choices (all of it when mediaIds is empty)',
      params: IdParam,
      body: RemoveProductMediaBody,
      response: Empty,
    },
    async ({ params, body, caller }) => removeProductMedia(deps, caller, { id: params.id, ...body }),
  )

  api.route(
    {
      ...merchant,
      method: 'patch',
      path: '/stores/v1/products/:id/choices/media',
      operationId: 'addProductMediaToChoices',
      summary: "Set the media of option choices from the product's media",
      params: IdParam,
      body: AddProductMediaToChoicesBody,
      response: Empty,
    },
    async ({ params, body, caller }) => addProductMediaToChoices(deps, caller, { id: params.id, ...body }),
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/products/:id/choices/media/delete',
      operationId: 'removeProductMediaFromChoices',
      summary: 'Clear the media of option choices (the product keeps them)',
      params: IdParam,
      body: RemoveProductMediaFromChoicesBody,
      response: Empty,
    },
    async ({ params, body, caller }) =>
      removeProductMediaFromChoices(deps, caller, { id: params.id, ...body }),
  )
}
