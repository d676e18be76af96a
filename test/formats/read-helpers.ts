import { expect } from 'vitest'
import { DecodeError } from '../../src/wire/request/decode-error.ts'

// Helpers of the reader tests: refusals (every one a DecodeError, a 400 SerializationException,
// never another exception), nested text, and XML comment bodies.

/** The DecodeError an action throws; fails the test on any other outcome. */
export function decodeErrorOf(action: () => unknown): DecodeError {
  try {
    action()
  } catch (error) {
    if (error instanceof DecodeError) return error
    throw new Error(`Failed to read: expected a DecodeError, got ${String(error)}`, {
      cause: error,
    })
  }
  throw new Error('Failed to read: expected a DecodeError, got none')
}

/** A refusal as the real server answers it: 400 SerializationException; answers the error. */
export function expectRefused(action: () => unknown): DecodeError {
  const error = decodeErrorOf(action)
  expect(error.status).toBe(400)
  expect(error.errorCode).toBe('SerializationException')
  return error
}

/** `levels` openers, then `inner`, then as many closers: text nested `levels` deep. */
export function nested(open: string, close: string, levels: number, inner = ''): string {
  return open.repeat(levels) + inner + close.repeat(levels)
}

const xmlns =
  'xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO"'

/** An XML CommentUpdateRequest body with the given member elements. */
export function commentXml(members: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><CommentUpdateRequest ${xmlns}>${members}</CommentUpdateRequest>`
}
