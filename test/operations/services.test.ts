import { describe, expect, it } from 'vitest'
import type { CreateService, Store } from '../../src/index.ts'
import { buildApp, readJson, readState, sendJson } from '../support/index.ts'

const path = '/RestApi/apiservice/createService'

function seededService(store: Store): CreateService & { Route: string } {
  const found = Array.from(store.state.services.values())[0]
  if (!found?.Route) throw new Error('Failed to find a seeded service with a Route')
  return found as CreateService & { Route: string }
}

/** A content-type tree three levels deep, each level with properties; defaults left out. */
const shopTypes = [
  {
    Name: 'Shops',
    UrlKey: 'shops',
    Properties: [{ Name: 'Id', PropertyType: 'Guid', IsKey: true, IsPersistent: true }],
    Children: [
      {
        Name: 'Products',
        ClrType: 'Shop.Product',
        Properties: [{ Name: 'Price', PropertyType: 'Number', AllowSort: true }],
        Children: [
          {
            Name: 'Variants',
            ParentId: 'products',
            ReadOnly: true,
            Properties: [{ Name: 'Sku', PropertyType: 'ShortText', AllowFilter: true }],
          },
        ],
      },
    ],
  },
]

/** The same tree as the mock must answer it: PascalCase, declaration order, defaults filled. */
const shopTypesAnswer =
  '[{"Name":"Shops","ReadOnly":false,"UrlKey":"shops",' +
  '"Properties":[{"Name":"Id","PropertyType":"Guid","IsPersistent":true,"AllowSort":false,"AllowFilter":false,"IsKey":true}],' +
  '"Children":[{"Name":"Products","ReadOnly":false,"ClrType":"Shop.Product",' +
  '"Properties":[{"Name":"Price","PropertyType":"Number","IsPersistent":false,"AllowSort":true,"AllowFilter":false,"IsKey":false}],' +
  '"Children":[{"Name":"Variants","ReadOnly":true,' +
  '"Properties":[{"Name":"Sku","PropertyType":"ShortText","IsPersistent":false,"AllowSort":false,"AllowFilter":true,"IsKey":false}],' +
  '"AutogenerateProperties":false,"ParentId":"products"}],' +
  '"AutogenerateProperties":false}],' +
  '"AutogenerateProperties":false}]'

describe('POST /RestApi/apiservice/createService: refusals', () => {
  it.each([
    ['missing', { Name: 'No route' }],
    ['empty', { Route: '', Name: 'x' }],
    ['whitespace only', { Route: '   ' }],
    ['null', { Route: null }],
    ['an empty body', {}],
  ])('answers 400 ArgumentNullException for Route when the Route is %s', async (_, body) => {
    const { app, store } = buildApp()
    const count = store.state.services.size
    const response = await sendJson(app, 'POST', path, body)
    expect(response.status).toBe(400)
    expect(response.statusText).toBe('ArgumentNullException')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const { ResponseStatus } = await readJson(response)
    expect(ResponseStatus.ErrorCode).toBe('ArgumentNullException')
    expect(ResponseStatus.Message).toMatch(/^Value cannot be null\./)
    expect(ResponseStatus.Errors).toHaveLength(1)
    expect(ResponseStatus.Errors[0]).toMatchObject({
      ErrorCode: 'ArgumentNullException',
      FieldName: 'Route',
    })
    expect(store.state.services.size).toBe(count)
  })

  it.each([
    ['as seeded', (route: string) => route],
    ['in uppercase', (route: string) => route.toUpperCase()],
    ['with surrounding spaces', (route: string) => `  ${route}  `],
  ])('answers 400 ArgumentException for Route when a seeded Route is sent %s', async (_, form) => {
    const { app, store } = buildApp()
    const seeded = seededService(store)
    const count = store.state.services.size
    const response = await sendJson(app, 'POST', path, { Route: form(seeded.Route), Name: 'Copy' })
    expect(response.status).toBe(400)
    expect(response.statusText).toBe('ArgumentException')
    const { ResponseStatus } = await readJson(response)
    expect(ResponseStatus.ErrorCode).toBe('ArgumentException')
    expect(ResponseStatus.Errors).toHaveLength(1)
    expect(ResponseStatus.Errors[0]).toMatchObject({
      ErrorCode: 'ArgumentException',
      FieldName: 'Route',
    })
    expect(store.state.services.size).toBe(count)
    // The stored definition is not replaced by the refused one.
    expect(store.state.services.get(seeded.Route.toLowerCase())?.Name).toBe(seeded.Name)
  })

  it('refuses a Route that was just created, compared case-insensitively', async () => {
    const { app } = buildApp()
    const first = await sendJson(app, 'POST', path, { Route: '/api/Fresh', Name: 'Fresh' })
    expect(first.status).toBe(200)
    const second = await sendJson(app, 'POST', path, { Route: '/API/fresh', Name: 'Again' })
    expect(second.status).toBe(400)
    const { ResponseStatus } = await readJson(second)
    expect(ResponseStatus.ErrorCode).toBe('ArgumentException')
    expect(ResponseStatus.Errors[0].FieldName).toBe('Route')
  })
})

describe('POST /RestApi/apiservice/createService: creating', () => {
  it('answers the spec sample body as stored, with its defaults', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'POST', path, {
      Route: '/api/sample',
      Name: 'Sample',
      UrlName: 'sample',
      Enabled: true,
      ApiKey: '<API_KEY>',
      AccessControlAllowOrigin: '*',
      AutogenerateTypes: false,
      Access: 'Everyone',
      Protocol: 'OData',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.text()).toBe(
      '{"Route":"/api/sample","Name":"Sample","UrlName":"sample","Enabled":true,"ApiKey":"<API_KEY>",' +
        '"AccessControlAllowOrigin":"*","AutogenerateTypes":false,"Access":"Everyone","Protocol":"OData"}',
    )
    expect(store.state.services.get('/api/sample')?.Name).toBe('Sample')
  })

  it('fills the non-nullable defaults of a minimal definition', async () => {
    const { app } = buildApp()
    const response = await sendJson(app, 'POST', path, { Route: '/api/minimal' })
    expect(await response.text()).toBe(
      '{"Route":"/api/minimal","Enabled":false,"AutogenerateTypes":false}',
    )
  })

  it('echoes a recursive Types tree three levels deep with every default filled, and stores it', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'POST', path, {
      Route: '/api/shop',
      Name: 'Shop',
      Types: shopTypes,
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(
      `{"Route":"/api/shop","Name":"Shop","Enabled":false,"AutogenerateTypes":false,"Types":${shopTypesAnswer}}`,
    )
    const stored = store.state.services.get('/api/shop')
    expect(stored?.Types?.[0]?.Children?.[0]?.Children?.[0]).toMatchObject({
      Name: 'Variants',
      ReadOnly: true,
      AutogenerateProperties: false,
      Properties: [
        { Name: 'Sku', IsKey: false, AllowFilter: true, IsPersistent: false, AllowSort: false },
      ],
    })
  })

  it('accepts camelCase names, as the client library sends them', async () => {
    const { app } = buildApp()
    const response = await sendJson(app, 'POST', path, {
      route: '/api/camel',
      name: 'Camel',
      urlName: 'camel',
      enabled: true,
      apiKey: 'key-1',
      accessControlAllowOrigin: 'https://example.com',
      autogenerateTypes: true,
      access: 'Authenticated',
      protocol: 'OData',
      types: [
        {
          name: 'Things',
          readOnly: true,
          autogenerateProperties: true,
          properties: [{ name: 'Id', propertyType: 'Guid', isKey: true }],
          children: [{ name: 'Parts', parentId: 'things' }],
        },
      ],
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(
      '{"Route":"/api/camel","Name":"Camel","UrlName":"camel","Enabled":true,"ApiKey":"key-1",' +
        '"AccessControlAllowOrigin":"https://example.com","AutogenerateTypes":true,"Access":"Authenticated",' +
        '"Types":[{"Name":"Things","ReadOnly":true,' +
        '"Properties":[{"Name":"Id","PropertyType":"Guid","IsPersistent":false,"AllowSort":false,"AllowFilter":false,"IsKey":true}],' +
        '"Children":[{"Name":"Parts","ReadOnly":false,"AutogenerateProperties":false,"ParentId":"things"}],' +
        '"AutogenerateProperties":true}],' +
        '"Protocol":"OData"}',
    )
  })

  it('shows the stored definition in /__mock/state', async () => {
    const { app, store } = buildApp()
    const count = store.state.services.size
    await sendJson(app, 'POST', path, { Route: '/api/shop', Name: 'Shop', Types: shopTypes })
    const state = await readState(app)
    expect(state.Services).toHaveLength(count + 1)
    const shop = state.Services?.find((service) => service.Route === '/api/shop')
    expect(shop).toBeDefined()
    expect(JSON.stringify(shop?.Types)).toBe(shopTypesAnswer)
  })

  it('leaves the seeded definitions in place', async () => {
    const { app, store } = buildApp()
    const seeded = structuredClone(Array.from(store.state.services.values()))
    await sendJson(app, 'POST', path, { Route: '/api/other' })
    for (const service of seeded) {
      expect(store.state.services.get((service.Route ?? '').toLowerCase())).toEqual(service)
    }
  })
})
