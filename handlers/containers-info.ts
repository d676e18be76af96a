import {
  ContainerInfoMessage,
  completeDto,
  emptyGuid,
  type ContainerInfoModel,
  type FieldModel,
} from '../src/model/index.ts'
import type { Store } from '../src/store/index.ts'
import {
  errorResponse,
  parseGuid,
  readRequest,
  respond,
  type Operation,
  type RequestContext,
} from '../src/wire/index.ts'

/**
 * `POST /{product}/inlineediting/containersInfo`: the real service answers the same message
 * enriched with each item's lifecycle status and each field's constraints.
 */
export function containersInfoOperation(store: Store): Operation {
  return {
    method: 'POST',
    route: '/{product}/inlineediting/containersInfo',
    requestDto: ContainerInfoMessage,
    responseDto: ContainerInfoMessage,
    async resolve(ctx) {
      const read = await readRequest(ctx, ContainerInfoMessage)
      if (!read.ok) return read.response
      const message = completeDto(
        ContainerInfoMessage,
        read.value as Partial<ContainerInfoMessage>,
        ctx.now,
      )

      // The real service calls `new Guid(...)` on the page id and on every item id.
      const pageId = parseGuidField(ctx, message.PageId, 'PageId')
      if (pageId instanceof Response) return pageId
      const containers = message.ContainersInfo ?? []
      for (let i = 0; i < containers.length; i++) {
        const itemId = parseGuidField(
          ctx,
          containers[i]?.ItemId ?? null,
          `ContainersInfo[${i}].ItemId`,
        )
        if (itemId instanceof Response) return itemId
      }

      const { factory } = store
      const enriched: ContainerInfoMessage = {
        ...message,
        PageTitle: pageId === emptyGuid ? message.PageTitle : factory.pageTitle(pageId),
        ContainersInfo: containers.map((container) => enrich(store, container)),
      }
      store.state.containers.set(pageId, enriched)
      store.changed()
      return respond(ctx, ContainerInfoMessage, enriched)
    },
  }
}

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

function parseGuidField(
  ctx: RequestContext,
  value: string | null,
  field: string,
): string | Response {
  if (value === null) {
    return errorResponse(ctx, {
      status: 400,
      errorCode: 'ArgumentNullException',
      statusText: 'ArgumentNullException',
      message: `Value cannot be null.\r\nParameter name: ${field}`,
      errors: [{ FieldName: field, Message: 'Value cannot be null.' }],
    })
  }
  const guid = parseGuid(value)
  if (guid) return guid
  const message =
    value.trim() === ''
      ? 'Unrecognized Guid format.'
      : 'Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).'
  return errorResponse(ctx, {
    status: 400,
    errorCode: 'FormatException',
    statusText: 'FormatException',
    message,
    errors: [{ FieldName: field, Message: message }],
  })
}
