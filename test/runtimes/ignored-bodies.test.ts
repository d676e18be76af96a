import { getResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createHandlers, createMock, createStore } from '../../handlers/index.ts'
import { buildApp, commentKey, commentsPath, origin, readJson } from '../support/index.ts'

// A body the mock ignored, or read otherwise than the user likely meant: the answer stays the
// real host's, and the warning says what happened and what to send (issue 38).

const key = commentKey(createStore({ seed: 1 }))
const json = JSON.stringify({ Key: key, Message: 'hello' })

interface Case {
  readonly name: string
  readonly headers: Record<string, string>
  readonly body: BodyInit
  /** What the warning must say: what happened, and the fix. */
  readonly says: readonly string[]
}

const cases: readonly Case[] = [
  {
    name: 'a JSON body with no Content-Type',
    headers: {},
    body: new TextEncoder().encode(json),
    says: ['no Content-Type: the body was ignored', 'send Content-Type: application/json'],
  },
  {
    name: 'JSON text under a form Content-Type (curl -d)',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: json,
    says: [
      'JSON text',
      'curl -d',
      'read as a form',
      "send Content-Type: application/json (curl -H 'Content-Type: application/json')",
    ],
  },
  {
    name: 'a text/plain body (fetch with a string body)',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    body: json,
    says: [
      "Content-Type 'text/plain;charset=UTF-8' has no reader: the body was ignored",
      'fetch sends a string body as text/plain: send Content-Type: application/json',
    ],
  },
  {
    name: 'a JSON body sent with Accept but no Content-Type',
    headers: { Accept: 'application/json' },
    body: new TextEncoder().encode(json),
    says: [
      'no Content-Type: the body was ignored',
      "Accept: application/json chooses the answer's format, not the body's",
      'send Content-Type: application/json too',
    ],
  },
]

describe('bodies the mock ignored', () => {
  it.each(cases)(
    '$name: the host’s 400, the warning saying what to send, in the header and the log',
    async ({ headers, body, says }) => {
      const lines: string[] = []
      const { app } = buildApp({ log: (line) => lines.push(line) })
      const response = await app.request(commentsPath, { method: 'PUT', headers, body })
      expect(response.status).toBe(400)
      expect((await readJson(response)).ResponseStatus.Message).toBe('Invalid Key.')
      const warning = response.headers.get('x-mock-warning')
      for (const text of says) expect(warning).toContain(text)
      expect(lines[0]?.endsWith(` warning: ${warning}`)).toBe(true)
    },
  )

  it('keeps the empty 400 of a text/plain body with Accept */*, and says why', async () => {
    const lines: string[] = []
    const { app } = buildApp({ log: (line) => lines.push(line) })
    const response = await app.request(commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Accept: '*/*' },
      body: json,
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toBe('')
    const warning = response.headers.get('x-mock-warning')
    expect(warning).toContain('answers the error with no body')
    expect(warning).toContain("the answer takes the request's Content-Type")
    expect(warning).toContain('send Accept: application/json')
    expect(lines[0]).toContain(`warning: ${warning}`)
  })

  it('says it once in the console through msw', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const handlers = createHandlers(createMock({ store: createStore({ seed: 1 }) }))
      const send = (): Request =>
        new Request(origin + commentsPath, {
          method: 'PUT',
          headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
          body: json,
        })
      await getResponse(handlers, send())
      await getResponse(handlers, send())
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0]?.[0]).toMatch(
        /^restapi-mock: PUT \/RestApi\/comments-api\/comments 400: .*send Content-Type: application\/json/,
      )
    } finally {
      warn.mockRestore()
    }
  })
})
