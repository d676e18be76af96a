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

/** The context an operation (or an error answer) is written with. */
export function contextOf(
  request: Request,
  host: RequestHost,
  { path, query }: SplitUrl,
  route: RouteFacts,
  operationName: string,
  session: string | null,
  store: Store,
  { config, negotiations }: ContextSource,
  /** The body, when something read it before the context was made. */
  body?: RequestBody,
): RequestContext {
  const contentType = host.header('content-type')
  const negotiated = negotiate(
    {
      accept: host.header('accept'),
      contentType,
      query,
      extension: route.extension,
      firstSegment: route.firstSegment,
      defaultFormat: config.defaultFormat,
    },
    negotiations,
  )
  return {
    request,
    host,
    session,
    store,
    config,
    path,
    query,
    contentType,
    body: body ?? requestBody(request, host, config),
    negotiated,
    writeOptions: parseJsConfig(query.get('jsconfig')),
    operationName,
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
