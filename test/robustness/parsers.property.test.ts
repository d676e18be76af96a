import { parse as parseCsv } from 'csv-parse/browser/esm/sync'
import fc from 'fast-check'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { compileGlob } from '../../src/control/compile-glob.ts'
import { CreateService } from '../../src/model/index.ts'
import { DecodeError } from '../../src/wire/request/decode-error.ts'
import { checkCsvWidth } from '../../src/wire/formats/csv-read.ts'
import { readXml } from '../../src/wire/formats/xml/xml-read.ts'
import { scanXml } from '../../src/wire/formats/xml/xml-scan.ts'
import { defaultLimits, type Limits } from '../../src/wire/request/limits.ts'
import { csvish, xmlTree, xmlish } from '../formats/arbitraries.ts'
import { readContext } from '../support/index.ts'
import { checkProperty, fuzzRuns } from './fuzz-runs.ts'

// Issue 13: the scanners and the glob matcher that replaced backtracking regexes, checked
// against independent oracles on random input: the glob matcher against a textbook dynamic
// programme, the XML scan against what fast-xml-parser itself reads, the CSV width check
// against csv-parse. `npm run fuzz` runs many more cases (FUZZ_RUNS).

const runs = fuzzRuns(400)

/** Textbook wildcard matching: `*` any run, case-insensitive; O(pattern × text), for checks. */
function globReference(pattern: string, text: string): boolean {
  const p = pattern.toLowerCase()
  const t = text.toLowerCase()
  let row = Array.from({ length: t.length + 1 }, (_, j) => j === 0)
  for (let i = 1; i <= p.length; i++) {
    const star = p[i - 1] === '*'
    const next = [star && (row[0] ?? false)]
    for (let j = 1; j <= t.length; j++) {
      next[j] = star
        ? (row[j] ?? false) || (next[j - 1] ?? false)
        : (row[j - 1] ?? false) && p[i - 1] === t[j - 1]
    }
    row = next
  }
  return row[t.length] ?? false
}

const globText = (maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom('a', 'A', 'b', '/', '.', '?'), maxLength })
const globPattern = fc.string({
  unit: fc.constantFrom('a', 'A', 'b', '/', '.', '?', '*', '*'),
  maxLength: 14,
})
/** Long pieces, so the matcher's long-piece search is reached as often as `indexOf`. */
const longGlobPattern = fc
  .array(fc.constantFrom('aaaaaaab', 'abababab', 'aaaaaaaa', 'baaaaaaa', '*', 'a', 'b'), {
    maxLength: 6,
  })
  .map((parts) => parts.join(''))

describe('compileGlob against a dynamic-programming reference', () => {
  it.each([
    ['short patterns and paths', globPattern, globText(24)],
    ['long pieces', longGlobPattern, fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 60 })],
  ])('agrees on %s', async (_, patterns, texts) => {
    const property = fc.asyncProperty(patterns, texts, async (pattern, text) => {
      expect(compileGlob(pattern)(text.toLowerCase())).toBe(globReference(pattern, text))
    })
    expect(await checkProperty(`compileGlob: ${_}`, property, runs)).toBeGreaterThan(0)
  })
})

const shallow: Limits = { ...defaultLimits, depth: 4 }

/** Attribute values that hold what a regex or a careless scan would take for markup. */
const attributeValue = fc.constantFrom('x', '>', '/>', '<a>'.replace('<', '&lt;'), ' xmlns=', '"')

const attribute = fc
  .tuple(fc.constantFrom('a', 'xmlns', 'xmlns:i', 'i:nil', 'b-c'), attributeValue)
  .map(([name, value]) => (value.includes('"') ? ` ${name}='${value}'` : ` ${name}="${value}"`))

interface Generated {
  readonly text: string
  /** Elements nested in elements, a self-closing one not counted: what the limit is meant for. */
  readonly depth: number
}

/** Well-formed XML of random depth, with comments, CDATA and attributes that look like markup. */
const deepXmlWithDepth: fc.Arbitrary<Generated> = fc
  .letrec<{ node: Generated; element: Generated }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc
        .constantFrom('text', '<!-- <a><b><c> -->', '<![CDATA[<a><b></c>]]>', '&lt;a&gt;', ' ')
        .map((text) => ({ text, depth: 0 })),
      tie('element'),
    ),
    element: fc
      .tuple(
        fc.constantFrom('a', 'b:c', 'Route', 'é'),
        fc.uniqueArray(attribute, { maxLength: 3, selector: (text) => text.split('=')[0] }),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.boolean(),
      )
      .map(([name, attributes, children, selfClosing]) => {
        const open = `${name}${attributes.join('')}`
        if (children.length === 0 && selfClosing) return { text: `<${open}/>`, depth: 0 }
        return {
          text: `<${open}>${children.map((child) => child.text).join('')}</${name}>`,
          depth: 1 + Math.max(0, ...children.map((child) => child.depth)),
        }
      }),
  }))
  .element.chain((root) =>
    fc
      .constantFrom('', '<?xml version="1.0"?>', '<!-- x --><?pi <a>?>')
      .map((prolog) => ({ text: `${prolog}${root.text}`, depth: root.depth })),
  )
const deepXml = deepXmlWithDepth.map((generated) => generated.text)

const plainParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // The scan returns the namespace as written, as the regex it replaced did.
  processEntities: false,
})

type Node = Record<string, unknown>

function elementName(node: Node): string | undefined {
  return Object.keys(node).find((key) => key !== ':@' && key !== '#text' && !key.startsWith('?'))
}

function depthOf(nodes: Node[]): number {
  let deepest = 0
  for (const node of nodes) {
    const name = elementName(node)
    if (name) deepest = Math.max(deepest, 1 + depthOf((node[name] as Node[]) ?? []))
  }
  return deepest
}

function outcome(action: () => unknown): string {
  try {
    action()
    return 'read'
  } catch (error) {
    if (error instanceof DecodeError) return 'refused'
    throw error
  }
}

describe('scanXml against fast-xml-parser', () => {
  it('refuses exactly the documents nested deeper than the limit (the parser agrees on the depth)', async () => {
    const property = fc.asyncProperty(deepXmlWithDepth, async ({ text, depth }) => {
      expect(XMLValidator.validate(text)).toBe(true)
      // The parser cannot tell `<a/>` from `<a></a>`: it sees the depth with leaves counted.
      const parsed = depthOf(plainParser.parse(text) as Node[])
      expect(parsed === depth || parsed === depth + 1).toBe(true)
      expect(outcome(() => scanXml(text, shallow))).toBe(depth > shallow.depth ? 'refused' : 'read')
    })
    expect(await checkProperty('scanXml depth', property, runs)).toBeGreaterThan(0)
  })

  it('leaves readXml to answer or refuse any text, never to throw anything else', async () => {
    const hostile = fc.oneof(
      xmlish,
      xmlTree,
      deepXml,
      fc.string({
        unit: fc.constantFrom('<', 'a', '>', '/', '"', "'", '=', ' ', '!', '?', '['),
        maxLength: 60,
      }),
    )
    const property = fc.asyncProperty(hostile, async (text) => {
      expect(['read', 'refused']).toContain(
        outcome(() => readXml(text, CreateService, readContext())),
      )
    })
    expect(await checkProperty('readXml on hostile text', property, runs)).toBeGreaterThan(0)
  })
})

const csvText = fc.oneof(
  csvish,
  fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n', ' ', '\r\n', '""'), maxLength: 40 }),
)

describe('checkCsvWidth against csv-parse', () => {
  it('refuses a body csv-parse reads exactly when its header or first row is too wide', async () => {
    const maxCells = 3
    const property = fc.asyncProperty(csvText, async (text) => {
      let rows: string[][] | undefined
      try {
        rows = parseCsv(text, { bom: true, skip_empty_lines: true, to: 2 }) as string[][]
      } catch {
        // csv-parse refuses it: the width check may refuse it first or let csv-parse say why.
        rows = undefined
      }
      fc.pre(rows !== undefined)
      const tooWide = (rows ?? []).some((row) => row.length > maxCells)
      expect(outcome(() => checkCsvWidth(text, maxCells))).toBe(tooWide ? 'refused' : 'read')
    })
    expect(await checkProperty('checkCsvWidth', property, runs)).toBeGreaterThan(0)
  })
})
