import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser'
import { newRedaction, redactedText, type Redaction } from './secret-names.ts'

type XmlNode = Record<string, unknown>

// Entities are left as they are, both ways, so that the text written back is the text read
// (no DTD can expand), and every kind of node is kept in its place.
const options = {
  preserveOrder: true,
  ignoreAttributes: false,
  allowBooleanAttributes: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
} as const

/** `<redacted>` as XML text and attribute values write it. */
const escapedRedacted = '&lt;redacted&gt;'
const attributes = ':@'

/**
 * An XML text with the content of elements whose local name is secret (`<Password>`,
 * `<d2p1:BearerToken>`) and the values of secret attributes redacted, at any depth; the
 * elements, their attributes and their order stay. A text with nothing to redact comes back as
 * it was; one that is not well-formed XML (or declares a DTD) gives undefined.
 */
export function redactXml(text: string, redaction: Redaction = newRedaction()): string | undefined {
  if (/<!DOCTYPE/i.test(text)) return undefined
  const state = { changed: false, redaction }
  try {
    if (XMLValidator.validate(text) !== true) return undefined
    const nodes = new XMLParser(options).parse(text) as XmlNode[]
    redactNodes(nodes, false, state)
    return state.changed ? (new XMLBuilder(options).build(nodes) as string) : text
  } catch {
    // Deeper than the stack allows, say: the caller's fallback takes it.
    return undefined
  }
}

function redactNodes(
  nodes: XmlNode[],
  secret: boolean,
  state: { changed: boolean; readonly redaction: Redaction },
  inCdata = false,
): void {
  for (const node of nodes) {
    const attributeValues = node[attributes] as Record<string, unknown> | undefined
    for (const name of Object.keys(attributeValues ?? {})) {
      const local = localName(name.slice(options.attributeNamePrefix.length))
      if (!name.startsWith('@_xmlns') && state.redaction.names.isSecret(local)) {
        found(state.redaction, String((attributeValues as Record<string, unknown>)[name]))
        ;(attributeValues as Record<string, unknown>)[name] = escapedRedacted
        state.changed = true
      }
    }
    for (const [name, content] of Object.entries(node)) {
      if (name === attributes || name === '#comment' || name.startsWith('?')) continue
      if (name === '#text') {
        if (secret && String(content).trim() !== '') {
          found(state.redaction, String(content).trim(), !inCdata)
          // A CDATA section holds its text unescaped.
          node[name] = inCdata ? redactedText : escapedRedacted
          state.changed = true
        }
      } else if (Array.isArray(content)) {
        const cdata = name === '#cdata'
        const secretHere = secret || (!cdata && state.redaction.names.isSecret(localName(name)))
        redactNodes(content as XmlNode[], secretHere, state, cdata)
      }
    }
  }
}

function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1)
}

/** A value hidden, as the XML text held it and, when escaped, as it reads. */
function found(redaction: Redaction, text: string, escaped = true): void {
  redaction.found.add(text)
  if (escaped && text.includes('&')) {
    redaction.found.add(
      text
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&apos;', "'")
        .replaceAll('&amp;', '&'),
    )
  }
}
