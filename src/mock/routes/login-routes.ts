import { fail, json, readJsonBody } from './control-answers.ts'
import type { StateCall } from './control-call.ts'
import {
  logIn,
  loginSetCookie,
  loginStatus,
  logOut,
  readLoginOptions,
  type LoginOptions,
} from '../login.ts'

// `/__mock/login` of one state: who is logged in to it, behind the login wall (`--auth`).

/** `GET /__mock/login`: `{"Mode":"off|claims|forms","LoggedIn":true|false}`. */
export function readLogin({ session, deps }: StateCall): Response {
  return json(loginStatus(session.login, deps.config.auth))
}

/** `POST /__mock/login` (`{"Mode","Role"}`, both optional): a new credential, set as a cookie. */
export async function postLogin(call: StateCall): Promise<Response> {
  const options = await optionsOf(call, 'log in')
  if (options instanceof Response) return options
  const ticket = logIn(call.session.login, call.deps.config.auth, options)
  return withCookie(json(ticket), loginSetCookie(ticket.Token))
}

/** `DELETE /__mock/login`: the credential stops working; the cookie is expired too. */
export async function deleteLogin(call: StateCall): Promise<Response> {
  const options = await optionsOf(call, 'log out')
  if (options instanceof Response) return options
  const status = logOut(call.session.login, call.deps.config.auth, options)
  return withCookie(json(status), loginSetCookie(null))
}

async function optionsOf(
  { request, deps }: StateCall,
  action: string,
): Promise<LoginOptions | Response> {
  const body = await readJsonBody(request, deps.config)
  if (body instanceof Response) return body
  const options = readLoginOptions(body)
  return typeof options === 'string'
    ? fail(400, 'ArgumentException', `Failed to ${action}: ${options}`)
    : options
}

function withCookie(response: Response, cookie: string): Response {
  response.headers.set('Set-Cookie', cookie)
  return response
}
