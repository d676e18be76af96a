import { describe, expect, it } from 'vitest'
import { CommentResponse } from '../../src/model/index.ts'
import { defaultWriteOptions, writeJson } from '../../src/wire/index.ts'
import { buildApp, commentKey, sendJson } from '../support/index.ts'

// Issue 18, point 10: strings written as ServiceStack.Text's JsonUtils.WriteString writes them.

const written = (message: string): string =>
  writeJson(CommentResponse, { Message: message }, defaultWriteOptions)

describe('JSON string escapes', () => {
  it.each([
    ['a C0 control', '\u0001', '\\u0001'],
    ['a C0 control with letters', '\u001f', '\\u001F'],
    ['DEL', '\u007f', '\\u007F'],
    ['a C1 control', '\u0085', '\\u0085'],
    ['the last C1 control', '\u009f', '\\u009F'],
    ['the short escapes', '\n\t\r\b\f', '\\n\\t\\r\\b\\f'],
    ['a quote and a backslash', '"\\', '\\"\\\\'],
    ['a lone high surrogate', 'a\ud800b', 'a\ufffdb'],
    ['a lone low surrogate', '\udc00', '\ufffd'],
    ['a surrogate pair', '\ud83d\ude00', '\ud83d\ude00'],
    ['text that reads like an escape', 'a\\u0001', 'a\\\\u0001'],
    ['Latin-1 letters', 'é\u00a0', 'é\u00a0'],
  ])('writes %s as ServiceStack does', (_name, message, expected) => {
    expect(written(message)).toBe(`{"Message":"${expected}"}`)
  })

  it('finds a C1 control in a long answer too, and DEL, which is ASCII, in a short one', () => {
    const long = 'x'.repeat(30_000)
    expect(written(`${long}\u0085`)).toBe(`{"Message":"${long}\\u0085"}`)
    expect(written('plain ascii\u007f')).toBe('{"Message":"plain ascii\\u007F"}')
  })

  it('writes them so in an answer, the date token untouched', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const response = await sendJson(app, 'PUT', '/RestApi/comments-api/comments', {
      Key: key,
      Message: 'x\u007fy\ud800',
    })
    const text = await response.text()
    expect(text).toContain('"Message":"x\\u007Fy\ufffd"')
    expect(text).toMatch(/"DateCreated":"\\\/Date\(\d+\)\\\/"/)
  })
})
