import { describe, expect, it } from 'vitest'
import { commentKey, buildHostApp, wireFormats } from '../support/index.ts'

// "Where the real server silently swallows a mistake, the mock does the same but says so (a
// warning header and a log line), and a `strict` option turns the warning into a 400."
// (decisions.md, preamble and section 3.)

const comments = '/RestApi/comments-api/comments'
const commentsNs = 'http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO'

interface Swallowed {
  readonly contentType?: string
  readonly body: (key: string) => BodyInit
  /** Whether the body's Message reaches the operation (it does unless the body is ignored). */
  readonly applied: boolean
  readonly warning: RegExp
}

const swallowed: readonly (readonly [string, Swallowed])[] = [
  [
    'a text/plain body',
    {
      contentType: 'text/plain',
      body: (key) => JSON.stringify({ Key: key, Message: 'from the body' }),
      applied: false,
      warning: /text\/plain/,
    },
  ],
  [
    'a body without a Content-Type',
    {
      body: (key) =>
        new TextEncoder().encode(JSON.stringify({ Key: key, Message: 'from the body' })),
      applied: false,
      warning: /no Content-Type/,
    },
  ],
  [
    'an XML body with members out of alphabetical order',
    {
      contentType: 'application/xml',
      body: (key) =>
        `<CommentUpdateRequest xmlns="${commentsNs}"><Message>from the body</Message><Key>${key}</Key></CommentUpdateRequest>`,
      applied: true,
      warning: /out of order/,
    },
  ],
  [
    'an XML body with a wrong root',
    {
      contentType: 'application/xml',
      body: (key) =>
        `<CommentRequest xmlns="${commentsNs}"><Key>${key}</Key><Message>from the body</Message></CommentRequest>`,
      applied: true,
      warning: /CommentRequest/,
    },
  ],
  [
    'an XML body in another namespace',
    {
      contentType: 'application/xml',
      body: (key) =>
        `<CommentUpdateRequest xmlns="urn:elsewhere"><Key>${key}</Key><Message>from the body</Message></CommentUpdateRequest>`,
      applied: true,
      warning: /urn:elsewhere/,
    },
  ],
  [
    'a JSON value of the wrong type',
    {
      contentType: 'application/json',
      body: (key) => JSON.stringify({ Key: key, Message: 'from the body', Rating: 'five' }),
      applied: true,
      warning: /Rating/,
    },
  ],
]

async function send(
  strict: boolean,
  example: Swallowed,
): Promise<{
  response: Response
  key: string
  before: string | null | undefined
  after: string | null | undefined
}> {
  const { app, store } = buildHostApp(strict ? { strict: true } : {})
  const key = commentKey(store)
  const before = store.state.comments.get(key)?.Message
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (example.contentType) headers['Content-Type'] = example.contentType
  // The Key also comes by the query string, so an ignored body still names the comment.
  const response = await app.request(`${comments}?Key=${key}`, {
    method: 'PUT',
    headers,
    body: example.body(key),
  })
  return { response, key, before, after: store.state.comments.get(key)?.Message }
}

describe('what the real server swallows', () => {
  it.each(swallowed)('accepts %s and names it in X-Mock-Warning', async (_, example) => {
    const { response, before, after } = await send(false, example)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toMatch(example.warning)
    const answer = (await response.json()) as { Message: string }
    expect(answer.Message).toBe(example.applied ? 'from the body' : before)
    expect(after).toBe(answer.Message)
  })

  it.each(swallowed)(
    'answers %s with 400 in strict mode and changes nothing',
    async (_, example) => {
      const { response, before, after } = await send(true, example)
      expect(response.status).toBe(400)
      const { ResponseStatus } = (await response.json()) as {
        ResponseStatus: { ErrorCode: string; Message: string }
      }
      expect(ResponseStatus.ErrorCode).toBe('SerializationException')
      expect(after).toBe(before)
    },
  )

  it('lists each dropped field in strict mode, one Errors[] entry per field', async () => {
    const { app, store } = buildHostApp({ strict: true })
    const response = await app.request('/RestApi/ab-testing', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        Id: Array.from(store.state.abTests.keys())[0],
        Status: 'Paused',
        StartDate: 'not a date',
      }),
    })
    expect(response.status).toBe(400)
    const { ResponseStatus } = (await response.json()) as {
      ResponseStatus: { Errors: { FieldName: string; ErrorCode: string }[] }
    }
    expect(ResponseStatus.Errors.map((error) => error.FieldName).sort()).toEqual([
      'StartDate',
      'Status',
    ])
    expect(
      ResponseStatus.Errors.every((error) => error.ErrorCode === 'SerializationException'),
    ).toBe(true)
  })

  it('writes no warning for a clean body', async () => {
    const { app, store } = buildHostApp()
    const response = await app.request(comments, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/xml', Accept: 'application/json' },
      body: `<CommentUpdateRequest xmlns="${commentsNs}"><Key>${commentKey(store)}</Key><Message>clean</Message></CommentUpdateRequest>`,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toBeNull()
  })

  it.each(wireFormats)('writes the warning on a %s answer too', async (format) => {
    const { app, store } = buildHostApp()
    const response = await app.request(`${comments}?format=${format}&Key=${commentKey(store)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: 'ignored',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toMatch(/text\/plain/)
  })

  it('writes the warning on an error answer too', async () => {
    const { app } = buildHostApp()
    const response = await app.request(comments, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
      body: JSON.stringify({ Key: 'ignored' }),
    })
    expect(response.status).toBe(400)
    expect(
      ((await response.json()) as { ResponseStatus: { Message: string } }).ResponseStatus.Message,
    ).toBe('Invalid Key.')
    expect(response.headers.get('x-mock-warning')).toMatch(/text\/plain/)
  })
})
