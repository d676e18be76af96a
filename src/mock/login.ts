import {
  authModes,
  loginCookie,
  loginRoles,
  type ActiveLogin,
  type AuthMode,
  type LoginRole,
  type LoginState,
} from '../wire/index.ts'

// Being logged in to the mock (decisions.md section 18): each state (the shared one, each
// session) holds the one credential that is logged in now. `POST /__mock/login` makes one,
// `DELETE /__mock/login` drops it, so a client still sending it is a session that expired.

/** `GET /__mock/login`: the wall's mode for this state and whether someone is logged in. */
export interface LoginStatus {
  readonly Mode: AuthMode
  readonly LoggedIn: boolean
}

/** What a login hands a test: the credential, as a cookie and as a bearer token. */
export interface LoginTicket extends LoginStatus {
  readonly Role: LoginRole
  readonly Token: string
  /** The `Cookie` request header that carries it (the answer's `Set-Cookie` sets the same). */
  readonly Cookie: string
  /** The `Authorization` request header that carries it. */
  readonly Authorization: string
}

/** How to log in: as whom, and under which mode of the wall (null: the mock's `auth`). */
export interface LoginOptions {
  readonly role?: LoginRole
  /** This state's own mode from now on; unset: as it was. */
  readonly mode?: AuthMode | null
}

/** A state nobody has logged in to, under the mock's mode. */
export function newLoginState(): LoginState {
  return { mode: null, token: null, role: 'BackendUser' }
}

export function loginStatus(state: LoginState, mockMode: AuthMode): LoginStatus {
  return { Mode: state.mode ?? mockMode, LoggedIn: state.token !== null }
}

/** Logs in with a new credential; the one before it stops working. */
export function logIn(state: LoginState, mockMode: AuthMode, options: LoginOptions): LoginTicket {
  if (options.mode !== undefined) state.mode = options.mode
  state.role = options.role ?? 'BackendUser'
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const token = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  state.token = token
  return {
    ...loginStatus(state, mockMode),
    Role: state.role,
    Token: token,
    Cookie: `${loginCookie}=${token}`,
    Authorization: `Bearer ${token}`,
  }
}

/** Logs out: the credential stops working (a client that keeps it sees its session expire). */
export function logOut(
  state: LoginState,
  mockMode: AuthMode,
  options: LoginOptions = {},
): LoginStatus {
  if (options.mode !== undefined) state.mode = options.mode
  state.token = null
  return loginStatus(state, mockMode)
}

/** The state's login while its wall is up, else null: what the dispatch hands an operation. */
export function activeLogin(state: LoginState, mockMode: AuthMode): ActiveLogin | null {
  const mode = state.mode ?? mockMode
  return mode === 'off' ? null : { mode, token: state.token, role: state.role }
}

/**
 * `{"Mode":"forms","Role":"User"}` (both optional, values exactly as listed) as login options,
 * or what is wrong with it.
 */
export function readLoginOptions(body: unknown): LoginOptions | string {
  if (body === null) return {}
  if (typeof body !== 'object' || Array.isArray(body)) {
    return 'send {"Mode":"claims|forms|off","Role":"BackendUser|Administrator|User"} or nothing'
  }
  const { Mode: mode, Role: role, ...rest } = body as Record<string, unknown>
  const unknown = Object.keys(rest)
  if (unknown.length > 0) return `unknown field '${unknown[0]}': only Mode and Role are read`
  if (mode !== undefined && !authModes.includes(mode as AuthMode)) {
    return `Mode '${String(mode)}' is not one of ${authModes.join(', ')}`
  }
  if (role !== undefined && !loginRoles.includes(role as LoginRole)) {
    return `Role '${String(role)}' is not one of ${loginRoles.join(', ')}`
  }
  return {
    ...(mode === undefined ? {} : { mode: mode as AuthMode }),
    ...(role === undefined ? {} : { role: role as LoginRole }),
  }
}

/** The `Set-Cookie` of a login, or of a logout (`token` null: the cookie expires). */
export function loginSetCookie(token: string | null): string {
  const attributes = 'Path=/; HttpOnly; SameSite=Lax'
  return token === null
    ? `${loginCookie}=; Max-Age=0; ${attributes}`
    : `${loginCookie}=${token}; ${attributes}`
}
