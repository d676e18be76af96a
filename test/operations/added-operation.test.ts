import { describe, expect, it } from 'vitest'
import { operations } from '../../handlers/index.ts'
import { dashboardSettings } from '../../src/tools/dashboard/index.ts'
import { describeOpenApi, openApiOf, operationOf } from '../control/openapi-checks.ts'
import { describeFormatMatrix } from '../negotiation/format-matrix.ts'
import { buildHostApp, commentKey, type TestApp } from '../support/index.ts'
import { deleteComment } from './fixtures/delete-comment.ts'
import { operationCase } from './operation-cases.ts'

// Issue 28, point 4, and issue 37, point 3: a fifth operation (DELETE
// /comments-api/comments/{Key}, a fixture written with defineOperation and its example) is added
// to the mock's list and nothing else. Every generic check the spec's operations run, runs over
// it too: the format matrix, the OpenAPI document (its path variable's example drawn from a
// seeded store), the native types, the metadata pages and the dashboard's tables.

// The fixture stands in for an operation of its verb and route, should the list have one: a
// contributor's real DELETE added to handlers/operations.ts must not run here twice.
const others = operations.filter(
  (op) => op.method !== deleteComment.method || op.route !== deleteComment.route,
)
const withAdded = [...others, deleteComment]
const build = (): TestApp => buildHostApp({ operations: withAdded })
const json = { Accept: 'application/json' }

describe('an operation added to the list', () => {
  it('appears in the OpenAPI document with its summary, errors and path variable', async () => {
    const { app, store } = build()
    const doc = (await (await app.request('/__mock/openapi.json')).json()) as any
    const described = doc.paths['/RestApi/comments-api/comments/{Key}']?.delete
    expect(described).toMatchObject({
      operationId: 'CommentDeleteRequest',
      summary: 'Delete a comment, by its key; answers the comment deleted',
    })
    expect(described.parameters[0]).toMatchObject({
      name: 'Key',
      in: 'path',
      required: true,
      example: commentKey(store),
    })
    expect(described.responses['404'].description).toContain('ItemNotFoundException')
    expect(Object.keys(doc.components.schemas)).toContain('CommentDeleteRequest')
  })

  it("draws OpenAPI's examples from a seeded store, not from the state requests change", async () => {
    const { app, store } = build()
    const key = commentKey(store)
    const before = await (await app.request('/__mock/openapi.json')).json()
    const deleted = await app.request(`/RestApi/comments-api/comments/${key}`, {
      method: 'DELETE',
      headers: json,
    })
    expect(deleted.status).toBe(200)
    const after = await (await app.request('/__mock/openapi.json')).json()
    expect(after).toEqual(before)
    expect(after).toEqual(JSON.parse(JSON.stringify(openApiOf(withAdded))))
    expect(operationOf(openApiOf(withAdded), deleteComment).parameters[0].example).toBe(key)
  })

  it('appears in the native TypeScript types', async () => {
    const { app } = build()
    const code = await (await app.request('/RestApi/types/typescript')).text()
    expect(code).toContain('export class CommentDeleteRequest implements IReturn<CommentResponse>')
  })

  it('appears in the metadata types with its route and verb', async () => {
    const { app } = build()
    const metadata = (await (await app.request('/RestApi/types/metadata.json')).json()) as any
    const added = metadata.Operations.find((op: any) => op.Request.Name === 'CommentDeleteRequest')
    expect(added).toMatchObject({
      Response: { Name: 'CommentResponse' },
      Routes: [{ Path: '/comments-api/comments/{Key}' }],
      Actions: ['DELETE'],
    })
  })

  it('appears in the metadata index and has a page with its example', async () => {
    const { app, store } = build()
    const index = await (await app.request('/RestApi/metadata')).text()
    expect(index).toContain('CommentDeleteRequest')
    const page = await app.request('/RestApi/json/metadata?op=CommentDeleteRequest')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(commentKey(store))
    // The page shows the sample; it does not send it.
    expect(store.state.comments.has(commentKey(store).toLowerCase())).toBe(true)
  })

  it('binds its path variable into the request DTO', async () => {
    const { app, store } = build()
    const key = commentKey(store)
    const response = await app.request(`/RestApi/comments-api/comments/${key}`, {
      method: 'DELETE',
      headers: json,
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { Key: string }).Key).toBe(key)
    const again = await app.request(`/RestApi/comments-api/comments/${key}`, {
      method: 'DELETE',
      headers: json,
    })
    expect(again.status).toBe(404)
  })

  it('lets the query string override a path variable (body < path < query < form)', async () => {
    const { app, store } = build()
    const [path, query] = [commentKey(store, 0), commentKey(store, 1)]
    const response = await app.request(`/RestApi/comments-api/comments/${path}?Key=${query}`, {
      method: 'DELETE',
      headers: json,
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { Key: string }).Key).toBe(query)
  })

  it("changes the rows of the dashboard's tables, whose columns come from the collections", async () => {
    const { app, store } = build()
    const key = commentKey(store)
    const keys = async (): Promise<string[]> => {
      const state = (await (await app.request('/__mock/state?kind=Comments')).json()) as any
      return state.Comments.map((comment: { Key: string }) => comment.Key)
    }
    expect(await keys()).toContain(key)
    await app.request(`/RestApi/comments-api/comments/${key}`, { method: 'DELETE', headers: json })
    expect(await keys()).not.toContain(key)
    // The Comments table shows fields of what the operation answers.
    const table = dashboardSettings.tables.find((candidate) => candidate.name === 'Comments')
    for (const column of table?.columns ?? [])
      expect(deleteComment.responseDto.byName.has(column.field), column.field).toBe(true)
    expect(table?.columns.length).toBeGreaterThan(2)
  })
})

describeFormatMatrix({ cases: [operationCase(deleteComment)], build })

// The document's checks over the whole list; the per-operation and per-field ones for the added
// operation (openapi.test.ts runs them for the others).
describe('the OpenAPI checks, over the list with the added operation', () => {
  describeOpenApi({ operations: withAdded, focus: [deleteComment] })
})
