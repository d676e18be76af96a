import { describe, expect, it } from 'vitest'
import { buildApp, commentKey, sendJson } from '../support/index.ts'
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
    const { status, json } = await putComment(`{"Key":"KEY","CustomData":${token}}`)
    expect(status).toBe(200)
    expect(json.CustomData).toBe(stored)
  })

  it.each([['1e2'], ['1E2'], ['1e21'], ['1e30'], ['7.922816251426434e29']])(
    'drops the decimal %s, as decimal.Parse refuses it',
    async (token) => {
      const { status, json, warning } = await putComment(`{"Key":"KEY","Rating":${token}}`)
      expect(status).toBe(200)
      expect(warning).toContain(`Rating: '${token}' is not a valid decimal; the value was dropped`)
      expect(json.Rating).not.toBe(Number(token))
    },
  )

  it('reads a decimal with a fraction', async () => {
    const { json, warning } = await putComment('{"Key":"KEY","Rating":4.50}')
    expect(json.Rating).toBe(4.5)
    expect(warning).toBeNull()
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
})
