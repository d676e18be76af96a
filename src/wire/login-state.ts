// The login wall's vocabulary (decisions.md section 18): what the settings, a state and an
// operation say about it. Kept apart from login-wall.ts, which answers, so the request
// context and the config can name these types without importing the answers.

/** `--auth`: no wall (the default), or the host's authentication mode (SecurityConfig l.41). */
export const authModes = ['off', 'claims', 'forms'] as const
export type AuthMode = (typeof authModes)[number]

/**
 * Who is logged in: a back-end user; a back-end administrator, who is also unrestricted
 * (`IsUnrestricted`, the container info's `IsAdmin`, decisions.md §24); or a user who is not a
 * back-end user (`NeedAdminRights`).
 */
export const loginRoles = ['BackendUser', 'Administrator', 'User'] as const
export type LoginRole = (typeof loginRoles)[number]

/** The cookie `POST /__mock/login` sets; `Authorization: Bearer <token>` does the same. */
export const loginCookie = 'restapi-mock-login'

/** One state's login (its session's, or the shared one's); changed by `/__mock/login`. */
export interface LoginState {
  /** This state's own `--auth`; null: the mock's. */
  mode: AuthMode | null
  /** The credential that is logged in now; null: nobody is (never logged in, or logged out). */
  token: string | null
  role: LoginRole
}

/** The login of a request's state when its wall is up (mode claims or forms). */
export interface ActiveLogin {
  readonly mode: 'claims' | 'forms'
  readonly token: string | null
  readonly role: LoginRole
}

/**
 * Where the real service checks for a back-end user: in its method (`service`:
 * CommentWebService.Put l.286), or in a request filter attribute on its class (`filter`:
 * InlineEditingService l.46, which runs before the service, ServiceStackHost.Runtime.cs l.163–216).
 */
export type BackendCheck = 'service' | 'filter'
