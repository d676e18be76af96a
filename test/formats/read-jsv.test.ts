import { describe, expect, it } from 'vitest'
import { readJsv } from '../../src/wire/formats/jsv-read.ts'
import { defaultLimits } from '../../src/wire/request/limits.ts'
import { isLooseObject } from '../../src/wire/request/bind-dto.ts'
import type { Loose } from '../../src/wire/request/loose.ts'
import { expectRefused, nested } from './read-helpers.ts'

// Request bodies in JSV: servicestack-wire.md section 3.3, decisions.md section 3.

const depth = defaultLimits.depth

describe('readJsv', () => {
  it.each<{ behaviour: string; text: string; tree: Loose }>([
    { behaviour: 'an object', text: '{Key:a,Rating:4.5}', tree: { Key: 'a', Rating: '4.5' } },
    { behaviour: 'a list', text: '[a,b,c]', tree: ['a', 'b', 'c'] },
    {
      behaviour: 'nested objects and lists',
      text: '{A:[{B:{C:[x,y]}},{D:1}],E:{}}',
      tree: { A: [{ B: { C: ['x', 'y'] } }, { D: '1' }], E: {} },
    },
    {
      behaviour: 'a quoted value with a comma',
      text: '{Name:"Me, Junior"}',
      tree: { Name: 'Me, Junior' },
    },
    {
      behaviour: 'doubled quotes inside a quoted value',
      text: '{Size:"2"" x 1"""}',
      tree: { Size: '2" x 1"' },
    },
    {
      behaviour: 'special characters inside a quoted value',
      text: '{Url:"http://x/?a=[1]&b={2}",Lines:"a\r\nb"}',
      tree: { Url: 'http://x/?a=[1]&b={2}', Lines: 'a\r\nb' },
    },
    { behaviour: 'an empty string', text: '{Key:""}', tree: { Key: '' } },
    { behaviour: 'an empty value as null', text: '{Key:,Name:b}', tree: { Key: null, Name: 'b' } },
    { behaviour: 'an empty list', text: '{List:[]}', tree: { List: [] } },
    { behaviour: 'an empty object', text: '{}', tree: {} },
    { behaviour: 'empty list items as nulls', text: '[,]', tree: [null, null] },
    { behaviour: 'an unquoted value with spaces inside', text: '{N:a b c}', tree: { N: 'a b c' } },
    { behaviour: 'non-ASCII text', text: '{N:héllo 😀}', tree: { N: 'héllo 😀' } },
    {
      behaviour: 'JSON notation',
      text: '{"Key": "x", "Rating": 4.5}',
      tree: { Key: 'x', Rating: '4.5' },
    },
    {
      behaviour: 'pretty-printed JSON notation',
      text: '{\n  "Key": "x",\n  "Fields": [ { "Name": "T" } ]\n}\n',
      tree: { Key: 'x', Fields: [{ Name: 'T' }] },
    },
    {
      behaviour: 'JSON-notation booleans and numbers as text',
      text: '{"A": true, "B": -1.5e3}',
      tree: { A: 'true', B: '-1.5e3' },
    },
  ])('reads $behaviour', ({ text, tree }) => {
    expect(readJsv(text, defaultLimits)).toEqual(tree)
  })

  it.each<{ behaviour: string; text: string }>([
    { behaviour: 'an unclosed object', text: '{Key:a' },
    { behaviour: 'an unclosed list', text: '[1,2' },
    { behaviour: 'an unclosed quoted value', text: '{Key:"a' },
    { behaviour: 'text after the value', text: '{Key:a}x' },
    { behaviour: 'a name without a value', text: '{Key}' },
    { behaviour: 'a trailing comma in an object', text: '{Key:a,}' },
    { behaviour: 'a JSON backslash escape (section 3.5)', text: '{"Key":"a\\"b"}' },
    { behaviour: 'a stray closing bracket', text: '{Key:[a}]' },
  ])('refuses $behaviour with a 400 SerializationException', ({ text }) => {
    expect(expectRefused(() => readJsv(text, defaultLimits)).message).toMatch(/JSV/)
  })

  it('reads lists nested exactly as deep as the limit', () => {
    expect(() => readJsv(nested('[', ']', depth), defaultLimits)).not.toThrow()
  })

  it.each<{ behaviour: string; text: string }>([
    { behaviour: 'lists', text: nested('[', ']', depth + 1) },
    { behaviour: 'objects', text: nested('{A:', '}', depth + 1, 'x') },
    { behaviour: 'a very deep body', text: nested('[', ']', 100_000) },
  ])('refuses $behaviour nested deeper than the limit', ({ text }) => {
    expect(expectRefused(() => readJsv(text, defaultLimits)).message).toMatch(
      /deeper than the limit of 64/,
    )
  })

  it('refuses a list longer than the limit', () => {
    const text = `[${Array.from({ length: defaultLimits.arrayLength + 1 }, () => '1').join(',')}]`
    expect(expectRefused(() => readJsv(text, defaultLimits)).message).toMatch(
      /limit of 10000 items/,
    )
  })

  it.each(['{__proto__:{polluted:yes}}', '{"__proto__": {"polluted": "yes"}}'])(
    'keeps a __proto__ name in %s as an own property',
    (text) => {
      const tree = readJsv(text, defaultLimits)
      expect(isLooseObject(tree)).toBe(true)
      expect(Object.hasOwn(tree as object, '__proto__')).toBe(true)
      expect(Object.getPrototypeOf(tree)).toBe(Object.prototype)
      expect((tree as Record<string, Loose>)['__proto__']).toEqual({ polluted: 'yes' })
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    },
  )

  it('keeps constructor and prototype names as plain data', () => {
    const tree = readJsv('{constructor:{prototype:{polluted:yes}}}', defaultLimits)
    expect(tree).toEqual({ constructor: { prototype: { polluted: 'yes' } } })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})
