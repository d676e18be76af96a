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
  summary: 'Containers info for inline editing, enriched with status and field constraints',
  // SF Services/InlineEditing/InlineEditingService.cs l.48, 220: `public object Post(ContainerInfoMessage)`.
  service: 'InlineEditingService',
  returnsObject: true,
  // l.46: [RequestBackendAuthenticationFilter(false)] on the class, a request filter (--auth).
  backendUser: 'filter',
  example: {
    path: { product: 'cms' },
    sample(store) {
      // The spec does not show this answer: the mock's own, the stored entity, stands for it.
      const stored = store.state.containers.values().next().value ?? {}
      return { request: stored, response: stored }
    },
  },
  resolve(ctx, input) {
    const message = completeDto(ContainerInfoMessage, input, ctx.now)
    const warn = (text: string): void => ctx.warnings.add(text)
    // The real service calls `new Guid(...)` on the page id, then on every item id, and walks
    // every container's fields: what it cannot do fails as it fails there (issue 18).
    const pageId = parseGuidField(message.PageId, 'PageId', warn)
    if (pageId instanceof ServiceError) return pageId
    const containers = message.ContainersInfo ?? []
    // Container by container: its item id, then its fields.
    for (const [i, container] of containers.entries()) {
      const path = `ContainersInfo[${i}]`
      if (container == null) return nullReference(path, warn)
      const itemId = parseGuidField(container.ItemId, `${path}.ItemId`, warn)
      if (itemId instanceof ServiceError) return itemId
      if (container.Fields == null) return nullReference(`${path}.Fields`, warn)
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

/**
 * A GUID as `new Guid(value)` reads it, or the exception it throws: `ArgumentNullException` for
 * its parameter `g`, `FormatException` (which ServiceStack maps with no field errors). The field
 * path, which the real answer does not name, goes into `X-Mock-Warning`.
 */
function parseGuidField(
  value: string | null,
  field: string,
  warn: (text: string) => void,
): string | ServiceError {
  if (value === null) {
    warn(
      `${field} is missing: the real service calls new Guid(null), which throws ArgumentNullException`,
    )
    return new ServiceError(
      400,
      'ArgumentNullException',
      'Value cannot be null.\r\nParameter name: g',
      { errors: [{ FieldName: 'g', Message: 'Value cannot be null.' }] },
    )
  }
  const guid = parseGuid(value)
  if (guid) return guid
  const message =
    value.trim() === ''
      ? 'Unrecognized Guid format.'
      : 'Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).'
  warn(`${field} is not a GUID: the real service's new Guid(...) throws FormatException`)
  return new ServiceError(400, 'FormatException', message)
}

/** What .NET throws for a member of null: the real host answers it as a 500. */
function nullReference(path: string, warn: (text: string) => void): ServiceError {
  warn(`${path} is missing: the real service dereferences it and fails with a 500`)
  return new ServiceError(
    500,
    'NullReferenceException',
    'Object reference not set to an instance of an object.',
  )
}
