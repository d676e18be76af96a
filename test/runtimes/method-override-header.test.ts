import { request as httpRequest } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { commentKey, commentsPath, startServer } from '../support/index.ts'

// X-HTTP-Method-Override sent as a header reaches the PUT operation in whatever case the client
// writes its name, over the Node server (which reads Node's raw header list) as through msw.
// node:http sends a header's name in the case it is given, so each spelling reaches the server.

const key = commentKey(createStore({ seed: 1 }))

function post(url: string, headerName: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ Key: key, Message: `Sent with ${headerName}` })
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}${commentsPath}`,
      {
        method: 'POST',
        // Node writes a header's name as the object's key spells it.
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          [headerName]: 'PUT',
          'Content-Length': String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

describe('X-HTTP-Method-Override as a header, over the Node server', () => {
  it.each(['X-HTTP-Method-Override', 'x-http-method-override', 'X-Http-Method-Override'])(
    'turns a POST into the PUT of a comment when written %s',
    async (headerName) => {
      const server = await startServer()
      const answer = await post(server.url, headerName)
      expect(answer.status, answer.body).toBe(200)
      expect(JSON.parse(answer.body)).toMatchObject({
        Key: key,
        Message: `Sent with ${headerName}`,
      })
    },
  )
})
