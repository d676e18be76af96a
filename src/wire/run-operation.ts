import type { Answer } from './answer/answer.ts'
import type { Operation } from './define-operation.ts'
import { errorResponse } from './answer/errors.ts'
import type { RequestContext } from './request-context.ts'
import type { RouteMatch } from './route/route-table.ts'
import { ServiceError } from './answer/service-error.ts'

/** Runs the matched operation; a pre-defined route reaches the service whatever the verb. */
export function runOperation(
  ctx: RequestContext,
  { operation, predefinedFormat, method }: RouteMatch<Operation>,
): Promise<Answer> | Answer {
  if (predefinedFormat === null || operation.method === method) return operation.run(ctx)
  // The service has no method for this verb.
  const verb = method.charAt(0) + method.slice(1).toLowerCase()
  const name = operation.requestDto.name
  return errorResponse(
    ctx,
    new ServiceError(
      405,
      'NotImplementedException',
      `Could not find method named ${verb}(${name}) or Any(${name}) on Service ${name}Service`,
    ),
  )
}
