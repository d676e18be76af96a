import type { Answer } from './answer/respond.ts'
import { errorResponse } from './answer/errors.ts'
import { ServiceError } from './answer/service-error.ts'
import type { RequestContext } from './request-context.ts'
import { cookieValue } from './request-record.ts'
import { loginCookie, type ActiveLogin, type BackendCheck } from './login-state.ts'

// The real host's login wall (decisions.md section 18): who may call an operation that demands a
// back-end user, and what the others are answered. Sources: SF Web/Services/ServiceUtility.cs
// l.117–141, Security/Claims/ProtectedRoute.cs l.115–131, SS HttpRequestExtensions.cs l.250–284.

/** The host's `AjaxLoginUrl` default (SF Security/Configuration/Permission.cs l.94). */
const ajaxLoginUrl = '~/Sitefinity/Login/Ajax'
const expiredMarker = '..::login|session|expired::..'
/** The host's `LoggingCookieName` (SecurityConfig.cs l.388) and the reasons it holds (UserLoggingReason.cs). */
const loggingCookie = '.SFLOG'
const loggingReasons = new Set([
  'Success',
  'UserLimitReached',
  'UserNotFound',
  'UserLoggedFromDifferentIp',
  'SessionExpired',
  'UserLoggedOff',
  'UserLoggedFromDifferentComputer',
  'Unknown',
  'NeedAdminRights',
  'UserAlreadyLoggedIn',
  'UserRevoked',
  'SiteAccessNotAllowed',
  'SiteNotAccessible',
  'LoginFailedWithError',
  'RejectedCustom',
])

type Caller = 'anonymous' | 'user' | 'backend'

/** Who the request is: the holder of its state's live credential, or anonymous. */
function callerOf(ctx: RequestContext, login: ActiveLogin): Caller {
  const { token } = login
  if (token === null) return 'anonymous'
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.header('authorization') ?? '')?.[1]
  // Every login cookie is read, the first that holds the token wins: one a proxied upstream
  // set on a narrower path (`Path=/RestApi`) is sent first, and must not shadow the real one.
  if (bearer !== token && !cookieValues(ctx.header('cookie'), loginCookie).includes(token))
    return 'anonymous'
  return login.role === 'User' ? 'user' : 'backend'
}

/**
 * `/RestApi/Sitefinity/*` is an ASP.NET `ProtectedRoute` (SF Abstractions/Bootstrapper.cs
 * l.354), matched before ServiceStack runs: an anonymous caller gets `Response.Clear()`, a 401
 * and the request ends (ProtectedRoute.cs l.118–123, ClaimsResolver.cs l.470–476). Null: go on.
 */
export function protectedRouteAnswer(ctx: RequestContext, login: ActiveLogin): Answer | null {
  const rest = ctx.path.slice(ctx.config.basePath.length).replace(/^\/+/, '')
  if (rest.slice(0, 11).toLowerCase() !== 'sitefinity/') return null
  const caller = callerOf(ctx, login)
  if (caller === 'backend') return null
  const headers: Record<string, string> = { 'Content-Type': 'text/html' }
  headers['X-Mock-Warning'] =
    caller === 'user'
      ? 'the real host challenges a user who is not a back-end user through its identity ' +
        'provider (ProtectedRoute.cs l.125-128), which decides the answer: the mock answers 401'
      : wallWarning(login.mode)
  return { status: 401, statusText: undefined, headers, body: '' }
}

/**
 * `ServiceUtility.RequestAuthentication` for a caller that is not a back-end user: it throws
 * Telerik's `WebProtocolException`, which implements no `IHasStatusCode` (its `StatusCode` is an
 * `HttpStatusCode`), so ServiceStack answers it as any exception: a 500 with its message. Forms
 * mode also sets the `.SFLOG` cookie to the logout reason. Null: a back-end user, go on.
 */
export function backendUserAnswer(
  ctx: RequestContext,
  login: ActiveLogin,
  check: BackendCheck,
): Answer | null {
  const caller = callerOf(ctx, login)
  if (caller === 'backend') return null
  const details = { beforeService: check === 'filter' }
  if (caller === 'user') {
    return errorResponse(
      ctx,
      new ServiceError(500, 'WebProtocolException', 'NeedAdminRights', details),
    )
  }
  ctx.warnings.add(wallWarning(login.mode))
  if (login.mode === 'claims') {
    return errorResponse(
      ctx,
      new ServiceError(500, 'WebProtocolException', 'Unauthorized', details),
    )
  }
  const loginUrl = absolute(ajaxLoginUrl, ctx.config.basePath)
  const message = `${expiredMarker}${loginUrl}`
  const answer = errorResponse(ctx, new ServiceError(500, 'WebProtocolException', message, details))
  // Without a reason in the request's cookie: UserLoggedOff for a URL ending in /Ajax (l.136).
  const sent = cookieValue(ctx.header('cookie'), loggingCookie)
  const fallback = /\/Ajax$/i.test(loginUrl) ? 'UserLoggedOff' : 'SessionExpired'
  const reason = sent !== null && loggingReasons.has(sent) ? sent : fallback
  answer.headers['Set-Cookie'] = `${loggingCookie}=${reason}; path=/; HttpOnly`
  return answer
}

/** `VirtualPathUtility.ToAbsolute`: `~` is the application, the base path less its `RestApi`. */
function absolute(path: string, basePath: string): string {
  const app = /\/RestApi$/i.test(basePath) ? basePath.slice(0, -'/RestApi'.length) : ''
  return app + path.slice(1)
}

function wallWarning(mode: 'claims' | 'forms'): string {
  return (
    `the login wall (--auth ${mode}): no back-end user's credential (cookie ${loginCookie} or ` +
    'Authorization: Bearer); log in with POST /__mock/login'
  )
}

/**
 * Every value of one cookie name in a `Cookie` header, in order: a browser sends one per path
 * and domain that set it (`a=1; a=2`), so a cookie set by another path can stand before the one
 * a reader wants.
 */
function cookieValues(cookies: string | null, name: string): string[] {
  if (cookies === null || !cookies.includes(name)) return []
  const values: string[] = []
  for (const pair of cookies.split(';')) {
    const equals = pair.indexOf('=')
    if (equals !== -1 && pair.slice(0, equals).trim() === name)
      values.push(pair.slice(equals + 1).trim())
  }
  return values
}
