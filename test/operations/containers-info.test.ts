import { describe, expect, it } from 'vitest'
import type { ContainerInfoMessage } from '../../src/index.ts'
import { createStore } from '../../src/index.ts'
import {
  buildApp,
  pageId as seededPageId,
  readJson,
  readState,
  sendJson,
  startServer,
} from '../support/index.ts'

const path = '/RestApi/cms/inlineediting/containersInfo'

/** A page seed 1 holds, as `buildApp()`'s store does. */
const pageId = seededPageId(createStore({ seed: 1 }), 5)
const newsId = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const productId = 'd9428888-122b-41b5-a2e1-3c1a6a7e2f9b'
const emptyGuid = '00000000-0000-0000-0000-000000000000'
const newsType = 'Cms.News.Model.NewsItem'
const pageControlType = 'Telerik.Sitefinity.Pages.Model.PageControl'

/** A message as the CMS's own inline-editing script sends it (servicestack-wire.md 10.1). */
function message(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    PageId: pageId,
    PageTitle: '',
    ContainersInfo: [
      {
        ItemId: newsId,
        ItemType: 'Cms.News.Model.NewsItem',
        Provider: 'OpenAccessDataProvider',
        Status: '',
        Fields: [{ Name: 'Title' }, { Name: 'Summary' }, { Name: 'PublicationDate' }],
      },
      {
        ItemId: productId,
        ItemType: 'Cms.DynamicTypes.Model.Products.Product',
        Provider: 'OpenAccessProvider2',
        Fields: [{ Name: 'Title' }, { Name: 'Price' }],
      },
    ],
    ...overrides,
  }
}

describe('POST /RestApi/{product}/inlineediting/containersInfo: refusals', () => {
  it.each([
    ['missing', { PageId: undefined }],
    ['null', { PageId: null }],
  ])('answers 400 ArgumentNullException when the PageId is %s', async (_, overrides) => {
    const { app } = buildApp()
    const response = await sendJson(app, 'POST', path, message(overrides))
    expect(response.status).toBe(400)
    expect(response.statusText).toBe('ArgumentNullException')
    const { ResponseStatus } = await readJson(response)
    // `new Guid(null)`: the parameter is `g`; the field path is the mock's warning (issue 18).
    expect(ResponseStatus.ErrorCode).toBe('ArgumentNullException')
    expect(ResponseStatus.Message).toBe('Value cannot be null.\r\nParameter name: g')
    expect(ResponseStatus.Errors).toEqual([
      { ErrorCode: 'ArgumentNullException', FieldName: 'g', Message: 'Value cannot be null.' },
    ])
    expect(response.headers.get('x-mock-warning')).toContain('PageId is missing')
  })

  it.each([
    'not-a-guid',
    '',
    '3f2504e0-4f89-41d3-9a0c',
    '3f2504e0-4f89-41d3-9a0c-0305e82c330g',
    '12345',
  ])('answers 400 FormatException for the PageId %j', async (value) => {
    const { app, store } = buildApp()
    const count = store.state.containers.size
    const response = await sendJson(app, 'POST', path, message({ PageId: value }))
    expect(response.status).toBe(400)
    expect(response.statusText).toBe('FormatException')
    const { ResponseStatus } = await readJson(response)
    expect(ResponseStatus.ErrorCode).toBe('FormatException')
    expect(ResponseStatus.Errors).toEqual([])
    expect(response.headers.get('x-mock-warning')).toContain('PageId is not a GUID')
    expect(store.state.containers.size).toBe(count)
  })

  it('answers 400 FormatException, naming ContainersInfo[1].ItemId in the warning, when that id is malformed', async () => {
    const { app } = buildApp()
    const body = message()
    const containers = body.ContainersInfo as Record<string, unknown>[]
    ;(containers[1] as Record<string, unknown>).ItemId = 'item-two'
    const response = await sendJson(app, 'POST', path, body)
    expect(response.status).toBe(400)
    const { ResponseStatus } = await readJson(response)
    expect(ResponseStatus.ErrorCode).toBe('FormatException')
    expect(ResponseStatus.Errors).toEqual([])
    expect(response.headers.get('x-mock-warning')).toContain(
      'ContainersInfo[1].ItemId is not a GUID',
    )
  })

  it('answers 400 ArgumentNullException, naming ContainersInfo[0].ItemId in the warning, when that id is missing', async () => {
    const { app } = buildApp()
    const body = message()
    const containers = body.ContainersInfo as Record<string, unknown>[]
    delete (containers[0] as Record<string, unknown>).ItemId
    const response = await sendJson(app, 'POST', path, body)
    expect(response.status).toBe(400)
    const { ResponseStatus } = await readJson(response)
    expect(ResponseStatus.ErrorCode).toBe('ArgumentNullException')
    expect(ResponseStatus.Errors[0]).toMatchObject({ FieldName: 'g' })
    expect(response.headers.get('x-mock-warning')).toContain('ContainersInfo[0].ItemId is missing')
  })

  it.each([
    [
      'without Fields',
      [{ ItemId: newsId, ItemType: newsType }],
      'ContainersInfo[0].Fields is missing',
    ],
    ['that is null', [null], 'ContainersInfo[0] is missing'],
  ])(
    'answers a container %s with the 500 the real service throws',
    async (_, containers, warning) => {
      const { app, store } = buildApp()
      const count = store.state.containers.size
      const response = await sendJson(app, 'POST', path, message({ ContainersInfo: containers }))
      expect(response.status).toBe(500)
      const { ResponseStatus } = await readJson(response)
      expect(ResponseStatus).toMatchObject({
        ErrorCode: 'NullReferenceException',
        Message: 'Object reference not set to an instance of an object.',
        Errors: [],
      })
      expect(response.headers.get('x-mock-warning')).toContain(warning)
      expect(store.state.containers.size).toBe(count)
    },
  )
})

describe('POST /RestApi/{product}/inlineediting/containersInfo: enrichment', () => {
  it.each([
    '/RestApi/cms/inlineediting/containersInfo',
    '/RestApi/sitefinity/inlineediting/containersInfo',
    '/RestApi/Sitefinity/InlineEditing/ContainersInfo',
    '/restapi/MyProduct/INLINEEDITING/containersinfo',
  ])('answers 200 on %s', async (url) => {
    const { app } = buildApp()
    const response = await sendJson(app, 'POST', url, message())
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect((await readJson(response)).ContainersInfo).toHaveLength(2)
  })

  it('answers the same enrichment whatever the product segment', async () => {
    const { app } = buildApp()
    const cms = await (await sendJson(app, 'POST', path, message())).text()
    const other = await (
      await sendJson(app, 'POST', '/RestApi/sitefinity/inlineediting/containersInfo', message())
    ).text()
    expect(other).toBe(cms)
  })

  it('fills PageTitle and each container’s status, flags, URL and display type, keeping what was sent', async () => {
    const { app } = buildApp()
    const response = await sendJson(app, 'POST', path, message())
    expect(response.status).toBe(200)
    const body = (await readJson(response)) as ContainerInfoMessage
    expect(body.PageId).toBe(pageId)
    expect(typeof body.PageTitle).toBe('string')
    expect(body.PageTitle).not.toBe('')

    const [news, product] = body.ContainersInfo ?? []
    expect(news).toMatchObject({
      ItemId: newsId,
      ItemType: 'Cms.News.Model.NewsItem',
      Provider: 'OpenAccessDataProvider',
      // A content item is named by its title (`InlineEditingHelper.cs` l.123–127).
      DisplayType: expect.stringMatching(/^[A-Z]/),
    })
    expect(product).toMatchObject({
      ItemId: productId,
      ItemType: 'Cms.DynamicTypes.Model.Products.Product',
      Provider: 'OpenAccessProvider2',
      DisplayType: expect.stringMatching(/^[A-Z]/),
    })
    for (const container of [news, product]) {
      expect(typeof container?.IsPageControl).toBe('boolean')
      expect(container?.ItemStatus).toMatchObject({
        DisplayStatus: expect.any(String),
        WorkflowStatus: expect.any(String),
        IsAdmin: expect.any(Boolean),
        IsEditable: expect.any(Boolean),
        IsStatusEditable: expect.any(Boolean),
        IsLocked: expect.any(Boolean),
        IsPublished: expect.any(Boolean),
        IsLockedByMe: expect.any(Boolean),
      })
    }
    expect(news?.Fields?.map((field) => field.Name)).toEqual([
      'Title',
      'Summary',
      'PublicationDate',
    ])
    expect(product?.Fields?.map((field) => field.Name)).toEqual(['Title', 'Price'])
  })

  // SF `InlineEditingService.cs` l.238, 242: `typeof(ControlData).IsAssignableFrom(type)`, so the
  // same item id is a page control or not by its ItemType alone.
  it.each([
    {
      behaviour: 'links a content item to its back-end edit dialog',
      itemType: newsType,
      isPageControl: false,
      detailsViewUrl: expect.stringMatching(/^\/Sitefinity\/Dialog\/ContentViewEditDialog\?/),
    },
    {
      behaviour: "makes a ControlData type a page control, linked to its page's back-end editor",
      itemType: pageControlType,
      isPageControl: true,
      detailsViewUrl: expect.stringMatching(/^\/[^/]+\/Action\/Edit$/),
    },
  ])('$behaviour', async ({ itemType, isPageControl, detailsViewUrl }) => {
    const { app } = buildApp()
    const sent = message({
      ContainersInfo: [{ ItemId: newsId, ItemType: itemType, Fields: [] }],
    })
    const body = (await readJson(await sendJson(app, 'POST', path, sent))) as ContainerInfoMessage
    const [container] = body.ContainersInfo ?? []
    expect(container?.IsPageControl).toBe(isPageControl)
    expect(container?.DetailsViewUrl).toEqual(detailsViewUrl)
  })

  // `InlineEditingHelper.cs` l.123–127: a page control is named by its CLR short name; a
  // TemplateControl by the page's title.
  it.each([
    [pageControlType, 'PageControl'],
    ['Telerik.Sitefinity.Pages.Model.TemplateControl', 'the page title'],
  ])('names a %s %s', async (itemType, expected) => {
    const { app, store } = buildApp()
    const sent = message({ ContainersInfo: [{ ItemId: newsId, ItemType: itemType, Fields: [] }] })
    const body = (await readJson(await sendJson(app, 'POST', path, sent))) as ContainerInfoMessage
    const title = store.state.pages.get(pageId)?.Title
    expect(body.ContainersInfo?.[0]?.DisplayType).toBe(
      expected === 'the page title' ? title : expected,
    )
  })

  // `InlineEditingService.cs` l.252–263 and `PublicControlsResources.cs` l.391–402: constant
  // messages on every defined field, int lengths, and MinDate/MaxDate never touched.
  it('fills every field with the constant violation messages, int lengths and no dates', async () => {
    const { app } = buildApp()
    const body = (await readJson(
      await sendJson(app, 'POST', path, message()),
    )) as ContainerInfoMessage
    const [news, product] = body.ContainersInfo ?? []
    const fields = [...(news?.Fields ?? []), ...(product?.Fields ?? [])]
    expect(fields).toHaveLength(5)
    for (const field of fields) {
      expect(field).toMatchObject({
        RequiredViolationMessage: 'This field is required! ',
        MinLengthViolationMessage: 'The input is too short',
        MaxLengthViolationMessage: 'The input is too long',
        MinLength: expect.any(Number),
        MaxLength: expect.any(Number),
      })
      expect(field.MinDate).toBeUndefined()
      expect(field.MaxDate).toBeUndefined()
    }
    expect(news?.Fields?.[0]).toMatchObject({ Name: 'Title', Required: 'required' })
    expect(product?.Fields?.[1]).toMatchObject({
      Name: 'Price',
      MinValue: expect.any(Number),
      MaxValue: expect.any(Number),
    })
  })

  it('keeps the MinDate and MaxDate a field was sent with', async () => {
    const { app } = buildApp()
    const sent = message({
      ContainersInfo: [
        {
          ItemId: newsId,
          ItemType: newsType,
          Fields: [{ Name: 'PublicationDate', MinDate: '2020-01-01', MaxDate: 'later' }],
        },
      ],
    })
    const body = (await readJson(await sendJson(app, 'POST', path, sent))) as ContainerInfoMessage
    expect(body.ContainersInfo?.[0]?.Fields?.[0]).toMatchObject({
      MinDate: '2020-01-01',
      MaxDate: 'later',
      RequiredViolationMessage: 'This field is required! ',
    })
  })

  // l.245: only an `ILifecycleDataItem`'s fields are enriched; a page control is none.
  it('leaves a page control’s fields as sent', async () => {
    const { app } = buildApp()
    const fields = [{ Name: 'Title', Required: 'mine' }, { Name: 'Text' }]
    const sent = message({
      ContainersInfo: [{ ItemId: newsId, ItemType: pageControlType, Fields: fields }],
    })
    const body = (await readJson(await sendJson(app, 'POST', path, sent))) as ContainerInfoMessage
    expect(body.ContainersInfo?.[0]?.Fields).toEqual(fields)
  })

  it('keeps a PageTitle sent for the empty page id', async () => {
    const { app } = buildApp()
    const body = await readJson(
      await sendJson(app, 'POST', path, message({ PageId: emptyGuid, PageTitle: 'Mine' })),
    )
    expect(body.PageTitle).toBe('Mine')
  })

  it('accepts the PageId in N form and gives it the same title as the D form', async () => {
    const { app } = buildApp()
    const dashed = await readJson(await sendJson(app, 'POST', path, message()))
    const nForm = await sendJson(
      app,
      'POST',
      path,
      message({ PageId: pageId.replaceAll('-', '').toUpperCase() }),
    )
    expect(nForm.status).toBe(200)
    const body = await readJson(nForm)
    expect(body.PageTitle).toBe(dashed.PageTitle)
    expect(JSON.stringify(body.ContainersInfo)).toBe(JSON.stringify(dashed.ContainersInfo))
  })

  it('answers the same enrichment for the same ItemId from two fresh stores of the same seed', async () => {
    const first = await (await sendJson(buildApp().app, 'POST', path, message())).text()
    const second = await (await sendJson(buildApp().app, 'POST', path, message())).text()
    expect(second).toBe(first)
  })

  it('answers another enrichment from another seed', async () => {
    // The empty page id is looked up nowhere, so both seeds take it.
    const sent = message({ PageId: emptyGuid })
    const one = await readJson(await sendJson(buildApp().app, 'POST', path, sent))
    const seven = await readJson(
      await sendJson(buildApp({ store: createStore({ seed: 7 }) }).app, 'POST', path, sent),
    )
    expect(JSON.stringify(seven.ContainersInfo)).not.toBe(JSON.stringify(one.ContainersInfo))
  })

  it('answers a seeded page’s own facts and constraints when its items are submitted', async () => {
    const { app, store } = buildApp()
    const seeded = Array.from(store.state.containers.values())[0]
    if (!seeded) throw new Error('Failed to find a seeded container page')
    const before = (await readState(app)).Containers?.[0]
    const submitted = {
      PageId: seeded.PageId,
      PageTitle: '',
      ContainersInfo: (seeded.ContainersInfo ?? []).map((container) => ({
        ItemId: container.ItemId,
        ItemType: container.ItemType,
        Provider: container.Provider,
        Fields: (container.Fields ?? []).map((field) => ({ Name: field.Name })),
      })),
    }
    const response = await sendJson(app, 'POST', path, submitted)
    expect(response.status).toBe(200)
    expect(await readJson(response)).toEqual(before)
  })

  it('stores the enriched message under its page in /__mock/state', async () => {
    const { app, store } = buildApp()
    const count = store.state.containers.size
    const answer = await readJson(await sendJson(app, 'POST', path, message()))
    const state = await readState(app)
    expect(state.Containers).toHaveLength(count + 1)
    expect(state.Containers?.find((page) => page.PageId === pageId)).toEqual(answer)
  })
})

// SF `Services/InlineEditing/InlineEditingService.cs` l.243–247: each field of an
// `ILifecycleDataItem` is read (`field.Name`), so a null one throws; a page control's fields
// are never read.
describe('POST containersInfo: a null item in Fields', () => {
  it('answers the 500 NullReferenceException for a content item, naming the field in the warning', async () => {
    const { app } = buildApp()
    const sent = message({
      ContainersInfo: [{ ItemId: newsId, ItemType: newsType, Fields: [{ Name: 'Title' }, null] }],
    })
    const response = await sendJson(app, 'POST', path, sent)
    expect(response.status).toBe(500)
    expect((await readJson(response)).ResponseStatus.ErrorCode).toBe('NullReferenceException')
    expect(response.headers.get('x-mock-warning')).toContain(
      'ContainersInfo[0].Fields[1] is missing',
    )
  })

  it('keeps the null in a page control’s fields (found by npm run fuzz)', async () => {
    const { app } = buildApp()
    const sent = message({
      ContainersInfo: [
        { ItemId: newsId, ItemType: pageControlType, Fields: [null, { Name: 'Title' }] },
      ],
    })
    const response = await sendJson(app, 'POST', path, sent)
    expect(response.status).toBe(200)
    const body = (await readJson(response)) as ContainerInfoMessage
    expect(body.ContainersInfo?.[0]?.Fields).toEqual([null, { Name: 'Title' }])
  })
})

// SF `Services/InlineEditing/InlineEditingService.cs` l.224–228 → `PageManager.GetPageNode`:
// `Modules/Pages/Data/OpenAccessPageProvider.cs` l.103–131 rethrows the `ItemNotFoundException`
// of `Data/OA/OpenAccessExtensions.cs` l.52–61, a plain `Exception`
// (`Exceptions/ItemNotFoundException.cs`), which ServiceStack answers 500.
describe('POST containersInfo: pages', () => {
  const unknownPage = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'

  it('answers 500 ItemNotFoundException for a PageId no page has, naming the pages in the warning', async () => {
    const { app, store } = buildApp()
    const count = store.state.containers.size
    const response = await sendJson(
      app,
      'POST',
      path,
      message({ PageId: unknownPage.toUpperCase() }),
    )
    expect(response.status).toBe(500)
    expect(response.statusText).toBe('ItemNotFoundException')
    expect((await readJson(response)).ResponseStatus).toEqual({
      ErrorCode: 'ItemNotFoundException',
      Message: `You are trying to access PageNode item with id ${unknownPage} that no longer exists. The most probable reason is that it has been deleted by another user.`,
      Errors: [],
    })
    const warning = response.headers.get('x-mock-warning') ?? ''
    expect(warning).toContain(`PageId ${unknownPage} is no page the mock holds`)
    expect(warning).toContain('/__mock/state?kind=Pages')
    expect(store.state.containers.size).toBe(count)
  })

  it('answers the same 500 over the Node server, reason phrase and warning included', async () => {
    const server = await startServer()
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(message({ PageId: unknownPage })),
    })
    expect(response.status).toBe(500)
    expect(response.statusText).toBe('ItemNotFoundException')
    expect(response.headers.get('x-mock-warning')).toContain('/__mock/state?kind=Pages')
    expect((await readJson(response)).ResponseStatus.ErrorCode).toBe('ItemNotFoundException')
  })

  it('checks the page before any container', async () => {
    const { app } = buildApp()
    const sent = message({ PageId: unknownPage, ContainersInfo: [{ ItemId: 'bad' }] })
    expect((await sendJson(app, 'POST', path, sent)).status).toBe(500)
  })

  it("answers the seeded page's own title, whatever PageTitle was sent", async () => {
    const { app, store } = buildApp()
    const body = await readJson(await sendJson(app, 'POST', path, message({ PageTitle: 'Sent' })))
    expect(body.PageTitle).toBe(store.state.pages.get(pageId)?.Title)
    expect(body.PageTitle).not.toBe('Sent')
  })

  it('finds a page added as a fixture, with its title', async () => {
    const { app, mock } = buildApp()
    mock.fixtures({ Pages: [{ Id: unknownPage, Title: 'Landing' }] })
    const response = await sendJson(app, 'POST', path, message({ PageId: unknownPage }))
    expect(response.status).toBe(200)
    expect((await readJson(response)).PageTitle).toBe('Landing')
  })

  it('lists the seeded pages in /__mock/state', async () => {
    const { app, store } = buildApp()
    const pages = (await readState(app)).Pages ?? []
    expect(pages).toHaveLength(store.state.pages.size)
    expect(pages[5]).toEqual(store.state.pages.get(pageId))
  })
})

// B4. SF `InlineEditingService.cs` l.233: `TypeResolutionService.ResolveType(ItemType)` before
// the item is read; the decompiled CMS catches ArgumentException around it
// (`RelatedData/RelatedDataExtensions.cs` l.513–521), which ServiceStack answers 400.
describe('POST containersInfo: item types', () => {
  it.each([
    ['a bare word', 'x'],
    ['null', null],
    ['blank', ' '],
    ['a name with spaces', 'Cms.News Item'],
  ])('answers 400 ArgumentException for an ItemType that is %s', async (_, itemType) => {
    const { app, store } = buildApp()
    const count = store.state.containers.size
    const sent = message({
      ContainersInfo: [{ ItemId: newsId, ItemType: itemType, Fields: [{ Name: 'Title' }] }],
    })
    const response = await sendJson(app, 'POST', path, sent)
    expect(response.status).toBe(400)
    const status = (await readJson(response)).ResponseStatus
    expect(status.ErrorCode).toBe('ArgumentException')
    expect(status.Message).toMatch(/^Cannot resolve type /)
    expect(response.headers.get('x-mock-warning')).toContain('ContainersInfo[0].ItemType')
    expect(store.state.containers.size).toBe(count)
  })

  it.each([
    'Telerik.Sitefinity.News.Model.NewsItem',
    'Telerik.Sitefinity.DynamicTypes.Model.Products.Product, Telerik.Sitefinity.DynamicTypes',
    'Cms.Generic.List`1',
  ])('resolves the CLR type name %s', async (itemType) => {
    const { app } = buildApp()
    const sent = message({ ContainersInfo: [{ ItemId: newsId, ItemType: itemType, Fields: [] }] })
    expect((await sendJson(app, 'POST', path, sent)).status).toBe(200)
  })
})
