import { describe, expect, it } from 'vitest'
import { operations } from '../../handlers/index.ts'
import { describeFormatMatrix } from '../negotiation/format-matrix.ts'
import { buildHostApp, commentKey, type TestApp } from '../support/index.ts'
import { getComment } from './fixtures/get-comment.ts'
import { operationCase } from './operation-cases.ts'

// Issue 28, point 4: a fifth operation (GET /comments-api/comments/{Key}, a fixture written
// with defineOperation and its example) is added to the mock's list and nothing else: it shows
// in OpenAPI, the native types, the metadata pages and the format matrix, and its path
// variable is bound into its request DTO.

const build = (): TestApp => buildHostApp({ operations: [...operations, getComment] })

describe('an operation added to the list', () => {
  it('appears in the OpenAPI document with its summary, errors and path variable', async () => {
    const { app } = build()
    const doc = (await (await app.request('/__mock/openapi.json')).json()) as any
    const described = doc.paths['/RestApi/comments-api/comments/{Key}']?.get
    expect(described).toMatchObject({
      operationId: 'CommentGetRequest',
      summary: 'One comment, by its key',
    })
    expect(described.parameters[0]).toMatchObject({ name: 'Key', in: 'path', required: true })
    expect(described.responses['404'].description).toContain('ItemNotFoundException')
    expect(Object.keys(doc.components.schemas)).toContain('CommentGetRequest')
  })

  it('appears in the native TypeScript types', async () => {
    const { app } = build()
    const code = await (await app.request('/RestApi/types/typescript')).text()
    expect(code).toContain('export class CommentGetRequest implements IReturn<CommentResponse>')
  })

  it('appears in the metadata index and has a page with its example', async () => {
    const { app, store } = build()
    const index = await (await app.request('/RestApi/metadata')).text()
    expect(index).toContain('CommentGetRequest')
    const page = await app.request('/RestApi/json/metadata?op=CommentGetRequest')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(commentKey(store))
  })

  it('binds its path variable into the request DTO', async () => {
    const { app, store } = build()
    const key = commentKey(store)
    const response = await app.request(`/RestApi/comments-api/comments/${key}`, {
      headers: { Accept: 'application/json' },
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { Key: string }).Key).toBe(key)
  })

  it('lets the query string override a path variable (body < path < query < form)', async () => {
    const { app, store } = build()
    const [path, query] = [commentKey(store, 0), commentKey(store, 1)]
    const response = await app.request(`/RestApi/comments-api/comments/${path}?Key=${query}`, {
      headers: { Accept: 'application/json' },
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { Key: string }).Key).toBe(query)
  })
})

describeFormatMatrix({ cases: [operationCase(getComment)], build })
