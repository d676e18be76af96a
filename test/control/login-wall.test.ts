import { describe, expect, it } from 'vitest'
import { containersInfo, createService, updateABTest, updateComment } from '../../handlers/index.ts'
import { exampleRoute } from '../../src/wire/index.ts'
import { applyMockParameters } from '../../src/mock/index.ts'
import {
  buildApp,
  commentKey,
  commentsPath,
  commentUpdate,
  control,
  createPlane,
  readJson,
  type Plane,
} from '../support/index.ts'

// The real host's login wall behind --auth (docs/decisions.md section 18). Sources:
// SF Web/Services/ServiceUtility.cs l.117–141 (RequestAuthentication), Services/Comments/
// CommentWebService.cs l.286, Services/InlineEditing/InlineEditingService.cs l.46,
// Security/Claims/ProtectedRoute.cs l.115–131; SS v5.10 HttpRequestExtensions.cs l.250–284.

const ways = ['app', 'msw'] as const

const walledBody = (message: string): string =>
  `{"ResponseStatus":{"ErrorCode":"WebProtocolException","Message":${JSON.stringify(message)},"Errors":[]}}`

/** The container-info sample, sent to `/RestApi/<product>/inlineediting/containersInfo`. */
function containersRequest(plane: Plane, product: string): [string, RequestInit] {
  const sample = containersInfo.example.sample(plane.store).request
  const route = exampleRoute(containersInfo, sample).replace(/^\/[^/]+\//, `/${product}/`)
  return [
    `/RestApi${route}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(sample),
    },
  ]
}

function putComment(plane: Plane, headers: Record<string, string> = {}): Promise<Response> {
  return plane.request(commentsPath, commentUpdate(commentKey(plane.store), 'walled', headers))
}

async function logIn(plane: Plane, body?: unknown, session?: string): Promise<Response> {
  const init: RequestInit = {
    method: 'POST',
    headers: session ? { 'X-Mock-Session': session } : {},
  }
  if (body !== undefined) {
    init.body = JSON.stringify(body)
    ;(init.headers as Record<string, string>)['Content-Type'] = 'application/json'
  }
  return plane.request('/__mock/login', init)
}

describe('the login wall', () => {
  it('is declared by the comment update and the container info; the A/B test and service definition have no source that asks for one', () => {
    // Facts about the spec's four, by name: an operation added to the list declares its own.
    expect(
      [updateComment, containersInfo, updateABTest, createService].map((operation) => [
        operation.requestDto.name,
        operation.backendUser,
      ]),
    ).toEqual([
      ['CommentUpdateRequest', 'service'],
      ['ContainerInfoMessage', 'filter'],
      ['ABTestViewModel', null],
      ['CreateService', null],
    ])
  })

  it('changes nothing with --auth off, the default: an anonymous update is stored', async () => {
    const plane = createPlane('app')
    expect((await putComment(plane)).status).toBe(200)
    expect(await readJson(await control(plane, 'GET', '/__mock/login'))).toEqual({
      Mode: 'off',
      LoggedIn: false,
    })
  })

  describe.each(ways)('through %s', (way) => {
    it('answers an anonymous comment update in Claims mode as WebProtocolException(Unauthorized) reaches ServiceStack: a 500', async () => {
      const plane = createPlane(way, { auth: 'claims' })
      const response = await putComment(plane)
      expect(response.status).toBe(500)
      // A service's own exception: its type name is the reason phrase (HttpError, DtoUtils.cs l.153).
      expect(response.statusText).toBe('WebProtocolException')
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(response.headers.get('vary')).toBe('Accept')
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(response.headers.get('x-mock-warning')).toMatch(/login wall \(--auth claims\)/)
      expect(await response.text()).toBe(walledBody('Unauthorized'))
    })

    it('answers it in Forms mode with the login-expired marker, the AjaxLoginUrl and the .SFLOG cookie', async () => {
      const plane = createPlane(way, { auth: 'forms' })
      const response = await putComment(plane)
      expect(response.status).toBe(500)
      expect(response.statusText).toBe('WebProtocolException')
      // ServiceUtility.cs l.130–137: "~/Sitefinity/Login/Ajax" made absolute ends in /Ajax,
      // so the reason is UserLoggedOff when the request sent none.
      expect(response.headers.get('set-cookie')).toBe('.SFLOG=UserLoggedOff; path=/; HttpOnly')
      expect(await response.text()).toBe(
        walledBody('..::login|session|expired::../Sitefinity/Login/Ajax'),
      )
    })

    it('keeps the reason of the .SFLOG cookie the request sent (ServiceUtility.cs l.133, 136)', async () => {
      const plane = createPlane(way, { auth: 'forms' })
      const response = await putComment(plane, { Cookie: '.SFLOG=SessionExpired' })
      expect(response.headers.get('set-cookie')).toBe('.SFLOG=SessionExpired; path=/; HttpOnly')
    })

    it('lets the holder of the login cookie or bearer token through, and not after a logout', async () => {
      const plane = createPlane(way, { auth: 'forms' })
      const login = await logIn(plane)
      expect(login.status).toBe(200)
      const ticket = await readJson(login)
      expect(ticket).toMatchObject({ Mode: 'forms', LoggedIn: true, Role: 'BackendUser' })
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string
      expect(cookie).toBe(ticket.Cookie)
      expect((await putComment(plane, { Cookie: cookie })).status).toBe(200)
      expect((await putComment(plane, { Authorization: ticket.Authorization })).status).toBe(200)
      expect((await putComment(plane, { Authorization: 'Bearer someone-else' })).status).toBe(500)
      const logout = await control(plane, 'DELETE', '/__mock/login')
      expect(await readJson(logout)).toEqual({ Mode: 'forms', LoggedIn: false })
      expect(logout.headers.get('set-cookie')).toMatch(/^restapi-mock-login=; Max-Age=0;/)
      // The cookie the browser still sends is a session that expired.
      const expired = await putComment(plane, { Cookie: cookie })
      expect(expired.status).toBe(500)
      expect(await expired.text()).toContain('..::login|session|expired::..')
    })

    it("answers a user who is not a back-end user with WebProtocolException(Forbidden, 'NeedAdminRights')", async () => {
      const plane = createPlane(way, { auth: 'claims' })
      const ticket = await readJson(await logIn(plane, { Role: 'User' }))
      const response = await putComment(plane, { Authorization: ticket.Authorization })
      expect(response.status).toBe(500)
      expect(await response.text()).toBe(walledBody('NeedAdminRights'))
    })

    it('answers an anonymous container info under /RestApi/Sitefinity/ as the protected route does: 401, empty', async () => {
      const plane = createPlane(way, { auth: 'claims' })
      // Even a body that cannot be read: the route ends the request before ServiceStack runs.
      const [path] = containersRequest(plane, 'Sitefinity')
      const response = await plane.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{not json',
      })
      expect(response.status).toBe(401)
      expect(response.headers.get('content-type')).toBe('text/html')
      expect(response.headers.get('vary')).toBeNull()
      expect(await response.text()).toBe('')
      const ticket = await readJson(await logIn(plane))
      const [, init] = containersRequest(plane, 'sitefinity')
      const allowed = await plane.request(path, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Cookie: ticket.Cookie },
      })
      expect(allowed.status).toBe(200)
    })

    it('answers it elsewhere as the request filter does: a 500 with the standard reason phrase, after the body is read', async () => {
      const plane = createPlane(way, { auth: 'claims' })
      const [path, init] = containersRequest(plane, 'cms')
      const response = await plane.request(path, init)
      expect(response.status).toBe(500)
      // Thrown by a filter, not the service: UncaughtExceptionHandlers write it with no message.
      expect(response.statusText).not.toBe('WebProtocolException')
      expect(await response.text()).toBe(walledBody('Unauthorized'))
      const unread = await plane.request(path, { ...init, body: '{not json' })
      expect(unread.status).toBe(400)
    })

    it('reads the request before the comment service checks the user: a bad body is still a 400', async () => {
      const plane = createPlane(way, { auth: 'claims' })
      const response = await plane.request(commentsPath, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '[1,',
      })
      expect(response.status).toBe(400)
    })

    it('keeps each session logged in or out on its own, with its own mode', async () => {
      const plane = createPlane(way)
      const ticket = await readJson(await logIn(plane, { Mode: 'claims' }, 'a'))
      expect(ticket.Mode).toBe('claims')
      const inA = { 'X-Mock-Session': 'a' }
      const inB = { 'X-Mock-Session': 'b' }
      expect(
        (await putComment(plane, { ...inA, Authorization: ticket.Authorization })).status,
      ).toBe(200)
      expect((await putComment(plane, inA)).status).toBe(500)
      // Session b and the shared state are under the mock's own --auth off.
      expect(
        (await putComment(plane, { ...inB, Authorization: ticket.Authorization })).status,
      ).toBe(200)
      expect((await putComment(plane)).status).toBe(200)
      const status = async (headers: Record<string, string>): Promise<unknown> =>
        readJson(await plane.request('/__mock/login', { headers }))
      expect(await status(inA)).toEqual({ Mode: 'claims', LoggedIn: true })
      expect(await status(inB)).toEqual({ Mode: 'off', LoggedIn: false })
    })

    it('refuses a login it cannot read, naming the field', async () => {
      const plane = createPlane(way)
      const response = await logIn(plane, { Mode: 'basic' })
      expect(response.status).toBe(400)
      expect(await response.text()).toMatch(/Mode 'basic' is not one of off, claims, forms/)
    })
  })

  it("starts from nobody logged in again at mock.reset(), under the mock's own mode", async () => {
    const plane = createPlane('app', { auth: 'claims' })
    plane.mock.login({ mode: 'forms' })
    plane.mock.reset()
    expect(plane.mock.loginStatus()).toEqual({ Mode: 'claims', LoggedIn: false })
  })

  it("takes a story's parameters: auth puts its wall up, login logs it in (applyMockParameters)", async () => {
    const plane = createPlane('msw')
    applyMockParameters(plane.mock, { auth: 'forms' }, { session: 's' })
    expect(plane.mock.loginStatus({ session: 's' })).toEqual({ Mode: 'forms', LoggedIn: false })
    expect((await putComment(plane, { 'X-Mock-Session': 's' })).status).toBe(500)
    applyMockParameters(plane.mock, { auth: 'claims', login: 'User' }, { session: 's' })
    expect(plane.mock.loginStatus({ session: 's' })).toEqual({ Mode: 'claims', LoggedIn: true })
    // Outside a page the login is no cookie of anyone's: a request sends it itself.
    const ticket = plane.mock.login({ mode: 'claims' }, { session: 's' })
    const headers = { 'X-Mock-Session': 's', Cookie: ticket.Cookie }
    expect((await putComment(plane, headers)).status).toBe(200)
  })

  it('lets no page of another site log in or out (local-by-default.md)', async () => {
    const { app } = buildApp({ auth: 'claims' })
    for (const method of ['POST', 'DELETE']) {
      const response = await app.request('/__mock/login', {
        method,
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      })
      expect(response.status).toBe(403)
    }
  })
})
