import type { ResponseError } from '../../model/index.ts'

/** What a `ServiceError` may carry besides its status, type and message. */
export interface ServiceErrorDetails {
  /** One entry per problem; more than `listLimit` end in a `TooManyErrors` entry. */
  readonly errors?: readonly Partial<ResponseError>[]
  /** Problems found past the ones in `errors` and not written out, only counted. */
  readonly errorsLeftOut?: number
  /**
   * Raised by the host before the service ran (a malformed body, a limit, a binding error):
   * such errors keep the standard reason phrase and skip the response filters, so a CSV answer
   * gets no Content-Disposition.
   */
  readonly beforeService?: boolean
}

/**
 * An expected failure, as ServiceStack reports an exception of type `errorCode`: a value an
 * operation returns, never throws.
 * @example return new ServiceError(400, 'ArgumentException', 'Invalid Key.')
 */
export class ServiceError {
  readonly status: number
  /** The exception type name: `ArgumentException`, `SerializationException`, … */
  readonly errorCode: string
  readonly message: string
  readonly details: ServiceErrorDetails

  constructor(
    status: number,
    errorCode: string,
    message: string,
    details: ServiceErrorDetails = {},
  ) {
    this.status = status
    this.errorCode = errorCode
    this.message = message
    this.details = details
  }

  /**
   * The reason phrase: a service's own exception is reported with its type name
   * (`400 ArgumentException`); errors before the service keep the standard phrase.
   */
  get statusText(): string | undefined {
    return this.details.beforeService ? undefined : this.errorCode
  }
}
