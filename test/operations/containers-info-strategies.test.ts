import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type {
  ContainerInfoMessage,
  ContainerInfoModel,
  LifecycleStatusModel,
} from '../../src/index.ts'
import { createStore } from '../../src/index.ts'
import { resolveItemType } from '../../src/model/index.ts'
import { buildApp, pageId as seededPageId, readJson, sendJson } from '../support/index.ts'

// The container info as `InlineEditingService.Post(ContainerInfoMessage)` computes it, strategy
// by strategy (issue 39: B1, G4, G5). Sources, in tno2007/Telerik.Sitefinity.Decompiled at
// 62bc246 (Sitefinity 13.3.7600):
// - `Services/InlineEditing/InlineEditingService.cs` l.230–267 (the loop);
// - `InlineEditing/InlineEditingStrategyFactory.cs` l.18 (which strategy);
// - `InlineEditing/Strategies/WorkflowItemStrategy.cs`, `GenericItemStrategy.cs`,
//   `PageControlStrategy.cs` (GetItemStatus, GetDetailsViewUrl);
// - `InlineEditing/InlineEditingHelper.cs` (GetItemLifecycleStatus l.129–174,
//   GetContentLifecycleStatus l.176–196, GetDynamicContentLifecycleStatus l.198–213,
//   ApplyWorkflowRestrictions l.215–223, GetPageControlLifecycleStatus l.225–253).

const path = '/RestApi/cms/inlineediting/containersInfo'
const emptyGuid = '00000000-0000-0000-0000-000000000000'
const store = createStore({ seed: 1 })
const pageId = seededPageId(store, 2)
const page = store.state.pages.get(pageId)!
const ids = Array.from(
  { length: 40 },
  (_, n) => `7c9e6679-7425-40de-944b-${String(n).padStart(12, '0')}`,
)

const types = {
  news: 'Telerik.Sitefinity.News.Model.NewsItem',
  event: 'Cms.Events.Model.Event',
  blogPost: 'Telerik.Sitefinity.Blogs.Model.BlogPost',
  noViews: 'Cms.Types.Empty',
  dynamic: 'Telerik.Sitefinity.DynamicTypes.Model.Products.Product',
  contentItem: 'Telerik.Sitefinity.GenericContent.Model.ContentItem',
  listItem: 'Telerik.Sitefinity.Lists.Model.ListItem',
  pageControl: 'Telerik.Sitefinity.Pages.Model.PageControl',
  draftControl: 'Telerik.Sitefinity.Pages.Model.PageDraftControl',
  templateControl: 'Telerik.Sitefinity.Pages.Model.TemplateControl',
  formControl: 'Telerik.Sitefinity.Forms.Model.FormControl, Telerik.Sitefinity.Model',
} as const

interface Ask {
  readonly type: string
  readonly page?: string
  readonly headers?: Record<string, string>
  readonly app?: ReturnType<typeof buildApp>['app']
}

/** The answer's containers for the same ids, all of one type. */
async function containersOf(ask: Ask): Promise<ContainerInfoModel[]> {
  const app = ask.app ?? buildApp().app
  const sent = {
    PageId: ask.page ?? pageId,
    ContainersInfo: ids.map((ItemId) => ({ ItemId, ItemType: ask.type, Fields: [] })),
  }
  const response = await sendJson(app, 'POST', path, sent, ask.headers)
  expect(response.status).toBe(200)
  return ((await readJson(response)) as ContainerInfoMessage).ContainersInfo ?? []
}

function statusesOf(containers: ContainerInfoModel[]): LifecycleStatusModel[] {
  return containers.map((container) => container.ItemStatus!)
}

/** The dialog URL of WorkflowItemStrategy.cs l.113–122 and GenericItemStrategy.cs l.180. */
function dialog(definition: string, view: string): string {
  return `/Sitefinity/Dialog/ContentViewEditDialog?ControlDefinitionName=${definition}&ViewName=${view}&IsInlineEditingMode=true`
}

/** ApplyWorkflowRestrictions (InlineEditingHelper.cs l.215–223), the state being WorkflowStatus. */
function restricted(isPublished: boolean | null, state: string | null): boolean {
  return !(isPublished !== true && state !== 'Draft' && state !== 'Published')
}

describe('containersInfo: WorkflowItemStrategy (an approval-workflow item)', () => {
  it.each([
    // WorkflowItemStrategy.cs l.104–112 with the CMS's own definition names
    // (Services/RelatedData/RelatedDataResponseHelper.cs l.36–61).
    [types.news, dialog('NewsBackend', 'NewsBackendEdit')],
    [types.event, dialog('EventsBackend', 'EventsBackendEdit')],
    [types.blogPost, dialog('PostsBackend', 'BlogsBackendEditPost')],
    // l.106–112: a type with no write view leaves both names empty.
    [types.noViews, dialog('', '')],
  ])('answers %s the back-end edit dialog %s, on a page or not', async (type, url) => {
    for (const page of [pageId, emptyGuid]) {
      for (const container of await containersOf({ type, page })) {
        expect(container.DetailsViewUrl).toBe(url)
      }
    }
  })

  it('answers the content lifecycle: published exactly when Published, no lock owner, IsStatusEditable by ApplyWorkflowRestrictions', async () => {
    const statuses = statusesOf(await containersOf({ type: types.news }))
    // InlineEditingHelper.cs l.194: `IsPublished = WorkflowStatus == "Published"`.
    for (const status of statuses) {
      expect(status.IsPublished).toBe(status.WorkflowStatus === 'Published')
      // l.186–193 never sets LockedByUsername: null, left out.
      expect(status).not.toHaveProperty('LockedByUsername')
      expect(status.IsStatusEditable).toBe(restricted(status.IsPublished, status.WorkflowStatus))
    }
    // Draft is always status-editable; an item awaiting approval never (l.220).
    expect(statuses.some((s) => s.WorkflowStatus === 'Draft' && s.IsStatusEditable)).toBe(true)
    expect(statuses.some((s) => s.WorkflowStatus === 'AwaitingApproval')).toBe(true)
    for (const status of statuses.filter((s) => s.WorkflowStatus === 'AwaitingApproval')) {
      expect(status.IsStatusEditable).toBe(false)
    }
  })
})

describe('containersInfo: dynamic content (WorkflowItemStrategy, DynamicContent)', () => {
  it('answers the dialog named after the type (WorkflowItemStrategy.cs l.99–103, ModuleNamesGenerator.cs l.35–40, l.124–129)', async () => {
    for (const container of await containersOf({ type: types.dynamic })) {
      expect(container.DetailsViewUrl).toBe(
        dialog(
          'Telerik.Sitefinity.DynamicTypes.Model.Products.ProductBackendDefinition',
          'ProductBackendEditView',
        ),
      )
    }
  })

  it('answers the lifecycle of the item, where a live version under a draft keeps IsPublished (InlineEditingHelper.cs l.198–213)', async () => {
    const statuses = statusesOf(await containersOf({ type: types.dynamic }))
    for (const status of statuses) {
      expect(status.IsStatusEditable).toBe(restricted(status.IsPublished, status.WorkflowStatus))
      if (status.WorkflowStatus === 'Published') expect(status.IsPublished).toBe(true)
      if (status.WorkflowStatus === 'Unpublished') expect(status.IsPublished).toBe(false)
    }
    // A state only dynamic content has: a pending version over a published one.
    const pending = statuses.filter((s) => s.WorkflowStatus !== 'Published' && s.IsPublished)
    expect(pending.length).toBeGreaterThan(0)
    for (const status of pending) expect(status.IsStatusEditable).toBe(true)
  })
})

describe('containersInfo: GenericItemStrategy (shared content, list items)', () => {
  it.each([
    // GenericItemStrategy.cs l.177–181; ContentDefinitions.cs l.58, 67; RelatedDataResponseHelper.cs l.72–78.
    [types.contentItem, dialog('ContentBackend', 'ContentBackendEdit')],
    [types.listItem, dialog('ItemsBackend', 'ListsBackendEditItem')],
  ])('answers %s the dialog %s', async (type, url) => {
    for (const container of await containersOf({ type })) {
      expect(container.DetailsViewUrl).toBe(url)
    }
  })

  it('answers IsPublished true whatever the state, set after ApplyWorkflowRestrictions ran (GenericItemStrategy.cs l.166–173)', async () => {
    const statuses = statusesOf(await containersOf({ type: types.contentItem }))
    for (const status of statuses) {
      expect(status.IsPublished).toBe(true)
      expect(['Published', 'Draft', 'Unpublished']).toContain(status.WorkflowStatus)
      // The restriction saw `IsPublished = WorkflowStatus == "Published"`, before l.172.
      expect(status.IsStatusEditable).toBe(status.WorkflowStatus !== 'Unpublished')
    }
    // The edge the strategy has: published, yet its status cannot be changed.
    expect(statuses.some((s) => s.WorkflowStatus === 'Unpublished')).toBe(true)
  })
})

describe('containersInfo: PageControlStrategy', () => {
  // PageControlStrategy.cs l.175–180: `new LifecycleStatusModel { IsEditable = false,
  // IsStatusEditable = false, IsPublished = true }`; the other bools keep C#'s false.
  const fixed = {
    IsAdmin: false,
    IsEditable: false,
    IsStatusEditable: false,
    IsLocked: false,
    IsPublished: true,
    IsLockedByMe: false,
  }

  it.each([types.pageControl, types.formControl, types.templateControl])(
    'answers a %s that finds no page the fixed read-only, published status',
    async (type) => {
      for (const status of statusesOf(await containersOf({ type }))) {
        expect(status).toStrictEqual(fixed)
      }
    },
  )

  it('answers the page back-end edit URL on a page, and "" on the empty PageId (PageControlStrategy.cs l.187–211)', async () => {
    for (const type of [types.pageControl, types.draftControl, types.templateControl]) {
      for (const container of await containersOf({ type })) {
        // PageExtensions.cs l.58–64, l.346–376: the page's URL and `/Action/Edit`, rooted.
        expect(container.DetailsViewUrl).toBe(`/${page.UrlName}/Action/Edit`)
      }
      for (const container of await containersOf({ type, page: emptyGuid })) {
        expect(container.DetailsViewUrl).toBe('')
      }
    }
  })

  it("answers a PageDraftControl its page's status, the same for every control on it (l.157–161, l.173–174)", async () => {
    const statuses = statusesOf(await containersOf({ type: types.draftControl }))
    expect(new Set(statuses.map((s) => JSON.stringify(s))).size).toBe(1)
    const [status] = statuses
    // GetPageControlLifecycleStatus l.232–246: the page's lock, `Live`, and the caller's IsAdmin.
    expect(status?.IsAdmin).toBe(true)
    expect(status?.IsPublished).toBe(status?.WorkflowStatus === 'Published')
    expect(status?.IsStatusEditable).toBe(restricted(status!.IsPublished, status!.WorkflowStatus))
    // `CommonMethods.GetUserName(Guid.Empty)` is "" (Fluent/Content/CommonMethods.cs l.167).
    expect(typeof status?.LockedByUsername).toBe('string')
    if (status?.IsLocked === false) expect(status.LockedByUsername).toBe('')
  })

  it("answers a TemplateControl its page's status only with a Referer naming the page (l.162–172)", async () => {
    const [draft] = statusesOf(await containersOf({ type: types.draftControl }))
    const referer = { Referer: `http://localhost:5173/${page.UrlName}` }
    for (const status of statusesOf(
      await containersOf({ type: types.templateControl, headers: referer }),
    )) {
      expect(status).toStrictEqual(draft)
    }
    const elsewhere = { Referer: 'http://localhost:5173/no-such-page' }
    for (const status of statusesOf(
      await containersOf({ type: types.templateControl, headers: elsewhere }),
    )) {
      expect(status).toStrictEqual(fixed)
    }
  })
})

describe('containersInfo: IsAdmin is the caller’s (B1)', () => {
  function walledApp(role: 'BackendUser' | 'Administrator') {
    const { app, mock } = buildApp({ auth: 'claims' })
    const ticket = mock.login({ role })
    return { app, headers: { Authorization: ticket.Authorization } }
  }

  it.each([
    ['no login wall (the default caller, an administrator)', null, true],
    ['--auth, a back-end user', 'BackendUser', false],
    ['--auth, a back-end administrator', 'Administrator', true],
  ] as const)('answers %s IsAdmin %s on every computed status', async (_, role, isAdmin) => {
    const asked = role === null ? { app: buildApp().app, headers: {} } : walledApp(role)
    for (const type of [types.news, types.dynamic, types.contentItem, types.draftControl]) {
      for (const status of statusesOf(await containersOf({ type, ...asked }))) {
        expect(status.IsAdmin).toBe(isAdmin)
      }
    }
  })

  it('answers a restricted caller some items it cannot edit, and an administrator none', async () => {
    const user = statusesOf(await containersOf({ type: types.news, ...walledApp('BackendUser') }))
    expect(user.some((s) => s.IsEditable === false)).toBe(true)
    // l.162–170: no workflow decision for the caller: not editable, and the prompt says so.
    expect(user.some((s) => s.DisplayStatus === 'You are not allowed to edit this item')).toBe(true)
    const admin = statusesOf(
      await containersOf({ type: types.news, ...walledApp('Administrator') }),
    )
    expect(admin.every((s) => s.IsEditable === true)).toBe(true)
  })

  // Any mix of types, callers and pages: one IsAdmin for every status computed from the caller,
  // and IsStatusEditable as ApplyWorkflowRestrictions gives it.
  it('never answers two IsAdmin values, nor an IsStatusEditable the host’s rule would not give', async () => {
    const apps = {
      none: { app: buildApp().app, headers: {}, isAdmin: true },
      user: { ...walledApp('BackendUser'), isAdmin: false },
      admin: { ...walledApp('Administrator'), isAdmin: true },
    }
    const typeNames = Object.values(types)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('none', 'user', 'admin' as const),
        fc.constantFrom(pageId, emptyGuid),
        fc.array(fc.tuple(fc.uuid(), fc.constantFrom(...typeNames)), {
          minLength: 1,
          maxLength: 8,
        }),
        async (who, page, items) => {
          const { app, headers, isAdmin } = apps[who as keyof typeof apps]
          const sent = {
            PageId: page,
            ContainersInfo: items.map(([ItemId, ItemType]) => ({ ItemId, ItemType, Fields: [] })),
          }
          const response = await sendJson(app, 'POST', path, sent, headers)
          const body = (await readJson(response)) as ContainerInfoMessage
          const admins = new Set<boolean | null | undefined>()
          for (const container of body.ContainersInfo ?? []) {
            const status = container.ItemStatus!
            const strategy = resolveItemType(container.ItemType)!.strategy
            const fixedStatus = strategy === 'page-control' && status.WorkflowStatus === undefined
            if (!fixedStatus) admins.add(status.IsAdmin)
            const expected = fixedStatus
              ? false
              : strategy === 'generic'
                ? restricted(status.WorkflowStatus === 'Published', status.WorkflowStatus)
                : restricted(status.IsPublished, status.WorkflowStatus)
            expect(status.IsStatusEditable).toBe(expected)
          }
          expect(admins.size).toBeLessThanOrEqual(1)
          if (admins.size === 1) expect([...admins][0]).toBe(isAdmin)
        },
      ),
      { numRuns: 60 },
    )
  })
})
