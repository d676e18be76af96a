import {
  defaultCaller,
  detailsViewUrlOf,
  emptyGuid,
  itemStatusOf,
  resolveItemType,
  type ContainerInfoMessage,
  type ContainerInfoModel,
  type ItemLifecycle,
  type PageNode,
} from '../model/index.ts'

// The `edge-cases` scenario's containers that hold each inline-editing strategy's edge: the
// states the host answers that a front end is least likely to expect (issue 39). Each is
// computed by the host's own rules (src/model/container-status.ts) from an item's lifecycle,
// as the default caller asks, so none is a state the host could not produce.

/** The page these containers are on; its back-end edit URL is `/strategy-edges/Action/Edit`. */
export function strategyEdgesPage(id: string): PageNode {
  return { Id: id, Title: 'Strategy edges', UrlName: 'strategy-edges' }
}

const lifecycle: ItemLifecycle = {
  workflowStatus: 'Published',
  displayStatus: 'Published',
  isLocked: false,
  isLockedByMe: false,
  lockedBy: '',
  hasLive: true,
  granted: true,
  hasDecisions: true,
}

interface Edge {
  readonly id: string
  readonly type: string
  readonly lifecycle?: Partial<ItemLifecycle>
  readonly findsPage?: boolean
}

function container(edge: Edge, page: PageNode | null): ContainerInfoModel {
  const type = resolveItemType(edge.type)
  if (!type) throw new Error(`Failed to resolve the edge case type ${edge.type}`)
  return {
    ItemId: edge.id,
    ItemType: edge.type,
    DisplayType: type.isPageControl ? type.name : `${type.name} edge`,
    Provider: type.isPageControl ? null : 'OpenAccessDataProvider',
    ItemStatus: itemStatusOf({
      type,
      caller: defaultCaller,
      lifecycle: { ...lifecycle, ...edge.lifecycle },
      findsPage: edge.findsPage ?? false,
    }),
    IsPageControl: type.isPageControl,
    DetailsViewUrl: detailsViewUrlOf(type, page),
    Fields: [],
  }
}

/** Two container pages: one on `pageId`, one on the empty `PageId` (no page at all). */
export function strategyEdges(pageId: string, id: (n: number) => string): ContainerInfoMessage[] {
  const page = strategyEdgesPage(pageId)
  const awaiting = { workflowStatus: 'AwaitingApproval', displayStatus: 'Awaiting approval' }
  const onPage: Edge[] = [
    // WorkflowItemStrategy: awaiting approval, locked by someone else: its status is fixed.
    {
      id: id(1),
      type: 'Telerik.Sitefinity.News.Model.NewsItem',
      lifecycle: { ...awaiting, isLocked: true, lockedBy: 'editor' },
    },
    // A type with no back-end write view: the dialog URL with both names empty.
    { id: id(2), type: 'Cms.Types.NoViews', lifecycle: { workflowStatus: 'Draft' } },
    // Dynamic content: a draft over a live version is still published.
    {
      id: id(3),
      type: 'Telerik.Sitefinity.DynamicTypes.Model.Products.Product',
      lifecycle: { workflowStatus: 'Draft', displayStatus: 'Draft', hasLive: true },
    },
    // GenericItemStrategy: unpublished, yet answered published, and its status not editable.
    {
      id: id(4),
      type: 'Telerik.Sitefinity.GenericContent.Model.ContentItem',
      lifecycle: { workflowStatus: 'Unpublished', displayStatus: 'Unpublished' },
    },
    // PageControlStrategy: a PageControl finds no page, whatever page it is on.
    { id: id(5), type: 'Telerik.Sitefinity.Pages.Model.PageControl' },
    // A PageDraftControl on a page locked by me, awaiting approval.
    {
      id: id(6),
      type: 'Telerik.Sitefinity.Pages.Model.PageDraftControl',
      lifecycle: { ...awaiting, isLocked: true, isLockedByMe: true, lockedBy: 'me' },
      findsPage: true,
    },
  ]
  const noPage: Edge[] = [
    { id: id(7), type: 'Telerik.Sitefinity.Pages.Model.TemplateControl' },
    { id: id(8), type: 'Telerik.Sitefinity.Lists.Model.ListItem' },
  ]
  return [
    {
      PageId: pageId,
      PageTitle: page.Title,
      ContainersInfo: onPage.map((edge) => container(edge, page)),
    },
    {
      PageId: emptyGuid,
      PageTitle: 'No page',
      ContainersInfo: noPage.map((edge) => container(edge, null)),
    },
  ]
}
