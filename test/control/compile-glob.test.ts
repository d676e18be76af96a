import { describe, expect, it } from 'vitest'
import { compileGlob } from '../../src/control/compile-glob.ts'
import { growth, linearGrowthLimit } from '../support/index.ts'

// Fault rules' path patterns: `*` is any run of characters, nothing else is special, and the
// match is case-insensitive (the matcher takes the path lowered by its caller).

function matches(pattern: string, path: string): boolean {
  return compileGlob(pattern)(path.toLowerCase())
}

describe('compileGlob', () => {
  it.each<[string, string, boolean]>([
    ['*', '', true],
    ['*', '/RestApi/x', true],
    ['**', 'x', true],
    ['', '', true],
    ['', 'x', false],
    ['/RestApi/x', '/RestApi/x', true],
    ['/RestApi/x', '/restapi/X', true],
    ['/RestApi/x', '/RestApi/xy', false],
    ['/RestApi/x', '/RestApi/', false],
    ['/RestApi/*', '/RestApi/', true],
    ['/RestApi/*', '/RestApi', false],
    ['*/comments', '/RestApi/comments-api/comments', true],
    ['*comments*', '/RestApi/comments-api/comments', true],
    ['/RestApi/*/comments', '/RestApi/ab-testing', false],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    ['*ab*ab*', 'xabab', true],
    ['*ab*ab*', 'xaab', false],
    ['*aba*', 'abab', true],
    ['*a*b*c*', 'cba', false],
    ['*a*b*c*', 'abc', true],
    // Nothing but `*` is special: regex and glob characters are literal.
    ['/a.b', '/a.b', true],
    ['/a.b', '/axb', false],
    ['/a?b', '/axb', false],
    ['/a?b', '/a?b', true],
    ['/[ab]', '/a', false],
    ['/[ab]', '/[ab]', true],
    ['/a+(b)', '/a+(b)', true],
    ['^/a$', '^/a$', true],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected)
  })

  it('answers the pattern that backtracked for seconds as a regex in linear time', async () => {
    const match = compileGlob('/RestApi/*a*a*a*a*a*a*a*a*b')
    const paths = new Map([1 << 16, 1 << 20].map((size) => [size, `/restapi/${'a'.repeat(size)}`]))
    const path = (size: number): string => paths.get(size) ?? ''
    // A megabyte against a sixteenth of it: linear is 16, the old regex far worse.
    const { ratio, summary } = await growth(
      (size) => match(path(size)) || match(`${path(size)}b`),
      1 << 20,
    )
    expect(ratio, summary).toBeLessThan(linearGrowthLimit)
    expect(match(path(1 << 20))).toBe(false)
    expect(match(`${path(1 << 20)}b`)).toBe(true)
  })
})
