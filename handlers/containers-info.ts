import {
  ContainerInfoMessage,
  completeDto,
  defaultCaller,
  emptyGuid,
  resolveItemType,
  type Caller,
  type ContainerInfoModel,
  type FieldModel,
  type PageNode,
} from '../src/model/index.ts'
import type { Store } from '../src/store/index.ts'
import { defineOperation, parseGuid, ServiceError, type RequestContext } from '../src/wire/index.ts'

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
    const { store } = ctx
    // l.224–229: the empty id keeps the title sent; any other must name a page (N6).
    let pageTitle = message.PageTitle
    let page: PageNode | null = null
    if (pageId !== emptyGuid) {
      page = store.state.pages.get(pageId) ?? null
      if (!page) return pageNotFound(pageId, warn)
      pageTitle = page.Title
    }
    // The getter makes an empty list of a missing one (SF `ContainerInfoMessage.cs`).
    const containers = message.ContainersInfo ?? []
    // Container by container, as l.230–266 go: the item id, its type, then its fields.
    for (const [i, container] of containers.entries()) {
      const path = `ContainersInfo[${i}]`
      if (container == null) return nullReference(path, warn)
      const itemId = parseGuidField(container.ItemId, `${path}.ItemId`, warn)
      if (itemId instanceof ServiceError) return itemId
      const type = resolveItemType(container.ItemType)
      if (!type) return unresolvedType(container.ItemType, path, warn)
      if (container.Fields == null) return nullReference(`${path}.Fields`, warn)
      // l.247: a content item's field is read for its definition; a page control's never.
      const nullField = type.isPageControl
        ? -1
        : container.Fields.findIndex((field) => field === null)
      if (nullField >= 0) return nullReference(`${path}.Fields[${nullField}]`, warn)
    }
    // One caller for the whole answer: `IsAdmin` is theirs, never the item's (issue 39, B1).
    const asked: Asked = { store, page, pageTitle, caller: callerOf(ctx), referer: refererOf(ctx) }
    const enriched: ContainerInfoMessage = {
      ...message,
      PageTitle: pageTitle,
      ContainersInfo: containers.map((container) => enrich(asked, container)),
    }
    store.state.containers.set(pageId, enriched)
    store.changed()
    return enriched
  },
})

/**
 * One container as l.232–267 enrich it: its item's facts, and for a content item (an
 * `ILifecycleDataItem`) every named field's definition; a page control's fields stay as sent.
 */
function enrich(asked: Asked, container: ContainerInfoModel): ContainerInfoModel {
  const { store } = asked
  const itemId = parseGuid(container.ItemId ?? '') ?? ''
  const facts = store.factory.containerFacts({
    itemId,
    itemType: container.ItemType,
    page: asked.page,
    pageTitle: asked.pageTitle,
    caller: asked.caller,
    // Only a TemplateControl looks its page up by the Referer (PageControlStrategy.cs l.162–171).
    refererPage:
      resolveItemType(container.ItemType)?.name === 'TemplateControl'
        ? refererPage(store, asked.referer)
        : null,
  })
  const fields = container.Fields ?? []
  return {
    ...container,
    ...facts,
    Fields: facts.IsPageControl
      ? fields
      : fields.map((field: FieldModel) =>
          // A field with no name has no definition to copy from.
          (field.Name ?? '').trim() === ''
            ? field
            : { ...field, ...store.factory.fieldConstraints(itemId, field.Name ?? '') },
        ),
  }
}

/** What every container of one answer is computed against. */
interface Asked {
  readonly store: Store
  readonly page: PageNode | null
  readonly pageTitle: string | null
  readonly caller: Caller
  readonly referer: string | null
}

/**
 * `ClaimsManager.GetCurrentIdentity().IsUnrestricted`: behind the login wall, the login's role
 * (only an `Administrator` is unrestricted); with no wall, the documented default caller.
 */
function callerOf(ctx: RequestContext): Caller {
  if (ctx.login === null) return defaultCaller
  return { isUnrestricted: ctx.login.role === 'Administrator' }
}

/** The `Referer`'s path, as `UrlReferrer.AbsolutePath` reads it; null when none is sent. */
function refererOf(ctx: RequestContext): string | null {
  const referer = ctx.header('referer')
  if (referer === null) return null
  try {
    return new URL(referer).pathname
  } catch {
    return null
  }
}

/** The page whose URL the path is (`FindSiteMapNode(absolutePath)`): `/about-us`, any case. */
function refererPage(store: Store, path: string | null): PageNode | null {
  if (path === null) return null
  const wanted = safelyDecoded(path).replace(/\/+$/, '').toLowerCase()
  if (wanted === '') return null
  for (const page of store.state.pages.values()) {
    if (page.UrlName && `/${page.UrlName}`.toLowerCase() === wanted) return page
  }
  return null
}

function safelyDecoded(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

// How `InlineEditingService.Post(ContainerInfoMessage)` fails (SF
// `Services/InlineEditing/InlineEditingService.cs` l.220–270), each failure as the real host
// answers it, and what the real answer does not say (the field path, the mock's reason) in
// `X-Mock-Warning`.

type Warn = (text: string) => void

/**
 * A GUID as `new Guid(value)` reads it, or the exception it throws: `ArgumentNullException` for
 * its parameter `g`, `FormatException` (which ServiceStack maps with no field errors).
 */
function parseGuidField(value: string | null, field: string, warn: Warn): string | ServiceError {
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
function nullReference(path: string, warn: Warn): ServiceError {
  warn(`${path} is missing: the real service dereferences it and fails with a 500`)
  return new ServiceError(
    500,
    'NullReferenceException',
    'Object reference not set to an instance of an object.',
  )
}

/**
 * A `PageId` no page has: `PageManager.GetPageNode` rethrows the `ItemNotFoundException` of its
 * `GetItemById<PageNode>` (SF `Modules/Pages/Data/OpenAccessPageProvider.cs` l.103–131, its
 * text from `Data/OA/OpenAccessExtensions.cs` l.52–61, the id as `Guid.ToString()` writes it).
 * It derives from `Exception` alone (SF `Exceptions/ItemNotFoundException.cs`), so ServiceStack
 * answers 500.
 */
function pageNotFound(pageId: string, warn: Warn): ServiceError {
  warn(
    `PageId ${pageId} is no page the mock holds; the real GetPageNode throws. ` +
      'Its pages: GET /__mock/state?kind=Pages; add one: POST /__mock/fixtures {"Pages":[{"Id":…}]}',
  )
  return new ServiceError(
    500,
    'ItemNotFoundException',
    `You are trying to access PageNode item with id ${pageId} that no longer exists. The most probable reason is that it has been deleted by another user.`,
  )
}

/**
 * An `ItemType` the host cannot resolve: `TypeResolutionService.ResolveType(name)` throws an
 * `ArgumentException` (the decompiled CMS catches that type around the call, SF
 * `RelatedData/RelatedDataExtensions.cs` l.513–521), which ServiceStack answers 400. Its text is
 * the CMS's `CannotResolveType` resource (SF `Localization/ErrorMessages.cs` l.1099–1101); the
 * class itself is in an assembly the decompiled sources do not hold (docs/decisions.md §17).
 */
function unresolvedType(typeName: string | null, path: string, warn: Warn): ServiceError {
  warn(
    `${path}.ItemType ${typeName === null ? 'is missing' : `'${typeName.slice(0, 80)}' is no CLR type name`}: ` +
      'the real TypeResolutionService.ResolveType throws (the mock resolves any Namespace.Type name)',
  )
  return new ServiceError(
    400,
    'ArgumentException',
    `Cannot resolve type ${typeName ?? ''}. Please check your spelling and if you have registered the type assembly with TypeResolutionService.`,
  )
}
