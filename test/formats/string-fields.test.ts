import { describe, expect, it } from 'vitest'
import { buildApp, commentKey, sendJson } from '../support/index.ts'

// Issue 18, gap 3, over HTTP: an object sent to a string field is stored as production stores
// it, and the warning says what that is.

describe('an object or a list sent to a string field', () => {
  it('is stored as its text without quotes, with a warning naming what is stored', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'PUT', '/RestApi/comments-api/comments', {
      Key: commentKey(store),
      CustomData: { source: 'app', n: 1 },
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { CustomData: string }).CustomData).toBe('{source:app,n:1}')
    expect(response.headers.get('x-mock-warning')).toBe(
      `CustomData: '{"source":"app","n":1}' is not a string; the real server stores it as the text '{source:app,n:1}'`,
    )
  })

  it('is a 400 under --strict', async () => {
    const { app, store } = buildApp({ strict: true })
    const response = await sendJson(app, 'PUT', '/RestApi/comments-api/comments', {
      Key: commentKey(store),
      CustomData: ['a'],
    })
    expect(response.status).toBe(400)
  })
})
