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
import {
  nullReference,
  pageNotFound,
  parseGuidField,
  unresolvedType,
} from './containers-info-errors.ts'

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
