import { describe, expect, it } from 'vitest'
import type { ContainerInfoMessage } from '../../src/index.ts'
import { createStore } from '../../src/index.ts'
import { buildApp, readJson, readState, sendJson } from '../support/index.ts'

const path = '/RestApi/cms/inlineediting/containersInfo'

const pageId = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'
const newsId = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const productId = 'd9428888-122b-41b5-a2e1-3c1a6a7e2f9b'
/** An item that seed 1 makes a page control (the other two are content items). */
const pageControlId = '00000000-0000-4000-8000-000000000003'

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
    ['without Fields', [{ ItemId: newsId }], 'ContainersInfo[0].Fields is missing'],
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
      DisplayType: 'News item',
    })
    expect(product).toMatchObject({
      ItemId: productId,
      ItemType: 'Cms.DynamicTypes.Model.Products.Product',
      Provider: 'OpenAccessProvider2',
      DisplayType: 'Product',
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

  it.each([
    {
      behaviour: 'links a content item to its details page',
      itemId: newsId,
      isPageControl: false,
      detailsViewUrl: expect.stringMatching(/^\//),
    },
    {
      behaviour: 'gives a page control no details page (null, which JSON leaves out)',
      itemId: pageControlId,
      isPageControl: true,
      detailsViewUrl: undefined,
    },
  ])('$behaviour', async ({ itemId, isPageControl, detailsViewUrl }) => {
    const { app } = buildApp()
    const sent = message({
      ContainersInfo: [{ ItemId: itemId, ItemType: 'Cms.News.Model.NewsItem', Fields: [] }],
    })
    const body = (await readJson(await sendJson(app, 'POST', path, sent))) as ContainerInfoMessage
    const [container] = body.ContainersInfo ?? []
    expect(container?.IsPageControl).toBe(isPageControl)
    expect(container?.DetailsViewUrl).toEqual(detailsViewUrl)
  })

  it('fills each field’s constraints by the kind of value it holds', async () => {
    const { app } = buildApp()
    const body = (await readJson(
      await sendJson(app, 'POST', path, message()),
    )) as ContainerInfoMessage
    const [news, product] = body.ContainersInfo ?? []
    const [title, summary, publicationDate] = news?.Fields ?? []
    expect(title).toMatchObject({
      Name: 'Title',
      Required: 'required',
      RequiredViolationMessage: 'The Title field is required.',
      MinLength: expect.any(Number),
      MaxLength: expect.any(Number),
      MinLengthViolationMessage: expect.stringContaining('Title'),
      MaxLengthViolationMessage: expect.stringContaining('Title'),
    })
    expect(summary).toMatchObject({ MinLength: expect.any(Number), MaxLength: expect.any(Number) })
    expect(publicationDate).toMatchObject({
      MinDate: expect.any(String),
      MaxDate: expect.any(String),
    })
    const price = product?.Fields?.[1]
    expect(price).toMatchObject({
      Name: 'Price',
      MinValue: expect.any(Number),
      MaxValue: expect.any(Number),
    })
  })

  it('keeps a PageTitle sent for the empty page id', async () => {
    const { app } = buildApp()
    const body = await readJson(
      await sendJson(
        app,
        'POST',
        path,
        message({ PageId: '00000000-0000-0000-0000-000000000000', PageTitle: 'Mine' }),
      ),
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
    const one = await readJson(await sendJson(buildApp().app, 'POST', path, message()))
    const seven = await readJson(
      await sendJson(buildApp({ store: createStore({ seed: 7 }) }).app, 'POST', path, message()),
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

describe('POST containersInfo: a null item in Fields', () => {
  it('keeps the null and enriches the other fields (found by npm run fuzz)', async () => {
    const { app } = buildApp()
    const sent = message({
      ContainersInfo: [{ ItemId: newsId, Fields: [null, { Name: 'Title' }] }],
    })
    const response = await sendJson(app, 'POST', path, sent)
    expect(response.status).toBe(200)
    const body = (await readJson(response)) as ContainerInfoMessage
    const fields = body.ContainersInfo?.[0]?.Fields ?? []
    expect(fields).toHaveLength(2)
    expect(fields[0]).toBeNull()
    expect(fields[1]).toMatchObject({ Name: 'Title' })
  })
})
