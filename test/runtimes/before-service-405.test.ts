import { describe, expect, it } from 'vitest'
import { rawRequest, startServer } from '../support/index.ts'

// Issue 39, G3: a 405 raised before the service (no method for the verb, SS Host/ServiceExec.cs
// l.201–222; no such operation, SS Host/Handlers/ServiceStackHandlerBase.cs l.256) never sees
// the ServiceRunner's exception handlers. RestHandler's catch hands it to the host's
// UncaughtExceptionHandlers (SS Host/RestHandler.cs l.98, l.110–118; SF
// Services/ServiceStack/ServiceStackAppHost.cs l.71–77), whose WriteErrorToResponse writes the
// standard reason phrase, the ErrorResponse in the request's format and the global headers only
// (SS HttpResponseExtensionsInternal.cs l.481–521): no response filter, so no CSV
// Content-Disposition. docs/decisions.md section 10.

const formats = [
  ['json', 'application/json; charset=utf-8'],
  ['xml', 'application/xml'],
  ['jsv', 'application/jsv'],
  ['csv', 'text/csv'],
] as const

/** POST `{}` as JSON to `/RestApi/{format}/reply/{operation}` on a fresh server. */
async function postEmpty(format: string, operation: string) {
  const server = await startServer()
  return rawRequest(`${server.url}/RestApi/${format}/reply/${operation}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  })
}

// Each operation with what its error says, asked for in each format.
const refusals = [
  {
    operation: 'CommentUpdateRequest',
    why: 'no Post method',
    says: [
      'NotImplementedException',
      'Could not find method named Post(CommentUpdateRequest) or Any(CommentUpdateRequest) on Service CommentWebService',
    ],
  },
  {
    operation: 'Nope',
    why: 'no such operation',
    says: ["The operation 'Nope' does not exist for this service"],
  },
].flatMap((refusal) =>
  formats.map(([format, contentType]) => ({ ...refusal, format, contentType })),
)

describe('a 405 raised before the service, as WriteErrorToResponse writes it', () => {
  it.each(refusals)(
    'answers POST /$format/reply/$operation ($why) 405 Method Not Allowed, in its format, with no Content-Disposition',
    async ({ operation, says, format, contentType }) => {
      const answer = await postEmpty(format, operation)
      expect(answer.status).toBe(405)
      expect(answer.statusMessage).toBe('Method Not Allowed')
      expect(answer.headers['content-type']).toBe(contentType)
      expect(answer.headers['content-disposition']).toBeUndefined()
      for (const text of says) expect(answer.body).toContain(text)
    },
  )

  it('writes the CSV error as one ResponseStatus cell, as the host serializes the ErrorResponse', async () => {
    const answer = await postEmpty('csv', 'CommentUpdateRequest')
    expect(answer.body).toBe(
      'ResponseStatus\r\n"{ErrorCode:NotImplementedException,Message:Could not find method named Post(CommentUpdateRequest) or Any(CommentUpdateRequest) on Service CommentWebService,Errors:[]}"\r\n',
    )
  })

  it('answers HEAD on a pre-defined route the same status line', async () => {
    const server = await startServer()
    const answer = await rawRequest(`${server.url}/RestApi/json/reply/CommentUpdateRequest`, {
      method: 'HEAD',
    })
    expect(answer.status).toBe(405)
    expect(answer.statusMessage).toBe('Method Not Allowed')
  })
})
