import type { HostHeaders } from './wire/index.ts'

const allowMethods = 'GET, POST, PUT, DELETE, PATCH, OPTIONS, HEAD'
const exposeHeaders = 'Content-Disposition, X-Mock-Warning'

// Without an Origin (curl, server-side fetch) the headers never vary: one shared record.
const anyOrigin: HostHeaders = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Credentials': 'true',
  'Access-Control-Expose-Headers': exposeHeaders,
})

/**
 * The CORS headers of an answer to a request from `origin`: any origin (echoed, so credentials
 * work) and credentials, as ServiceStack's CorsFeature allows. They are handed to the mock's
 * dispatch, which builds them into each answer: adding them afterwards would make the Node
 * server copy every answer (measured: about a third of the throughput, then several µs).
 * @example mock.dispatch(request, { headers: corsHeaders(request.headers.get('origin')) })
 */
export function corsHeaders(origin: string | null | undefined): HostHeaders {
  if (!origin) return anyOrigin
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': exposeHeaders,
    Vary: 'Origin',
  }
}

/** The answer to a preflight: every OPTIONS request is answered at once, as CorsFeature does. */
export function preflightResponse(request: Request): Response {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': request.headers.get('origin') || '*',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': allowMethods,
    'Access-Control-Max-Age': '600',
    Vary: 'Accept, Origin, Access-Control-Request-Headers',
  }
  const requested = request.headers.get('access-control-request-headers')
  if (requested) headers['Access-Control-Allow-Headers'] = requested
  return new Response(null, { status: 204, headers })
}
