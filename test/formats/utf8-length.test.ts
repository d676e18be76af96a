import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countUtf8Bytes, utf8Length } from '../../src/wire/request/utf8-length.ts'

// The loop runs where there is no Node Buffer (a browser running the service worker); it must
// count what an encoder writes, lone surrogates included.

const anyUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
})

describe('utf8Length', () => {
  it('counts what TextEncoder writes, for any UTF-16 text', () => {
    const encoder = new TextEncoder()
    fc.assert(
      fc.property(fc.oneof(anyUnits, fc.string({ unit: 'grapheme' })), (text) => {
        const bytes = encoder.encode(text).length
        expect(countUtf8Bytes(text)).toBe(bytes)
        expect(utf8Length(text)).toBe(bytes)
      }),
      { numRuns: 500 },
    )
  })

  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['👋', 4],
    ['\ud83d', 3],
    ['\udc4b\ud83d', 6],
    ['a\ud83dz', 5],
  ])('%j is %i bytes', (text, bytes) => {
    expect(countUtf8Bytes(text)).toBe(bytes)
  })
})
