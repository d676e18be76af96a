import { ErrorResponse, type ResponseError } from '../../model/index.ts'
import type { Answer } from './respond.ts'
import { defaultWriteOptions } from '../formats/jsconfig.ts'
import { writeJson } from '../formats/json.ts'
import { capList, moreText } from '../request/list-limit.ts'
import type { RequestContext } from '../request-context.ts'
import { respond } from './respond.ts'
import type { ServiceError } from './service-error.ts'

/**
 * `ErrorResponse { ResponseStatus { ErrorCode, Message, Errors } }`: the one place the error
 * body is made, for operations, the control routes and the edge's 500.
 */
export function errorBody(
  error: Pick<ServiceError, 'errorCode' | 'message'> & { details?: ServiceError['details'] },
): ErrorResponse {
  const details = error.details ?? {}
  return {
    ResponseStatus: {
      ErrorCode: error.errorCode,
      Message: printable(error.message),
      StackTrace: null,
      // ServiceStack always sets the list, so JSON shows `"Errors":[]`.
      Errors: capList(details.errors ?? [], details.errorsLeftOut ?? 0, tooManyErrors).map(
        (entry) => ({
          ErrorCode: entry.ErrorCode ?? error.errorCode,
          FieldName: entry.FieldName ?? null,
          Message:
            entry.Message === undefined || entry.Message === null ? null : printable(entry.Message),
          Meta: null,
        }),
      ),
      Meta: null,
    },
  }
}

/** Control characters and lone surrogates: what a message quoting a body must not carry. */
const unprintable =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * A message as it may be written in any format: a message that quotes a request body (a
 * parser's complaint, a value that did not bind) never echoes its binary bytes, which XML
 * could not hold at all; each is written as its `\uXXXX` escape instead.
 */
function printable(text: string): string {
  return text.replace(
    unprintable,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  )
}

/** A service error in the negotiated format, with the reason phrase the real host gives it. */
export function errorResponse(ctx: RequestContext, error: ServiceError): Answer {
  return respond(ctx, ErrorResponse, errorBody(error), {
    status: error.status,
    statusText: error.statusText,
    attachment: !error.details.beforeService,
  })
}

/** The error body as JSON, for answers made outside an operation (control routes, the edge). */
export function errorJson(errorCode: string, message: string): string {
  return writeJson(ErrorResponse, errorBody({ errorCode, message }), defaultWriteOptions)
}

/** The last entry of a cut `Errors` list: how many more problems there were. */
function tooManyErrors(count: number): Partial<ResponseError> {
  return { ErrorCode: 'TooManyErrors', FieldName: null, Message: moreText(count) }
}

/** What the real host answers for an unknown path, or a known path with another verb. */
export function notFoundAnswer(): Answer {
  return {
    status: 404,
    statusText: undefined,
    headers: { 'Content-Type': 'text/plain', Vary: 'Accept' },
    body: '404',
  }
}

/**
 * A bug reached the edge: the request gets a 500 in the ServiceStack shape and the mock keeps
 * serving. JSON, because the negotiation itself may be what failed.
 */
export function internalErrorAnswer(error: unknown): Answer {
  const message = error instanceof Error ? error.message : String(error)
  const errorCode = error instanceof Error ? error.name : 'Exception'
  return {
    status: 500,
    statusText: undefined,
    headers: { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Accept' },
    body: errorJson(errorCode, message),
  }
}
