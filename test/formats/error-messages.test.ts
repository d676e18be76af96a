import { XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../support/index.ts'

// Issue 18: an error message never echoes a body's binary bytes. A message that quotes one
// writes each control character as its `\uXXXX` escape, so the error is a 400 in every format
// (XML could not hold the character at all: it would have been a 500).

describe('error messages that quote a body', () => {
  it.each([
    [
      'a JSON body that starts with NUL',
      'application/json',
      new Uint8Array([0]),
      'got string starting with: \\u0000',
    ],
    [
      'an XML body of control bytes',
      'text/xml',
      new Uint8Array([11, 4, 65]),
      "char '\\u000B' is not expected",
    ],
  ])('answers %s with a 400 whose XML names the bytes as escapes', async (_, type, body, words) => {
    const { app } = buildApp()
    const response = await app.request('/RestApi/ab-testing', {
      method: 'PUT',
      headers: { 'Content-Type': type, Accept: 'application/xml' },
      body,
    })
    expect(response.status).toBe(400)
    const text = await response.text()
    expect(XMLValidator.validate(text)).toBe(true)
    expect(text.replaceAll('&apos;', "'")).toContain(words)
    expect(text).toMatch(/^[\x20-\x7e]*$/)
  })
})
