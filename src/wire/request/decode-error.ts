import type { ResponseError } from '../../model/index.ts'

/**
 * An expected failure while reading a request: readers throw it from deep inside a parse, and
 * `readRequest` turns it into a ServiceStack error response. Anything else thrown is a bug.
 */
export class DecodeError extends Error {
  readonly status: number
  readonly errorCode: string
  /** The `Errors[]` entries the real host adds (an ArgumentException's parameter, say). */
  readonly errors: readonly Partial<ResponseError>[]

  constructor(
    message: string,
    options: {
      status?: number
      errorCode?: string
      errors?: readonly Partial<ResponseError>[]
    } = {},
  ) {
    super(message)
    this.name = 'DecodeError'
    this.status = options.status ?? 400
    this.errorCode = options.errorCode ?? 'SerializationException'
    this.errors = options.errors ?? []
  }
}
