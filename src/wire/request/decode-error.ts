/**
 * An expected failure while reading a request: readers throw it from deep inside a parse, and
 * `readRequest` turns it into a ServiceStack error response. Anything else thrown is a bug.
 */
export class DecodeError extends Error {
  readonly status: number
  readonly errorCode: string

  constructor(message: string, options: { status?: number; errorCode?: string } = {}) {
    super(message)
    this.name = 'DecodeError'
    this.status = options.status ?? 400
    this.errorCode = options.errorCode ?? 'SerializationException'
  }
}
