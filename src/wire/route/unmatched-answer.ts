import type { Answer } from '../answer/respond.ts'
import { noRoute, type RouteFacts } from '../per-request.ts'
import { errorResponse, notFoundAnswer } from '../answer/errors.ts'
import type { RequestContext } from '../request-context.ts'
import { matchPredefined, splitSegments, type Routable, type RouteTable } from './route-table.ts'

/** A route of an operation: it has a request DTO, whose name the pre-defined routes use. */
type NamedRoutable = Routable & { readonly requestDto: { readonly name: string } }
import { ServiceError } from '../answer/service-error.ts'

/**
 * What the real host answers a path below the base path that no operation, page or fallback
 * took, and whether the mock writes it itself (`respond`) or leaves the plain 404 to the runtime
 * (so that a user's own msw handlers may still take it):
 * - `/{format}/reply/{Name}` with a name no operation has (a response DTO's name, or one with an
 *   extension, which is part of the name there): 405 `NotImplementedException`, as ServiceStack
 *   5's `ServiceController` throws it, in that format, reason `Method Not Allowed`;
 * - `/api/{Dto}`, where `@servicestack/client` 2 sends by default: the real 404, with an
 *   `X-Mock-Warning` naming `useBasePath()`;
 * - anything else: the plain 404.
 */
export function unmatchedAnswer<T extends NamedRoutable>(
  table: RouteTable<T>,
  rest: string,
  basePath: string,
  contextFor: (route: RouteFacts, name: string) => RequestContext,
): { answer: Answer; respond: boolean } {
  const segments = splitSegments(rest)
  const predefined = matchPredefined(segments)
  if (predefined) {
    const { format, dtoName } = predefined
    const route = { ...noRoute, firstSegment: segments[0] as string, predefinedFormat: format }
    const message = `The operation '${dtoName}' does not exist for this service`
    // Thrown before the service (SS ServiceStackHandlerBase.cs l.256): as define-operation.ts's 405.
    const error = new ServiceError(405, 'NotImplementedException', message, { beforeService: true })
    return { answer: errorResponse(contextFor(route, dtoName), error), respond: true }
  }
  const answer = notFoundAnswer()
  const warning = clientPathWarning(table, segments, basePath)
  if (warning) answer.headers['X-Mock-Warning'] = warning
  return { answer, respond: warning !== undefined }
}

function clientPathWarning<T extends NamedRoutable>(
  table: RouteTable<T>,
  segments: readonly string[],
  basePath: string,
): string | undefined {
  if (segments.length !== 2 || segments[0]?.toLowerCase() !== 'api') return undefined
  const given = segments[1] as string
  const dot = given.lastIndexOf('.')
  const operation =
    table.byDtoName.get(given.toLowerCase()) ??
    (dot < 0 ? undefined : table.byDtoName.get(given.slice(0, dot).toLowerCase()))
  if (!operation) return undefined
  const name = operation.requestDto.name
  return (
    `ServiceStack 5 has no ${basePath}/api/${name} route (the real host answers 404 too). ` +
    `@servicestack/client 2 sends there by default: call client.useBasePath() to send to ` +
    `${basePath}/json/reply/${name}`
  )
}
