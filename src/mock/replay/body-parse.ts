import { defaultLimits, readJsv } from '../../wire/index.ts'
import { pairsText, type Pairs } from './same-data.ts'

// Bodies as the replay compares them: parsed in their format, or `unparsed`.

/** How a recorded body is compared: as text, or parsed, a redacted value matching any. */
export type BodyFormat = 'text' | 'json' | 'form' | 'jsv' | 'xml' | 'multipart'

/** A body that could not be parsed in its format: it matches no parsed pattern. */
export const unparsed = Symbol('unparsed')

export function parse(format: BodyFormat, text: string, contentType: string): Promise<unknown> {
  if (format === 'multipart') return multipartPairs(text, contentType)
  if (format === 'xml') return loadXmlData().then((xmlData) => xmlOrNot(xmlData, text))
  return Promise.resolve(parseOrNot(format, text))
}

/**
 * The XML reader, loaded on first use: a page whose replay holds no redacted XML body does not
 * carry fast-xml-parser at start (test/package/initial-chunk.test.ts).
 */
export function loadXmlData(): Promise<XmlData> {
  return import('./xml-data.ts').then(({ xmlData }) => xmlData)
}

export type XmlData = (text: string) => unknown

export function xmlOrNot(xmlData: XmlData, text: string): unknown {
  try {
    return xmlData(text)
  } catch {
    return unparsed
  }
}

/** A body parsed in a format that parses without waiting, or `unparsed`. */
export function parseOrNot(format: BodyFormat, text: string): unknown {
  try {
    switch (format) {
      case 'json':
        return JSON.parse(text)
      case 'form':
        return [...new URLSearchParams(text)]
      case 'jsv':
        return readJsv(text, defaultLimits)
      default:
        return unparsed
    }
  } catch {
    // Not that format, too deep or too long: no parsed pattern matches it.
    return unparsed
  }
}

/** A multipart body's fields as pairs; a file's name joins its field's name. */
async function multipartPairs(text: string, contentType: string): Promise<unknown> {
  try {
    const form = await new Response(text, { headers: { 'content-type': contentType } }).formData()
    const pairs: [string, string][] = []
    for (const [name, value] of form) {
      pairs.push(
        typeof value === 'string' ? [name, value] : [`${name}\n${value.name}`, await value.text()],
      )
    }
    return pairs
  } catch {
    return unparsed
  }
}

/** A body as entries recorded alike share it: JSON by its data, forms by their pairs. */
export function normalized(format: BodyFormat, text: string, parsed: unknown): string {
  if (format === 'form') return pairsText(parsed as Pairs)
  if (format !== 'json') return text
  try {
    return JSON.stringify(sortKeys(parsed))
  } catch {
    // Nested deeper than the stack: compared as it was written.
    return text
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  )
}
