import type { ItemType } from './item-types.ts'
import type { PageNode } from './page.ts'

// The container's `DetailsViewUrl`, strategy by strategy, as `InlineEditingService` answers it
// beside the status (container-status.ts).

// `ControlDefinitionName` and `ViewName` of the built-in types' back-end edit dialogs (SF
// `Services/RelatedData/RelatedDataResponseHelper.cs` l.33–116, `Modules/GenericContent/
// ContentDefinitions.cs` l.58, 67; the images' the inline-editing resolvers use themselves,
// `InlineEditing/Resolvers/ImageControlResolver.cs` l.75).
const editDialogs: Readonly<Record<string, readonly [string, string]>> = {
  NewsItem: ['NewsBackend', 'NewsBackendEdit'],
  Event: ['EventsBackend', 'EventsBackendEdit'],
  BlogPost: ['PostsBackend', 'BlogsBackendEditPost'],
  Image: ['ImagesBackend', 'ImagesBackendEdit'],
  Video: ['VideosBackend', 'VideosBackendEdit'],
  Document: ['DocumentsBackend', 'DocumentsBackendEdit'],
  ContentItem: ['ContentBackend', 'ContentBackendEdit'],
  ListItem: ['ItemsBackend', 'ListsBackendEditItem'],
}

/** `ModuleNamesGenerator.PrepareNameForQueryString` (SF `…/ModuleNamesGenerator.cs` l.189). */
function forQueryString(name: string): string {
  return name.replaceAll('?', '').replaceAll('&', '')
}

/**
 * The container's `DetailsViewUrl`, as its strategy's `GetDetailsViewUrl(type, pageNode)` answers
 * it, `pageNode` being the message's page (null for the empty `PageId`), on a site at `/`.
 */
export function detailsViewUrlOf(type: ItemType, page: PageNode | null): string {
  switch (type.strategy) {
    case 'page-control':
      return pageEditUrl(page)
    case 'dynamic':
      // WorkflowItemStrategy.cs l.99–103; ModuleNamesGenerator.cs l.35–40, l.124–129: the
      // dialog named after the type's full name and its display name (the mock's: its short name).
      return editDialogUrl(
        `${forQueryString(type.fullName)}BackendDefinition`,
        `${forQueryString(type.name)}BackendEditView`,
      )
    case 'workflow':
    case 'generic': {
      // WorkflowItemStrategy.cs l.104–112: a type with no write view leaves both names empty.
      const [definition, view] = editDialogs[type.name] ?? ['', '']
      return editDialogUrl(definition, view)
    }
  }
}

/** WorkflowItemStrategy.cs l.113–122, GenericItemStrategy.cs l.177–181. */
function editDialogUrl(definition: string, view: string): string {
  return `/Sitefinity/Dialog/ContentViewEditDialog?ControlDefinitionName=${definition}&ViewName=${view}&IsInlineEditingMode=true`
}

/**
 * PageControlStrategy.cs l.187–211: `""` with no page; else the page's back-end URL for the
 * `Edit` action, rooted, without its trailing slash: the page's URL and `/Action/Edit` (SF
 * `Modules/Pages/PageExtensions.cs` l.58–64, l.346–376; `Web/PageSiteNodeExtensions.cs`
 * l.100–104). One language and one site: no `/culture`, no `sf_site` (decisions.md §24).
 */
function pageEditUrl(page: PageNode | null): string {
  if (page === null) return ''
  const segment = page.UrlName ?? ''
  return segment === '' ? '/Action/Edit' : `/${segment}/Action/Edit`
}
