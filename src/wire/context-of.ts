import type { Store } from '../store/index.ts'
import type { MockConfig } from './config.ts'
import type { Format } from './formats/format.ts'
import { parseJsConfig } from './formats/jsconfig.ts'
import { negotiate, type NegotiationMemo } from './answer/negotiate.ts'
import { RequestBody } from './request/request-body.ts'
import type { RequestContext, RequestHost } from './request-context.ts'
import type { SplitUrl } from './route/split-url.ts'
import { WarningList } from './request/warning-list.ts'

/** What routing found out about a request: the format hints and the path's variables. */
export interface RouteFacts {
  readonly extension: Format | null
  readonly firstSegment: string
  readonly predefinedFormat: Format | null
  readonly params: Readonly<Record<string, string>>
}

/** The facts of a request no operation took (a fallback's own error): no route, no hints. */
export const noRoute: RouteFacts = {
  extension: null,
  firstSegment: '',
  predefinedFormat: null,
  params: {},
}

/** What every context of one dispatch shares. */
export interface ContextSource {
  readonly config: MockConfig
  readonly negotiations: NegotiationMemo
}

/** What a context is made of: the request, where it was routed, and the state it works on. */
export interface ContextInput {
  readonly request: Request
  readonly host: RequestHost
  readonly target: SplitUrl
  readonly route: RouteFacts
  /** The request DTO's name: the CSV file name and the HTML page's title. */
  readonly operationName: string
  readonly session: string | null
  readonly store: Store
  /** The body, when something read it before the context was made. */
  readonly body?: RequestBody | undefined
}

/** The context an operation (or an error answer) is written with. */
export function contextOf(
  input: ContextInput,
  { config, negotiations }: ContextSource,
): RequestContext {
  const { request, host, target, route } = input
  const contentType = host.header('content-type')
  const negotiated = negotiate(
    {
      accept: host.header('accept'),
      contentType,
      query: target.query,
      extension: route.extension,
      firstSegment: route.firstSegment,
      defaultFormat: config.defaultFormat,
    },
    negotiations,
  )
  return {
    request,
    host,
    session: input.session,
    store: input.store,
    config,
    path: target.path,
    query: target.query,
    contentType,
    body: input.body ?? requestBody(request, host, config),
    negotiated,
    writeOptions: parseJsConfig(target.query.get('jsconfig')),
    operationName: input.operationName,
    bodyFormat: route.predefinedFormat,
    params: route.params,
    now: config.clock(),
    warnings: new WarningList(),
    header: (name) => host.header(name),
  }
}

/**
 * A request's body reader, within the configured limit; `keepBytes` where a fallback may forward
 * the body as it arrived.
 */
export function requestBody(
  request: Request,
  host: RequestHost,
  config: MockConfig,
  keepBytes = false,
): RequestBody {
  const { bodyBytes } = config.limits
  const contentEncoding = host.header('content-encoding')
  return new RequestBody(request, bodyBytes, host.header('content-length'), {
    contentEncoding,
    keepBytes,
  })
}
