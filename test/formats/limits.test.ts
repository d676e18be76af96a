import { describe, expect, it } from 'vitest'
import { DecodeError } from '../../src/wire/request/decode-error.ts'
import {
  checkLimits,
  checkTextDepth,
  defaultLimits,
  type Limits,
} from '../../src/wire/request/limits.ts'
import type { Loose } from '../../src/wire/request/loose.ts'

// decisions.md section 3: nesting depth (default 64, 400), array length (default 10,000, 400).

/** An object nested `levels` deep, the outermost counting as level 1: {"a":{"a":...{}}}. */
function nestedObject(levels: number): Loose {
  let tree: Loose = {}
  for (let i = 1; i < levels; i++) tree = { a: tree }
  return tree
}

function nestedText(levels: number): string {
  return '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1)
}

function limits(changes: Partial<Limits>): Limits {
  return { ...defaultLimits, ...changes }
}

function errorOf(action: () => void): DecodeError | undefined {
  try {
    action()
  } catch (error) {
    if (error instanceof DecodeError) return error
    throw error
  }
  return undefined
}

describe('defaultLimits', () => {
  it('allows 1 MiB, 64 levels and 10,000 items by default', () => {
    expect(defaultLimits).toEqual({ bodyBytes: 1024 * 1024, depth: 64, arrayLength: 10_000 })
  })
})

describe('checkLimits', () => {
  it.each<{ behaviour: string; tree: Loose; limits: Limits }>([
    {
      behaviour: 'an object nested exactly 64 levels',
      tree: nestedObject(64),
      limits: defaultLimits,
    },
    {
      behaviour: 'an object nested exactly 3 levels with a limit of 3',
      tree: nestedObject(3),
      limits: limits({ depth: 3 }),
    },
    {
      behaviour: 'scalars at the deepest level (they add no level)',
      tree: { a: { b: 1, c: 'x', d: null } },
      limits: limits({ depth: 2 }),
    },
    {
      behaviour: 'arrays nested within the limit',
      tree: { a: [[1]] },
      limits: limits({ depth: 3 }),
    },
    {
      behaviour: 'an array of exactly 10,000 items',
      tree: { a: Array.from({ length: 10_000 }, (): Loose => 0) },
      limits: defaultLimits,
    },
    {
      behaviour: 'an array of exactly 3 items with a limit of 3',
      tree: { a: [1, 2, 3] },
      limits: limits({ arrayLength: 3 }),
    },
    { behaviour: 'a scalar tree', tree: 'text', limits: limits({ depth: 1 }) },
  ])('accepts $behaviour', ({ tree, limits }) => {
    expect(() => checkLimits(tree, limits)).not.toThrow()
  })

  it.each<{ behaviour: string; tree: Loose; limits: Limits; message: string }>([
    {
      behaviour: 'an object nested 65 levels',
      tree: nestedObject(65),
      limits: defaultLimits,
      message: 'Failed to read request: nesting is deeper than the limit of 64 levels',
    },
    {
      behaviour: 'an object nested 4 levels with a limit of 3',
      tree: nestedObject(4),
      limits: limits({ depth: 3 }),
      message: 'Failed to read request: nesting is deeper than the limit of 3 levels',
    },
    {
      behaviour: 'arrays nested one level too deep',
      tree: { a: [[[]]] },
      limits: limits({ depth: 3 }),
      message: 'Failed to read request: nesting is deeper than the limit of 3 levels',
    },
    {
      behaviour: 'a deep branch beside shallow ones',
      tree: { a: 1, b: { c: 2 }, d: [{ e: { f: {} } }] },
      limits: limits({ depth: 4 }),
      message: 'Failed to read request: nesting is deeper than the limit of 4 levels',
    },
    {
      behaviour: 'an array of 10,001 items',
      tree: { a: Array.from({ length: 10_001 }, (): Loose => 0) },
      limits: defaultLimits,
      message: 'Failed to read request: an array has 10001 items, over the limit of 10000',
    },
    {
      behaviour: 'an array of 4 items with a limit of 3',
      tree: { a: [{ b: [1, 2, 3, 4] }] },
      limits: limits({ arrayLength: 3 }),
      message: 'Failed to read request: an array has 4 items, over the limit of 3',
    },
  ])('refuses $behaviour with a 400', ({ tree, limits, message }) => {
    const error = errorOf(() => checkLimits(tree, limits))
    expect(error).toBeInstanceOf(DecodeError)
    expect(error?.message).toBe(message)
    expect(error?.status).toBe(400)
  })

  it('walks a very deep tree without overflowing the stack', () => {
    const error = errorOf(() => checkLimits(nestedObject(100_000), defaultLimits))
    expect(error?.status).toBe(400)
  })
})

describe('checkTextDepth', () => {
  it.each<{ behaviour: string; text: string; depth: number }>([
    { behaviour: 'text nested exactly 64 levels', text: nestedText(64), depth: 64 },
    { behaviour: 'text nested exactly 3 levels', text: '{"a":{"b":{}}}', depth: 3 },
    { behaviour: 'arrays and objects nested exactly 3 levels', text: '{"a":[{"b":1}]}', depth: 3 },
    { behaviour: 'brackets inside a string', text: '{"a":"{{{[[["}', depth: 1 },
    { behaviour: 'brackets inside a key', text: '{"[[[{{{":1}', depth: 1 },
    {
      behaviour: 'an escaped quote before brackets in a string',
      text: String.raw`{"a":"\"{{{[[["}`,
      depth: 1,
    },
    {
      behaviour: 'an escaped quote at the end of a string',
      text: String.raw`{"a":"x\"","b":"{{"}`,
      depth: 1,
    },
    {
      behaviour: 'siblings that each stay within the limit',
      text: '{"a":{},"b":{},"c":[]}',
      depth: 2,
    },
    { behaviour: 'an empty text', text: '', depth: 1 },
  ])('accepts $behaviour', ({ text, depth }) => {
    expect(() => checkTextDepth(text, limits({ depth }))).not.toThrow()
  })

  it.each<{ behaviour: string; text: string; depth: number }>([
    { behaviour: 'text nested 65 levels', text: nestedText(65), depth: 64 },
    { behaviour: 'text nested 4 levels with a limit of 3', text: '{"a":{"b":{"c":{}}}}', depth: 3 },
    { behaviour: 'arrays nested too deep', text: '[[[]]]', depth: 2 },
    {
      behaviour: 'an escaped backslash that ends the string before real brackets',
      text: String.raw`{"a":"\\","b":{}}`,
      depth: 1,
    },
    {
      behaviour: 'brackets after a string that held brackets',
      text: '{"a":"}}}}","b":{"c":{}}}',
      depth: 2,
    },
  ])('refuses $behaviour', ({ text, depth }) => {
    const error = errorOf(() => checkTextDepth(text, limits({ depth })))
    expect(error?.message).toBe(
      `Failed to read request: nesting is deeper than the limit of ${depth} levels`,
    )
    expect(error?.status).toBe(400)
  })

  it('counts quoted brackets when quotes are not string delimiters (quote null)', () => {
    const text = '{a:"{{"}'
    expect(() => checkTextDepth(text, limits({ depth: 1 }))).not.toThrow()
    expect(() => checkTextDepth(text, limits({ depth: 1 }), null)).toThrow(DecodeError)
  })

  it('agrees with checkLimits on the depth of the same body', () => {
    for (const levels of [1, 2, 5, 10]) {
      const text = nestedText(levels)
      const tree = JSON.parse(text) as Loose
      expect(() => checkTextDepth(text, limits({ depth: levels }))).not.toThrow()
      expect(() => checkLimits(tree, limits({ depth: levels }))).not.toThrow()
      expect(() => checkTextDepth(text, limits({ depth: levels - 1 }))).toThrow(DecodeError)
      expect(() => checkLimits(tree, limits({ depth: levels - 1 }))).toThrow(DecodeError)
    }
  })
})
