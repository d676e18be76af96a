import type { MockConfig } from './config.ts'
import { errorResponse, internalErrorResponse } from './errors.ts'
import { isFormat, type Format } from './format.ts'
import { parseJsConfig } from './formats/jsconfig.ts'
import { negotiate } from './negotiate.ts'
import type { ControlResolver, Operation } from './operation.ts'
import type { RequestContext } from './request-context.ts'

/**
 * Answers a request, or `undefined` when no route of the mock matches it, so another handler
 * may take it; a caller with none answers `notFoundResponse()`, as the real host does.
 */
export type Dispatch = (request: Request) => Promise<Response | undefined>

interface CompiledRoute {
  readonly operation: Operation
  /** Lowercased literal segments; null where a path variable stands. */
  readonly segments: readonly (string | null)[]
  readonly names: readonly (string | null)[]
}

/**
 * What runs around every operation (latency, faults, the journal), kept out of this module so
 * that routing knows nothing of the control plane.
 */
export interface DispatchHooks {
  /** May answer instead of the operation (a simulated fault), after any delay it adds. */
  before(ctx: RequestContext): Promise<Response | undefined>
  /** Sees every request under the base path and its answer (`undefined`: no route matched). */
  after(
    request: Request,
    ctx: RequestContext | null,
    response: Response | undefined,
    startedAt: number,
    durationMs: number,
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
      segments: parts.map((part) => (part.startsWith('{') ? null : part.toLowerCase())),
      names: parts.map((part) => (part.startsWith('{') ? part.slice(1, -1) : null)),
    }
  })
  const byDtoName = new Map(operations.map((op) => [op.requestDto.name.toLowerCase(), op]))
  const basePrefix = `${config.basePath.toLowerCase()}/`

  return async (request) => {
    try {
      const url = new URL(request.url)
      // Empty segments are ignored everywhere, the base path included (`//RestApi//x`).
      const path = url.pathname.includes('//') ? url.pathname.replace(/\/{2,}/g, '/') : url.pathname
      if (path.toLowerCase().startsWith(basePrefix)) {
        if (!hooks) return (await serve(request, url, path.slice(basePrefix.length))).response
        const startedAt = Date.now()
        const started = performance.now()
        const { response, ctx } = await serve(request, url, path.slice(basePrefix.length))
        hooks.after(request, ctx, response, startedAt, performance.now() - started)
        return response
      }
      if (path === controlPath || path.startsWith(`${controlPath}/`)) {
        return await control(request, url)
      }
      return undefined
    } catch (error) {
      console.error(
        'restapi-mock: unexpected error while answering',
        request.method,
        request.url,
        error,
      )
      return internalErrorResponse(error)
    }
  }

  async function serve(request: Request, url: URL, rest: string): Promise<Served> {
    const segments = rest.split('/').filter(Boolean).map(decodeSegment)
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

    const ctx: RequestContext = {
      request,
      url,
      config,
      negotiated: negotiate({
        accept: request.headers.get('accept'),
        contentType: request.headers.get('content-type'),
        query: url.searchParams,
        extension,
        firstSegment,
        defaultFormat: config.defaultFormat,
      }),
      writeOptions: parseJsConfig(url.searchParams.get('jsconfig')),
      operationName: operation.requestDto.name,
      bodyFormat,
      params,
      now: config.clock(),
      warnings: [],
      trace: { requestBody: null, responseBody: null, delayMs: 0, fault: null },
    }
    if (predefined && operation.method !== request.method) {
      // A pre-defined route reaches the service, which has no method for this verb.
      const verb = request.method.charAt(0) + request.method.slice(1).toLowerCase()
      const response = errorResponse(ctx, {
        status: 405,
        errorCode: 'NotImplementedException',
        statusText: 'NotImplementedException',
        message: `Could not find method named ${verb}(${operation.requestDto.name}) or Any(${operation.requestDto.name}) on Service ${operation.requestDto.name}Service`,
      })
      return { response, ctx }
    }
    const early = hooks ? await hooks.before(ctx) : undefined
    return { response: early ?? (await operation.resolve(ctx)), ctx }
  }
}

interface Served {
  readonly response: Response | undefined
  readonly ctx: RequestContext | null
}

const unmatched: Served = { response: undefined, ctx: null }

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
  segments: string[],
  params: Record<string, string>,
): boolean {
  if (route.segments.length !== segments.length) return false
  for (let i = 0; i < segments.length; i++) {
    const literal = route.segments[i]
    if (literal !== null && literal !== (segments[i] as string).toLowerCase()) return false
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
