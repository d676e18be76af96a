import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { commentKey, rawRequest, startServer, type RawAnswer } from '../support/index.ts'

// The login wall (--auth, docs/decisions.md section 18) over the Node server, byte for byte:
// the status line's reason, every header the mock writes, and the body. Claims and Forms
// differ only where ServiceUtility.cs l.127–137 makes them differ.

const key = commentKey(createStore({ seed: 1 }))
const update = JSON.stringify({ Key: key, Message: 'over HTTP' })

async function putComment(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawRequest(`${url}/RestApi/comments-api/comments`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: update,
  })
}

/** The headers the mock chose (not Date, Connection, Keep-Alive or the length Node adds). */
function chosen(answer: RawAnswer): Record<string, unknown> {
  const {
    date: _d,
    connection: _c,
    'keep-alive': _k,
    'content-length': _l,
    ...rest
  } = answer.headers
  return rest
}

const warning = (mode: string): string =>
  `the login wall (--auth ${mode}): no back-end user's credential (cookie restapi-mock-login or ` +
  'Authorization: Bearer); log in with POST /__mock/login'

describe('the login wall over the Node server', () => {
  it('answers an anonymous update in Claims mode: 500 WebProtocolException, Unauthorized', async () => {
    const { url } = await startServer({ auth: 'claims' })
    const answer = await putComment(url)
    expect([answer.status, answer.statusMessage]).toEqual([500, 'WebProtocolException'])
    expect(chosen(answer)).toEqual({
      'content-type': 'application/json; charset=utf-8',
      vary: 'Accept',
      'x-mock-warning': warning('claims'),
    })
    expect(answer.body).toBe(
      '{"ResponseStatus":{"ErrorCode":"WebProtocolException","Message":"Unauthorized","Errors":[]}}',
    )
  })

  it('answers it in Forms mode with the marker, the AjaxLoginUrl and the .SFLOG cookie', async () => {
    const { url } = await startServer({ auth: 'forms' })
    const answer = await putComment(url)
    expect([answer.status, answer.statusMessage]).toEqual([500, 'WebProtocolException'])
    expect(chosen(answer)).toEqual({
      'content-type': 'application/json; charset=utf-8',
      vary: 'Accept',
      'set-cookie': ['.SFLOG=UserLoggedOff; path=/; HttpOnly'],
      'x-mock-warning': warning('forms'),
    })
    expect(answer.body).toBe(
      '{"ResponseStatus":{"ErrorCode":"WebProtocolException",' +
        '"Message":"..::login|session|expired::../Sitefinity/Login/Ajax","Errors":[]}}',
    )
  })

  it('answers the protected route with an empty 401 and the standard reason phrase', async () => {
    const { url } = await startServer({ auth: 'forms' })
    const answer = await rawRequest(`${url}/RestApi/Sitefinity/inlineediting/containersInfo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect([answer.status, answer.statusMessage]).toEqual([401, 'Unauthorized'])
    expect(chosen(answer)).toEqual({
      'content-type': 'text/html',
      // Every text answer says it, an empty one too (issue 40, I2).
      'x-content-type-options': 'nosniff',
      'x-mock-warning': warning('forms'),
    })
    expect(answer.body).toBe('')
  })

  it('logs in with POST /__mock/login, whose cookie lets the update through, and out with DELETE', async () => {
    const { url } = await startServer({ auth: 'claims' })
    const login = await rawRequest(`${url}/__mock/login`, { method: 'POST' })
    expect(login.status).toBe(200)
    const ticket = JSON.parse(login.body) as { Token: string; Cookie: string }
    expect(login.headers['set-cookie']).toEqual([
      `restapi-mock-login=${ticket.Token}; Path=/; HttpOnly; SameSite=Lax`,
    ])
    expect((await putComment(url, { Cookie: ticket.Cookie })).status).toBe(200)
    const logout = await rawRequest(`${url}/__mock/login`, { method: 'DELETE' })
    expect(JSON.parse(logout.body)).toEqual({ Mode: 'claims', LoggedIn: false })
    expect((await putComment(url, { Cookie: ticket.Cookie })).status).toBe(500)
  })
})
