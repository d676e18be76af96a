import fc from 'fast-check'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { CommentUpdateRequest } from '../../src/model/index.ts'
import { InvalidXmlCharacter } from '../../src/wire/formats/xml/xml-escape.ts'
import { writeXml } from '../../src/wire/formats/xml/xml.ts'
import { buildApp, commentKey, sendJson } from '../support/index.ts'
import { dtoValue, writtenDtos } from './arbitraries.ts'

// Issue 18, bug 1: a character XML 1.0 forbids is never written. ServiceStack's XmlWriter throws
// an ArgumentException on it, which the host answers 400 (issue 30, N10: SS
// `HttpRequestExtensions.cs` l.279 via SF `ServiceStackAppHost.cs` l.71–78), so the answer is a
// 400 ResponseStatus in XML naming the character; every XML answer, whatever the stored text, is
// a document a parser reads.

/** Any character outside XML 1.0's `Char` production, checked apart from the writer's rule. */
const forbidden = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u

async function putAsXml(
  message: string,
): Promise<{ status: number; statusText: string; warning: string | null; text: string }> {
  const { app, store } = buildApp()
  const response = await sendJson(
    app,
    'PUT',
    '/RestApi/comments-api/comments',
    { Key: commentKey(store), Message: message },
    { Accept: 'application/xml' },
  )
  return {
    status: response.status,
    statusText: response.statusText,
    warning: response.headers.get('x-mock-warning'),
    text: await response.text(),
  }
}

describe('XML answers and the characters XML cannot hold', () => {
  it.each([
    ['NUL', '\u0000', '0000', '00'],
    ['SOH', 'a\u0001b', '0001', '01'],
    ['a vertical tab', 'a\u000bb', '000B', '0B'],
    ['US', '\u001f', '001F', '1F'],
    ['a lone surrogate', '\ud800', 'D800', 'D800'],
    ['U+FFFE', '\ufffe', 'FFFE', 'FFFE'],
  ])(
    'answers a stored %s with a 400 Bad Request ResponseStatus in XML naming it',
    async (_, message, u, hex) => {
      const { status, statusText, warning, text } = await putAsXml(message)
      expect(status).toBe(400)
      expect(statusText).toBe('Bad Request')
      expect(warning).toContain('an XML answer cannot hold this text')
      expect(XMLValidator.validate(text)).toBe(true)
      expect(new XMLParser().parse(text).ErrorResponse.ResponseStatus).toMatchObject({
        ErrorCode: 'ArgumentException',
        Message: `'\\u${u}', hexadecimal value 0x${hex}, is an invalid character.`,
      })
    },
  )

  // Issue 30, C4: XmlWriter's NewLineHandling.Replace writes CRLF, a lone CR and a lone LF each
  // as CRLF, and `"` and `'` as they are (reference source `XmlUtf8RawTextWriter.cs` l.772–862).
  it.each([
    ['a tab as it is, an LF as CRLF', 'a\tb\nc', 'a\tb\r\nc'],
    ['a lone CR as CRLF', 'a\rb', 'a\r\nb'],
    ['CRLF as it is, quotes as they are, > as &gt;', 'q"a\'b\r\nc>', 'q"a\'b\r\nc&gt;'],
    ['a surrogate pair', '\ud83d\ude00', '\ud83d\ude00'],
    ['DEL and C1, which XML 1.0 allows', '\u007f\u0085', '\u007f\u0085'],
  ])('writes %s', async (_, message, written) => {
    const { status, text } = await putAsXml(message)
    expect(status).toBe(200)
    expect(text).toContain(`<Message>${written}</Message>`)
  })

  // Issue 30, C4: DataContractSerializer writes "" with WriteValue, which marks content written
  // (`XmlUtf8RawTextWriter.cs` l.858–860), so the end tag is full; only an empty list gets ` />`.
  it('writes an empty string with a full end tag, not as an empty element', () => {
    const text = writeXml(CommentUpdateRequest, { Message: '', Key: null })
    expect(text).toContain('<Message></Message>')
    expect(text).toContain('<Key i:nil="true" />')
  })

  it('writes a document a parser reads for any text, and an error exactly for forbidden ones', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 12 }), async (message) => {
        const { status, text } = await putAsXml(message)
        expect(XMLValidator.validate(text)).toBe(true)
        expect(forbidden.test(text)).toBe(false)
        // A blank message is not applied (the update keeps the stored one).
        const stored = message.trim() !== ''
        expect(status).toBe(stored && forbidden.test(message) ? 400 : 200)
      }),
      { numRuns: 150 },
    )
  })

  describe.each(writtenDtos.map((def) => [def.name, def] as const))('a generated %s', (_, def) => {
    const fields = def.entries.filter((entry) => entry.spec.type.kind === 'string')
    const withText = (value: Record<string, unknown>, text: string): Record<string, unknown> => {
      const field = fields[text.length % Math.max(1, fields.length)]
      return field ? { ...value, [field.name]: text } : value
    }
    const allowed = fc.string({ unit: 'binary', maxLength: 8 }).filter((t) => !forbidden.test(t))

    it('with any allowed characters is XML a parser reads', () => {
      fc.assert(
        fc.property(dtoValue(def), allowed, (value, text) => {
          const xml = writeXml(def, withText(value, text))
          expect(XMLValidator.validate(xml)).toBe(true)
          expect(forbidden.test(xml)).toBe(false)
        }),
        { numRuns: 60 },
      )
    })
  })

  it.each(
    writtenDtos
      .filter((def) => def.entries.some((entry) => entry.spec.type.kind === 'string'))
      .map((def) => [def.name, def] as const),
  )('refuses a generated %s holding a forbidden character, as XmlWriter refuses it', (_, def) => {
    const field = def.entries.find((entry) => entry.spec.type.kind === 'string')?.name ?? ''
    fc.assert(
      fc.property(dtoValue(def), fc.string({ maxLength: 8 }), (value, text) => {
        expect(() => writeXml(def, { ...value, [field]: `${text}\u0001` })).toThrow(
          InvalidXmlCharacter,
        )
      }),
      { numRuns: 30 },
    )
  })
})
