import { XMLParser } from 'fast-xml-parser'

// A replayed XML body as data, for matching a redacted value (replay-pattern.ts): loaded on
// first use, so a page without such a recording carries no XML parser at start.

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
})

/** XML as data: elements by name, attributes as `@name`, text as strings; throws on a DTD. */
export function xmlData(text: string): unknown {
  // A DTD could define entities that expand: the mock's XML reader refuses them too.
  if (/<!DOCTYPE/i.test(text)) throw new Error('Failed to read XML: a DTD is refused')
  return xmlParser.parse(text)
}
