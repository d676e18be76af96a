import {
  ContainerInfoMessage,
  completeDto,
  emptyGuid,
  type ContainerInfoModel,
  type FieldModel,
} from '../src/model/index.ts'
import type { Store } from '../src/store/index.ts'
import { defineOperation, parseGuid, ServiceError } from '../src/wire/index.ts'

/**
 * `POST /{product}/inlineediting/containersInfo`: the real service answers the same message
 * enriched with each item's lifecycle status and each field's constraints.
 */
export const containersInfo = defineOperation({
  method: 'POST',
  route: '/{product}/inlineediting/containersInfo',
  request: ContainerInfoMessage,
  response: ContainerInfoMessage,
  example(store) {
    // The spec does not show this answer: the mock's own, the stored entity, stands for it.
    const stored = store.state.containers.values().next().value ?? {}
    return { request: stored, response: stored }
  },
  resolve(ctx, input) {
    const message = completeDto(ContainerInfoMessage, input, ctx.now)
    // The real service calls `new Guid(...)` on the page id and on every item id.
    const pageId = parseGuidField(message.PageId, 'PageId')
    if (pageId instanceof ServiceError) return pageId
    const containers = message.ContainersInfo ?? []
    for (const [i, container] of containers.entries()) {
      const itemId = parseGuidField(container?.ItemId ?? null, `ContainersInfo[${i}].ItemId`)
      if (itemId instanceof ServiceError) return itemId
    }
    const { store } = ctx
    const enriched: ContainerInfoMessage = {
      ...message,
      PageTitle: pageId === emptyGuid ? message.PageTitle : store.factory.pageTitle(pageId),
      ContainersInfo: containers.map((container) => enrich(store, container)),
    }
    store.state.containers.set(pageId, enriched)
    store.changed()
    return enriched
  },
})

function enrich(store: Store, container: ContainerInfoModel): ContainerInfoModel {
  const itemId = parseGuid(container.ItemId ?? '') ?? ''
  return {
    ...container,
    ...store.factory.containerFacts(itemId, container.ItemType),
    // A list item may be null on the wire (`"Fields":[null]`): it stays null, with nothing to add.
    Fields: (container.Fields ?? []).map((field: FieldModel | null) =>
      field === null
        ? field
        : { ...field, ...store.factory.fieldConstraints(itemId, field.Name ?? '') },
    ) as FieldModel[],
  }
}

/** A GUID as `new Guid(value)` reads it, or the exception it throws. */
function parseGuidField(value: string | null, field: string): string | ServiceError {
  if (value === null) {
    return new ServiceError(
      400,
      'ArgumentNullException',
      `Value cannot be null.\r\nParameter name: ${field}`,
      {
        errors: [{ FieldName: field, Message: 'Value cannot be null.' }],
      },
    )
  }
  const guid = parseGuid(value)
  if (guid) return guid
  const message =
    value.trim() === ''
      ? 'Unrecognized Guid format.'
      : 'Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).'
  return new ServiceError(400, 'FormatException', message, {
    errors: [{ FieldName: field, Message: message }],
  })
}
