import { describe, expect, it } from 'vitest'
import { DecodeError } from '../../src/wire/request/decode-error.ts'
import { maxXmlNodes, scanXml } from '../../src/wire/formats/xml/xml-scan.ts'
import { defaultLimits, type Limits } from '../../src/wire/request/limits.ts'
import { growth, linearGrowthLimit } from '../support/index.ts'

// The one pass over an XML body before the validator and the parser: nesting, the node cap and
// the root's default namespace, with no regular expression.

const shallow: Limits = { ...defaultLimits, depth: 3 }

function refusal(text: string, limits: Limits = shallow): string {
  try {
    scanXml(text, limits)
  } catch (error) {
    if (error instanceof DecodeError) return error.message
    throw error
  }
  throw new Error('Failed to scan: expected a DecodeError, got none')
}

const tooDeep = 'Failed to read request: nesting is deeper than the limit of 3 levels'

describe('scanXml: nesting', () => {
  it.each([
    ['three levels', '<a><b><c/></b></a>'],
    ['three levels, then siblings', '<a><b><c></c></b><b><c/></b></a>'],
    ['self-closing elements', '<a><b/><b/><b><c/></b></a>'],
    ['a self-closing element with attributes', '<a><b><c x="1" y=\'2\'/></b></a>'],
    ['a quoted > in an attribute', '<a><b><c x=">"/></b></a>'],
    ['a quoted /> in an attribute', '<a><b x="/>"><c/></b></a>'],
    ['markup inside a comment', '<a><b><!-- <c><d><e> --></b></a>'],
    ['markup inside CDATA', '<a><b><![CDATA[<c><d><e>]]></b></a>'],
    ['a declaration and a processing instruction', '<?xml version="1.0"?><a><?x <b><c>?></a>'],
    ['a stray < in text (left to the validator)', '<a>1 < 2 << 3</a>'],
  ])('passes %s within the limit', (_, text) => {
    expect(() => scanXml(text, shallow)).not.toThrow()
  })

  it.each([
    ['four open elements', '<a><b><c><d>'],
    ['four levels closed properly', '<a><b><c><d/></c></b></a>'.replace('<d/>', '<d></d>')],
    ['prefixed names', '<x:a><x:b><x:c><x:d></x:d></x:c></x:b></x:a>'],
    ['names that start with any character', '<é><ü><ß><ø>'],
    ["'<a>' repeated", '<a>'.repeat(10)],
  ])('refuses %s, as the old check did', (_, text) => {
    expect(refusal(text)).toBe(tooDeep)
  })
})

describe('scanXml: the node cap', () => {
  it('counts elements and attribute names together', () => {
    const elements = `<r>${'<a/>'.repeat(maxXmlNodes - 1)}</r>`
    expect(() => scanXml(elements, defaultLimits)).not.toThrow()
    expect(refusal(`<r>${'<a/>'.repeat(maxXmlNodes)}</r>`, defaultLimits)).toBe(
      `Failed to read request: the XML has more elements and attributes than the limit of ${maxXmlNodes}`,
    )
    const attributes = `<r${' a'.repeat(maxXmlNodes)}/>`
    expect(refusal(attributes, defaultLimits)).toContain(String(maxXmlNodes))
  })
})

describe('scanXml: time', () => {
  function outcome(text: string): string {
    try {
      scanXml(text, defaultLimits)
      return 'scanned'
    } catch (error) {
      if (error instanceof DecodeError) return 'refused'
      throw error
    }
  }

  // Finding 1: the old regexes took 60 s on 12 KB of '<a' and 6.6 s on 128 KB of CDATA. A
  // megabyte now takes about 16 times a sixteenth of it (at most 64: the old ones were far worse).
  it.each<[string, (size: number) => string, string]>([
    // One start tag that never ends: the validator refuses it.
    ["'<a' repeated", (size) => '<a'.repeat(size / 2), 'scanned'],
    ["CDATA full of '<'", (size) => `<a><![CDATA[${'<'.repeat(size)}]]></a>`, 'scanned'],
    ['unterminated quotes', (size) => `<a${' b="'.repeat(size / 4)}`, 'refused'],
    ['comment openers', (size) => `<a>${'<!--'.repeat(size / 4)}`, 'scanned'],
  ])('scans a megabyte of %s in linear time', async (_, text, expected) => {
    const texts = new Map([1 << 16, 1 << 20].map((size) => [size, text(size)]))
    const { ratio, summary } = await growth((size) => outcome(texts.get(size) ?? ''), 1 << 20)
    expect(ratio, summary).toBeLessThan(linearGrowthLimit)
    expect(outcome(texts.get(1 << 20) ?? '')).toBe(expected)
  })
})
