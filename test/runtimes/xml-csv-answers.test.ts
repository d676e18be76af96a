import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createHandlers, createMock, createStore } from '../../handlers/index.ts'
import type { ServerOptions } from '../../src/index.ts'
import { commentKey, commentsPath, now, origin, rawRequest, startServer } from '../support/index.ts'

// Issue 30: XML and CSV bodies and answers where the two runtimes write what the real host
// writes, over msw (getResponse) and the Node server (node:http, which shows the reason phrase):
// N22 (a prefixed root), N23 (a member in another namespace), N10 (a character XML cannot
// hold: 400 Bad Request), N11 and B12 (the inner exception's message). Sources are cited in
// src/wire/formats/xml-members.ts, xml-scalars.ts, csv-read.ts and src/wire/answer/respond.ts.

const dto = 'http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO'
const key = commentKey(createStore({ seed: 1 }))

interface Sent {
  readonly contentType: string
  readonly accept?: string
  readonly body: string
}

interface Received {
  readonly status: number
  readonly statusText: string
  readonly warning: string | undefined
  readonly body: string
}

type Runtime = (sent: Sent, options?: ServerOptions) => Promise<Received>

const msw: Runtime = async (sent, options = {}) => {
  const mock = createMock({
    store: createStore({ seed: 1 }),
    defaultFormat: 'json',
    clock: () => now,
    ...options,
  })
  const request = new Request(origin + commentsPath, {
    method: 'PUT',
    headers: { 'Content-Type': sent.contentType, Accept: sent.accept ?? 'application/json' },
    body: sent.body,
  })
  const response = (await getResponse(createHandlers(mock), request)) as Response
  return {
    status: response.status,
    statusText: response.statusText,
    warning: response.headers.get('x-mock-warning') ?? undefined,
    body: await response.text(),
  }
}

const node: Runtime = async (sent, options = {}) => {
  const server = await startServer(options)
  const answer = await rawRequest(server.url + commentsPath, {
    method: 'PUT',
    headers: { 'Content-Type': sent.contentType, Accept: sent.accept ?? 'application/json' },
    body: sent.body,
  })
  const warning = answer.headers['x-mock-warning']
  return {
    status: answer.status,
    statusText: answer.statusMessage,
    warning: typeof warning === 'string' ? warning : undefined,
    body: answer.body,
  }
}

const xml = (members: string): Sent => ({
  contentType: 'application/xml',
  body: `<c:CommentUpdateRequest xmlns:c="${dto}"><c:Key>${key}</c:Key>${members}</c:CommentUpdateRequest>`,
})

describe.each([
  ['msw', msw],
  ['the Node server', node],
] as const)('XML and CSV round three over %s', (_, send) => {
  it('reads a root under a namespace prefix with no warning, also under --strict (N22)', async () => {
    const answer = await send(xml('<c:Message>allpfx</c:Message>'), { strict: true })
    expect(answer.status, answer.body).toBe(200)
    expect(answer.warning).toBeUndefined()
    expect(JSON.parse(answer.body)).toMatchObject({ Key: key, Message: 'allpfx' })
  })

  it('skips a member in another namespace and says so, and refuses it under --strict (N23)', async () => {
    const sent = xml('<Message xmlns="urn:other">childns</Message>')
    const lenient = await send(sent)
    expect(lenient.status).toBe(200)
    expect(JSON.parse(lenient.body).Message).not.toBe('childns')
    expect(lenient.warning).toBe(
      `XML member 'Message' is in namespace 'urn:other', not '${dto}'; the real server skips it`,
    )
    const strict = await send(sent, { strict: true })
    expect(strict.status).toBe(400)
    expect(JSON.parse(strict.body).ResponseStatus.Message).toContain("XML member 'Message'")
  })

  it('answers text XML cannot hold with 400 Bad Request and a clean ErrorResponse (N10)', async () => {
    const answer = await send({
      contentType: 'application/json',
      accept: 'application/xml',
      body: JSON.stringify({ Key: key, Message: 'a\u0001b' }),
    })
    expect([answer.status, answer.statusText]).toEqual([400, 'Bad Request'])
    expect(answer.body).toContain('<ErrorCode>ArgumentException</ErrorCode>')
    expect(answer.warning).toContain('an XML answer cannot hold this text')
  })

  it("gives DataContractSerializer's message for a value it cannot read (N11)", async () => {
    const answer = await send(xml('<c:Rating>abc</c:Rating>'))
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body).ResponseStatus).toEqual({
      ErrorCode: 'SerializationException',
      Message:
        "There was an error deserializing the object of type Cms.Services.Comments.DTO.CommentUpdateRequest. The value 'abc' cannot be parsed as the type 'decimal'.",
      Errors: [],
    })
    expect(answer.warning).toBe("the real server refuses the body at XML member 'Rating'")
  })

  it('names the real CLR type where --xml-namespace gives the host its real namespace (N11)', async () => {
    const real = 'http://schemas.datacontract.org/2004/07/Telerik.Sitefinity.Services.Comments.DTO'
    const answer = await send(
      {
        contentType: 'application/xml',
        body: `<CommentUpdateRequest xmlns="${real}"><Key>${key}</Key><Rating>abc</Rating></CommentUpdateRequest>`,
      },
      { xmlNamespaces: { CommentUpdateRequest: real } },
    )
    expect(JSON.parse(answer.body).ResponseStatus.Message).toBe(
      "There was an error deserializing the object of type Telerik.Sitefinity.Services.Comments.DTO.CommentUpdateRequest. The value 'abc' cannot be parsed as the type 'decimal'.",
    )
  })

  it("answers a CSV row wider than its header with CsvReader's ArgumentOutOfRangeException (B12)", async () => {
    const answer = await send({ contentType: 'text/csv', body: `Key,Message\r\n${key},a,b\r\n` })
    const message =
      'Index was out of range. Must be non-negative and less than the size of the collection.'
    expect(answer.status).toBe(400)
    // An error before the service keeps the standard phrase, which msw's Response leaves empty.
    expect(['', 'Bad Request']).toContain(answer.statusText)
    expect(JSON.parse(answer.body).ResponseStatus).toEqual({
      ErrorCode: 'ArgumentOutOfRangeException',
      Message: `${message}\r\nParameter name: index`,
      Errors: [{ ErrorCode: 'ArgumentOutOfRangeException', FieldName: 'index', Message: message }],
    })
    expect(answer.warning).toBe(
      'the real server refuses the CSV body: a row has more cells than the header (line 2)',
    )
  })
})
