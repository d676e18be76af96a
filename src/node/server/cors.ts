const allowMethods = 'GET, POST, PUT, DELETE, PATCH, OPTIONS, HEAD'
const exposeHeaders = 'Content-Disposition, X-Mock-Warning'

/**
 * The CORS headers of an answer to a page of `origin`, an origin the access check allowed:
 * the origin echoed (never `*`, so credentials work) and credentials, as ServiceStack's
 * CorsFeature allows. A request without an `Origin` gets none: it is no CORS request, and an
 * answer cached from it must not serve another site's page later. They are handed to the
 * mock's dispatch, which builds them into each answer: adding them afterwards would make the
 * Node server copy every answer (docs/performance.md, "Answer headers").
 * @example mock.dispatch(request, fetchHost(request, corsHeaders('http://localhost:5173')))
 */
export function corsHeaders(origin: string): Readonly<Record<string, string>> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': exposeHeaders,
    Vary: 'Origin',
  }
}

/**
 * Whether a request is a browser's CORS preflight: an `OPTIONS` carrying
 * `Access-Control-Request-Method` (with an `Origin`, which the caller checks). Any other
 * `OPTIONS` is no CORS request, and the real host, which has no CorsFeature, answers it `404`.
 */
export function isPreflight(
  method: string,
  header: (name: 'access-control-request-method') => string | null,
): boolean {
  return method === 'OPTIONS' && header('access-control-request-method') !== null
}

/**
 * The answer to a preflight from an allowed page: answered at once, as CorsFeature does, with
 * the requested headers. A page on a public site that was allowed deliberately
 * (`--cors-origin https://app.example`) also gets Chrome's private-network permission, which
 * it asks for before calling a local address.
 */
export function preflightResponse(request: Request, origin: string): Response {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': allowMethods,
    'Access-Control-Max-Age': '600',
    Vary: 'Accept, Origin, Access-Control-Request-Headers',
  }
  const requested = request.headers.get('access-control-request-headers')
  if (requested) headers['Access-Control-Allow-Headers'] = requested
  if (request.headers.get('access-control-request-private-network') === 'true') {
    headers['Access-Control-Allow-Private-Network'] = 'true'
  }
  return new Response(null, { status: 204, headers })
}
