import { describe, expect, it } from 'vitest'
import { maxLogLineChars, safeLogLine } from '../../src/node/server/log-line.ts'
import { buildApp, commentKey, commentsPath } from '../support/index.ts'

// A log that cannot be forged (issue 13, finding 6): what a request sends reaches the terminal
// as escapes, never as an escape sequence or a line break, and each request is one bounded line.

const clearScreen = '\u001b[2J'
const forgery = `x${clearScreen}\nPUT /RestApi/forged json 200 0.1ms`

// Anything a terminal obeys or breaks a line at.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for.
const controlCharacter = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

describe('safeLogLine', () => {
  it.each([
    ['ESC and a newline', `GET /a${clearScreen}\nGET /b`, 'GET /a\\x1b[2J\\nGET /b'],
    ['a carriage return and a tab', 'a\rb\tc', 'a\\rb\\tc'],
    ['DEL and a C1 CSI', 'a\u007fb\u009bc', 'a\\x7fb\\x9bc'],
    ['a line separator and a bidi override', 'a\u2028b\u202ec', 'a\\u2028b\\u202ec'],
    ['plain text, unchanged', 'PUT /RestApi/a json 200 1.0ms Grüße 🎉', null],
  ])('escapes %s', (_label, line, escaped) => {
    expect(safeLogLine(line)).toBe(escaped ?? line)
  })

  it('cuts a long line and counts what it left out', () => {
    const line = `GET /a json 200 1.0ms warning: ${'w'.repeat(50_000)}`
    const safe = safeLogLine(line)
    expect(safe.startsWith(line.slice(0, maxLogLineChars))).toBe(true)
    expect(safe).toBe(
      `${line.slice(0, maxLogLineChars)}… and ${line.length - maxLogLineChars} more chars`,
    )
  })

  it('counts escapes in the length, and cuts a long line full of them too', () => {
    const safe = safeLogLine('\u001b'.repeat(10_000))
    expect(safe.length).toBeLessThanOrEqual(maxLogLineChars + 30)
    expect(safe).toMatch(/^(\\x1b)+… and \d+ more chars$/)
    const shown = (safe.match(/\\x1b/g) ?? []).length
    expect(safe.endsWith(`and ${10_000 - shown} more chars`)).toBe(true)
  })
})

describe('the request log', () => {
  it('writes one escaped line for a body that carries an escape sequence and a newline', async () => {
    const lines: string[] = []
    const { app, store } = buildApp({ log: (line) => lines.push(line) })
    const response = await app.request(commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: commentKey(store), Rating: forgery }),
    })
    expect(response.status).toBe(200)
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toMatch(controlCharacter)
    expect(lines[0]).toContain('x\\x1b[2J\\nPUT /RestApi/forged')
  })

  it('bounds the line of a request with many warnings', async () => {
    const lines: string[] = []
    const { app } = buildApp({ log: (line) => lines.push(line) })
    const Properties = Array.from({ length: 300 }, (_, i) => ({ Name: `P${i}`, AllowSort: 'no' }))
    const response = await app.request('/RestApi/apiservice/createService', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Route: '/api/warned', Types: [{ Name: 'T', Properties }] }),
    })
    expect(response.status).toBe(200)
    expect(lines).toHaveLength(1)
    expect(lines[0]?.length).toBeLessThanOrEqual(maxLogLineChars + 30)
    expect(lines[0]).toMatch(/… and \d+ more chars$/)
  })
})
