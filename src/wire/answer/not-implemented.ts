import type { Operation } from '../define-operation.ts'
import type { RequestContext } from '../request-context.ts'
import type { RouteMatch } from '../route/route-table.ts'
import type { Answer } from './respond.ts'
import { errorResponse } from './errors.ts'
import { ServiceError } from './service-error.ts'

/** The service has no method for this verb (a pre-defined route takes any). */
export function notImplemented(
  ctx: RequestContext,
  { operation, method }: RouteMatch<Operation>,
): Answer {
  const verb = method.charAt(0) + method.slice(1).toLowerCase()
  const name = operation.requestDto.name
  return errorResponse(
    ctx,
    new ServiceError(
      405,
      'NotImplementedException',
      // ServiceExec.cs l.219–221 names the service class that holds the request's methods.
      `Could not find method named ${verb}(${name}) or Any(${name}) on Service ${operation.service}`,
      // Thrown before any ServiceRunner (SS Host/ServiceExec.cs l.201–222), so it reaches the
      // UncaughtExceptionHandlers' WriteErrorToResponse (SF ServiceStackAppHost.cs l.71–77):
      // `Method Not Allowed`, no response filters, no CSV Content-Disposition (issue 39, G3).
      { beforeService: true },
    ),
  )
}
