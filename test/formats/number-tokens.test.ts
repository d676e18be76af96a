import { describe, expect, it } from 'vitest'
import { parseStateFile, stateFileJson } from '../../src/control/index.ts'
import { createStore } from '../../src/index.ts'
import { buildApp, commentKey, now, sendJson } from '../support/index.ts'
import { abTestId } from '../support/index.ts'

// Issue 18, gaps 2 and 3: a JSON number is read by its text, as ServiceStack.Text reads it.
// An exponent is no decimal, `1.0` no int, and a string field keeps the token as sent.

const commentsPath = '/RestApi/comments-api/comments'

async function putComment(
  body: string,
): Promise<{ status: number; json: Record<string, unknown>; warning: string | null }> {
  const { app, store } = buildApp()
  const response = await sendJson(app, 'PUT', commentsPath, body.replace('KEY', commentKey(store)))
  return {
    status: response.status,
    json: (await response.json()) as Record<string, unknown>,
    warning: response.headers.get('x-mock-warning'),
  }
}

describe('JSON numbers read by their text', () => {
  it.each([
    ['12.50', '12.50'],
    ['1e2', '1e2'],
    ['12345678901234567890', '12345678901234567890'],
    ['7', '7'],
  ])('keeps %s as the text %s in a string field', async (token, stored) => {
    const { status, json, warning } = await putComment(`{"Key":"KEY","CustomData":${token}}`)
    expect(status).toBe(200)
    expect(json.CustomData).toBe(stored)
    expect(warning).toBe(
      `CustomData: '${token}' is not a string; the real server stores it as the text '${stored}'`,
    )
  })

  it.each([['1e2'], ['1E2'], ['1e21'], ['1e30'], ['7.922816251426434e29']])(
    'drops the decimal %s, as decimal.Parse refuses it',
    async (token) => {
      const { status, json, warning } = await putComment(`{"Key":"KEY","Rating":${token}}`)
      expect(status).toBe(200)
      expect(warning).toContain(`Rating: '${token}' is not a valid decimal; the value was dropped`)
      // The stored rating stays as seeded (the first comment of seed 1 has none).
      expect(json.Rating).toBeUndefined()
    },
  )

  // Gap 2: .NET's decimal keeps its scale and its digits; so does the mock, in every format.
  it.each([
    ['4.50', 'application/json', '"Rating":4.50}'],
    ['4.50', 'application/xml', '<Rating>4.50</Rating>'],
    ['4.50', 'application/jsv', 'Rating:4.50}'],
    ['4.50', 'text/csv', ',4.50\r\n'],
    ['12345678901234567890.5', 'application/json', '"Rating":12345678901234567890.5}'],
    ['-0.10', 'application/json', '"Rating":-0.10}'],
    ['"1,000.50"', 'application/json', '"Rating":1000.50}'],
    ['"4.5"', 'application/json', '"Rating":4.5}'],
  ])('answers the decimal %s as sent, in %s', async (token, accept, written) => {
    const { app, store } = buildApp()
    const body = `{"Key":"${commentKey(store)}","Rating":${token}}`
    const response = await sendJson(app, 'PUT', commentsPath, body, { Accept: accept })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toBeNull()
    expect(await response.text()).toContain(written)
  })

  it('keeps a decimal sent in XML or JSV as its text too', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const ns = 'http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO'
    const xml = await app.request(commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/xml', Accept: 'application/json' },
      body: `<CommentUpdateRequest xmlns="${ns}"><Key>${key}</Key><Rating>2.250</Rating></CommentUpdateRequest>`,
    })
    expect(await xml.text()).toContain('"Rating":2.250}')
    const jsv = await app.request(commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/jsv', Accept: 'application/json' },
      body: `{Key:${key},Rating:3.10}`,
    })
    expect(await jsv.text()).toContain('"Rating":3.10}')
  })

  it.each([['1.0'], ['1e2'], ['2.50']])('drops the int %s, not rounded', async (token) => {
    const { app, store } = buildApp()
    const id = abTestId(store)
    const body = `{"Id":"${id}","Variations":[{"Name":"A","Distribution":${token}}]}`
    const response = await sendJson(app, 'PUT', '/RestApi/ab-testing', body)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toContain(
      `Variations[0].Distribution: '${token}' is not a valid int; the value was dropped`,
    )
  })

  it('keeps the text of a decimal through the state file', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    await sendJson(app, 'PUT', commentsPath, `{"Key":"${key}","Rating":4.50}`)
    const text = stateFileJson(store.snapshot())
    expect(text).toContain('"Rating":4.50')
    const restored = createStore({ seed: 1 })
    restored.restore(parseStateFile(text, now))
    expect(restored.state.comments.get(key.toLowerCase())?.Rating).toBe('4.50')
    expect(stateFileJson(restored.snapshot())).toBe(text)
  })
})
