import { ErrorResponse, type ResponseError } from '../model/index.ts'
import { addHostHeaders, type HostHeaders } from './host-headers.ts'
import { capList, moreText } from './list-limit.ts'
import type { RequestContext } from './request-context.ts'
import { respond } from './respond.ts'

/** An expected failure, as ServiceStack reports an exception of type `errorCode`. */
export interface ServiceError {
  readonly status: number
  /** The exception type name: `ArgumentException`, `SerializationException`, … */
  readonly errorCode: string
  readonly message: string
  /** One entry per problem; more than `listLimit` end in a `TooManyErrors` entry. */
  readonly errors?: readonly Partial<ResponseError>[]
  /** Problems found past the ones in `errors` and not written out, only counted. */
  readonly errorsLeftOut?: number
  /**
   * The HTTP reason phrase. A service's own exception is reported with its type name
   * (`400 ArgumentException`); errors before the service runs keep the standard phrase.
   */
  readonly statusText?: string
  /**
   * Raised by the host before the service ran (a malformed body, a limit, a binding error):
   * such errors skip the response filters, so a CSV answer gets no Content-Disposition.
   */
  readonly beforeService?: boolean
}

/** `ErrorResponse { ResponseStatus { ErrorCode, Message, Errors } }` in the negotiated format. */
export function errorResponse(ctx: RequestContext, error: ServiceError): Response {
  const body: ErrorResponse = {
    ResponseStatus: {
      ErrorCode: error.errorCode,
      Message: error.message,
      StackTrace: null,
      // ServiceStack always sets the list, so JSON shows `"Errors":[]`.
      Errors: capList(error.errors ?? [], error.errorsLeftOut ?? 0, tooManyErrors).map((entry) => ({
        ErrorCode: entry.ErrorCode ?? error.errorCode,
        FieldName: entry.FieldName ?? null,
        Message: entry.Message ?? null,
        Meta: null,
      })),
      Meta: null,
    },
  }
  return respond(ctx, ErrorResponse, body, {
    status: error.status,
    ...(error.statusText ? { statusText: error.statusText } : {}),
    attachment: !error.beforeService,
  })
}

/** The last entry of a cut `Errors` list: how many more problems there were. */
function tooManyErrors(count: number): Partial<ResponseError> {
  return { ErrorCode: 'TooManyErrors', FieldName: null, Message: moreText(count) }
}

/** What the real host answers for an unknown path, or a known path with another verb. */
export function notFoundResponse(hostHeaders?: HostHeaders): Response {
  const headers: Record<string, string> = { 'Content-Type': 'text/plain', Vary: 'Accept' }
  if (hostHeaders) addHostHeaders(headers, hostHeaders)
  return new Response('404', { status: 404, headers })
}

/**
 * A bug reached the edge: the request gets a 500 in the ServiceStack shape and the mock keeps
 * serving. Formatting is JSON here because the negotiation itself may be what failed.
 */
export function internalErrorResponse(error: unknown, hostHeaders?: HostHeaders): Response {
  const message = error instanceof Error ? error.message : String(error)
  const errorCode = error instanceof Error ? error.name : 'Exception'
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    Vary: 'Accept',
  }
  if (hostHeaders) addHostHeaders(headers, hostHeaders)
  return new Response(
    JSON.stringify({ ResponseStatus: { ErrorCode: errorCode, Message: message, Errors: [] } }),
    { status: 500, headers },
  )
}
