import type { MockConfig } from './config.ts'
import { errorResponse, internalErrorResponse } from './errors.ts'
import { isFormat, type Format } from './format.ts'
import { withHostHeaders, type HostHeaders } from './host-headers.ts'
import { parseJsConfig } from './formats/jsconfig.ts'
import { createNegotiationMemo, negotiate } from './negotiate.ts'
import type { ControlResolver, Operation } from './operation.ts'
import { readHeader } from './read-header.ts'
import { createRequestContext, type RequestContext } from './request-context.ts'

/**
 * Answers a request, or `undefined` when no route of the mock matches it, so another handler
 * may take it; a caller with none answers `notFoundResponse()`, as the real host does.
 */
export type Dispatch = (
  request: Request,
  options?: DispatchOptions,
) => Promise<Response | undefined>

/** What a host (the Node server) adds to a request's handling; the msw handlers pass none. */
export interface DispatchOptions {
  /** Added to every answer, the control routes' too; `Vary` is appended to. */
  readonly headers?: HostHeaders
  /** Filled in when an operation answered, so a request log need not read the answer back. */
  readonly report?: DispatchReport
  /**
   * The request's headers as the host read them, name and value in turn (Node's `rawHeaders`):
   * the journal keeps this list rather than the request's `Headers`, which on the Node server
   * would keep the whole incoming message alive for as long as the entry.
   */
  readonly rawHeaders?: readonly string[]
}

export interface DispatchReport {
  /** The answer's Content-Type, as negotiated. */
  contentType: string | null
  /** What the mock noticed and let pass (the `X-Mock-Warning` header's text). */
  warnings: readonly string[]
}

interface CompiledRoute {
  readonly operation: Operation
  /** Literal segments as declared; null where a path variable stands. */
  readonly literals: readonly (string | null)[]
  /** The same, lowercased: literals match case-insensitively. */
  readonly segments: readonly (string | null)[]
  readonly names: readonly (string | null)[]
}

/**
 * What runs around every operation (latency, faults, the journal), kept out of this module so
 * that routing knows nothing of the control plane.
 */
export interface DispatchHooks {
  /** May answer instead of the operation (a simulated fault), after any delay it adds. */
  before(ctx: RequestContext): Promise<Response | undefined> | undefined
  /** Sees every request under the base path and its answer (`undefined`: no route matched). */
  after(
    request: Request,
    ctx: RequestContext | null,
    response: Response | undefined,
    startedAt: number,
    durationMs: number,
    /** The host's raw header list, when it gave one (see `DispatchOptions.rawHeaders`). */
    rawHeaders: readonly string[] | undefined,
  ): void
}

/** Where the mock's own routes live, beside the service. */
export const controlPath = '/__mock'

/**
 * The one entry point of every runtime (msw handlers, the Hono app, tests): routes a request
 * as the real host does (servicestack-wire.md section 3.1: case-insensitive literals, empty
 * segments ignored, a format extension stripped, pre-defined `/{format}/reply/{Dto}` routes,
 * verb-specific matches) and never lets an exception out.
 */
export function createDispatch(
  operations: readonly Operation[],
  control: ControlResolver,
  config: MockConfig,
  hooks?: DispatchHooks,
): Dispatch {
  const routes: CompiledRoute[] = operations.map((operation) => {
    const parts = operation.route.split('/').filter(Boolean)
    return {
      operation,
      literals: parts.map((part) => (part.startsWith('{') ? null : part)),
      segments: parts.map((part) => (part.startsWith('{') ? null : part.toLowerCase())),
      names: parts.map((part) => (part.startsWith('{') ? part.slice(1, -1) : null)),
    }
  })
  const byDtoName = new Map(operations.map((op) => [op.requestDto.name.toLowerCase(), op]))
  const basePrefix = `${config.basePath.toLowerCase()}/`
  // Clients almost always write the base path as configured: matched without lower-casing.
  const basePrefixAsConfigured = `${config.basePath}/`
  const negotiation = createNegotiationMemo()

  return async (request, options) => {
    const hostHeaders = options?.headers
    try {
      const target = splitUrl(request.url)
      // Empty segments are ignored everywhere, the base path included (`//RestApi//x`).
      const path = target.path.includes('//') ? target.path.replace(/\/{2,}/g, '/') : target.path
      if (path.startsWith(basePrefixAsConfigured) || path.toLowerCase().startsWith(basePrefix)) {
        const rest = path.slice(basePrefix.length)
        const startedAt = hooks ? Date.now() : 0
        const started = hooks ? performance.now() : 0
        // Routing is synchronous; only the operation (and a fault's delay) is awaited, here:
        // each async layer more costs a promise and a turn of the microtask queue per request.
        const routed = route(request, target, rest, hostHeaders, options?.rawHeaders)
        const ctx = routed.ctx
        let response = routed.response
        if (routed.operation && ctx) {
          const pending = hooks?.before(ctx)
          const early = pending ? await pending : undefined
          response = early ?? (await routed.operation.resolve(ctx))
        }
        hooks?.after(
          request,
          ctx,
          response,
          startedAt,
          performance.now() - started,
          options?.rawHeaders,
        )
        const report = options?.report
        if (report && ctx) {
          report.contentType = ctx.negotiated.contentType
          report.warnings = ctx.warnings
        }
        return response
      }
      if (path === controlPath || path.startsWith(`${controlPath}/`)) {
        const response = await control(request, new URL(request.url))
        return response && withHostHeaders(response, hostHeaders)
      }
      return undefined
    } catch (error) {
      console.error(
        'restapi-mock: unexpected error while answering',
        request.method,
        request.url,
        error,
      )
      return internalErrorResponse(error, hostHeaders)
    }
  }

  function route(
    request: Request,
    target: SplitUrl,
    rest: string,
    hostHeaders: HostHeaders | undefined,
    rawHeaders: readonly string[] | undefined,
  ): Routed {
    // Split by hand: String.prototype.split goes through the runtime, about 1,700
    // instructions a request.
    const segments: string[] = []
    for (let start = 0; start <= rest.length;) {
      let end = rest.indexOf('/', start)
      if (end < 0) end = rest.length
      if (end > start) {
        const part = rest.slice(start, end)
        segments.push(part.includes('%') ? decodeSegment(part) : part)
      }
      start = end + 1
    }
    if (segments.length === 0) return unmatched
    const firstSegment = segments[0] ?? null
    let extension: Format | null = null
    const last = segments[segments.length - 1] as string
    const dot = last.lastIndexOf('.')
    if (dot >= 0) {
      // Case-sensitive, as the real host's dictionary lookup: `.CSV` is not stripped.
      const ext = last.slice(dot + 1)
      if (isFormat(ext)) {
        extension = ext
        segments[segments.length - 1] = last.slice(0, dot)
      }
    }

    let operation: Operation | undefined
    let bodyFormat: Format | null = null
    const params: Record<string, string> = {}
    const predefined = matchPredefined(segments)
    if (predefined) {
      operation = byDtoName.get(predefined.dtoName.toLowerCase())
      if (!operation) return unmatched
      bodyFormat = predefined.format
    } else {
      for (const route of routes) {
        if (route.operation.method === request.method && matches(route, segments, params)) {
          operation = route.operation
          break
        }
      }
      // Routes are verb-specific: a known path with another verb is a 404, not a 405.
      if (!operation) return unmatched
    }

    const { query } = target
    const contentType = readHeader(request, rawHeaders, 'content-type')
    const ctx = createRequestContext({
      request,
      contentType,
      path: target.path,
      query,
      config,
      negotiated: negotiate(
        {
          accept: readHeader(request, rawHeaders, 'accept'),
          contentType,
          query,
          extension,
          firstSegment,
          defaultFormat: config.defaultFormat,
        },
        negotiation,
      ),
      writeOptions: parseJsConfig(query.get('jsconfig')),
      operationName: operation.requestDto.name,
      bodyFormat,
      params,
      now: config.clock(),
      hostHeaders,
      rawHeaders,
    })
    if (predefined && operation.method !== request.method) {
      // A pre-defined route reaches the service, which has no method for this verb.
      const verb = request.method.charAt(0) + request.method.slice(1).toLowerCase()
      const response = errorResponse(ctx, {
        status: 405,
        errorCode: 'NotImplementedException',
        statusText: 'NotImplementedException',
        message: `Could not find method named ${verb}(${operation.requestDto.name}) or Any(${operation.requestDto.name}) on Service ${operation.requestDto.name}Service`,
      })
      return { response, ctx, operation: null }
    }
    return { response: undefined, ctx, operation }
  }
}

interface SplitUrl {
  /** The path as sent, percent-escapes and all (as `URL.pathname`). */
  readonly path: string
  readonly query: URLSearchParams
}

const noQuery: URLSearchParams = new URLSearchParams()

/**
 * The path and query of an absolute request URL without building a URL object. Paths with dot
 * segments or backslashes go through the URL parser, which normalises them as a browser would.
 */
function splitUrl(href: string): SplitUrl {
  const pathStart = href.indexOf('/', href.indexOf('//') + 2)
  const queryStart = href.indexOf('?', pathStart)
  const hashStart = href.indexOf('#', pathStart)
  const end = hashStart < 0 ? href.length : hashStart
  const pathEnd = queryStart < 0 || queryStart > end ? end : queryStart
  const path = pathStart < 0 ? '/' : href.slice(pathStart, pathEnd)
  if (path.includes('/.') || path.includes('\\')) {
    const url = new URL(href)
    return { path: url.pathname, query: url.searchParams }
  }
  const search = pathEnd < end ? href.slice(pathEnd + 1, end) : ''
  return { path, query: search === '' ? noQuery : new URLSearchParams(search) }
}

/** A routed request: the operation to run, or the answer already decided, or neither (no route). */
interface Routed {
  readonly response: Response | undefined
  readonly ctx: RequestContext | null
  readonly operation: Operation | null
}

const unmatched: Routed = { response: undefined, ctx: null, operation: null }

function matchPredefined(segments: string[]): { format: Format; dtoName: string } | undefined {
  if (segments.length !== 3) return undefined
  const [format, kind, dtoName] = segments as [string, string, string]
  const lowerFormat = format.toLowerCase()
  const lowerKind = kind.toLowerCase()
  if (!isFormat(lowerFormat) || (lowerKind !== 'reply' && lowerKind !== 'oneway')) return undefined
  return { format: lowerFormat, dtoName }
}

function matches(
  route: CompiledRoute,
  segments: readonly string[],
  params: Record<string, string>,
): boolean {
  if (route.segments.length !== segments.length) return false
  for (let i = 0; i < segments.length; i++) {
    const literal = route.segments[i]
    if (literal === null) continue
    // As declared first: lower-casing makes a new string, which most requests never need.
    const segment = segments[i] as string
    if (segment !== route.literals[i] && literal !== segment.toLowerCase()) return false
  }
  for (let i = 0; i < segments.length; i++) {
    const name = route.names[i]
    if (name) params[name] = segments[i] as string
  }
  return true
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
