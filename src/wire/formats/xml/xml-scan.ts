import { DecodeError } from '../../request/decode-error.ts'
import type { Limits } from '../../request/limits.ts'

/**
 * The most elements and attributes one XML body may hold. The parser and its validator are
 * linear but slow for each, so a body of nothing but empty elements would hold the event loop
 * too long (docs/performance.md, "Large bodies under attack"); a request DTO has far fewer.
 */
export const maxXmlNodes = 100_000

const lt = 0x3c
const gt = 0x3e
const slash = 0x2f
const quote = 0x22
const apostrophe = 0x27
const equals = 0x3d

/**
 * One pass over the raw text, in time linear in its length (no regular expression that could
 * backtrack): refuses nesting deeper than `limits.depth` before any recursive reader sees it,
 * and more than `maxXmlNodes` elements and attributes. (Namespaces are the parser's tree's:
 * xml-names.ts.)
 * Comments, CDATA sections, processing instructions and declarations are skipped whole, and
 * quoted attribute values may hold `>`. Malformed text is left to the validator.
 */
export function scanXml(text: string, limits: Limits): void {
  let depth = 0
  let nodes = 0
  let i = text.indexOf('<')
  while (i >= 0 && i < text.length - 1) {
    const next = text.charCodeAt(i + 1)
    if (text.startsWith('<!--', i)) i = after(text, '-->', i + 4)
    else if (text.startsWith('<![CDATA[', i)) i = after(text, ']]>', i + 9)
    else if (next === 0x3f /* ? */) i = after(text, '?>', i + 2)
    else if (next === 0x21 /* ! */) i = after(text, '>', i + 2)
    else if (next === slash) {
      depth--
      i = after(text, '>', i + 2)
    } else if (next === lt || isSpace(next)) {
      // Not markup: the validator reports the stray `<`.
      i++
    } else {
      const tag = startTag(text, i + 1)
      nodes += 1 + tag.attributes
      if (nodes > maxXmlNodes) {
        throw new DecodeError(
          `Failed to read request: the XML has more elements and attributes than the limit of ${maxXmlNodes}`,
        )
      }
      if (!tag.selfClosing) {
        depth++
        if (depth > limits.depth) {
          throw new DecodeError(
            `Failed to read request: nesting is deeper than the limit of ${limits.depth} levels`,
          )
        }
      }
      i = tag.end
    }
    if (i >= 0) i = text.indexOf('<', i)
  }
}

/** The index just past `end`, searched from `from`; -1 when the text ends first. */
function after(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from)
  return at < 0 ? -1 : at + end.length
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
}

interface StartTag {
  /** The index just past its `>`, or -1 when the text ends first. */
  readonly end: number
  readonly selfClosing: boolean
  /** Names (and stray tokens) after the element's name: an upper bound on its attributes. */
  readonly attributes: number
}

/**
 * Reads a start tag from just after its `<`: each character is looked at once, quoted values
 * are skipped with one search for the closing quote.
 */
function startTag(text: string, from: number): StartTag {
  let attributes = 0
  let nameStart = -1
  let inName = true
  let last = 0
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === gt) return { end: i + 1, selfClosing: last === slash, attributes }
    if (c === quote || c === apostrophe) {
      const close = text.indexOf(c === quote ? '"' : "'", i + 1)
      if (close < 0) break
      i = close
      last = c
      continue
    }
    if (isSpace(c) || c === equals || c === slash) {
      if (isSpace(c)) inName = false
      nameStart = -1
    } else if (!inName && nameStart < 0) {
      attributes++
      nameStart = i
    }
    last = c
  }
  return { end: -1, selfClosing: false, attributes }
}
