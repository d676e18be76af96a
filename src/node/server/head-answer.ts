/**
 * A HEAD answer with its header names as on GET (issue 39, P1; issue 30, C10). Hono answers
 * HEAD by running GET's route and wrapping its answer in `new Response(null, answer)` (hono
 * `hono-base.js`, `#dispatch`), which copies the headers into a `Headers` object: its names are
 * lower-case, and @hono/node-server writes them so. The real host (IIS) writes the same names
 * for HEAD as for GET. The names the mock writes are all `Title-Case` (`Content-Type`,
 * `X-Mock-Warning`, `Access-Control-Allow-Origin`), so each is written back so, in a plain
 * record, which @hono/node-server sends as it stands.
 */
export async function headAnswer(pending: Response | Promise<Response>): Promise<Response> {
  const response = await pending
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[titleCase(name)] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['Set-Cookie'] = cookies
  // A record with an array is what node's writeHead takes; the Headers type does not say so.
  return new Response(null, { status: response.status, headers: headers as HeadersInit })
}

function titleCase(name: string): string {
  return name.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => dash + letter.toUpperCase(),
  )
}
