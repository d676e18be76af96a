import { describe, expect, it } from 'vitest'
import { readJson } from '../../src/wire/formats/json.ts'
import { defaultLimits } from '../../src/wire/index.ts'
import { buildApp, commentKey } from '../support/index.ts'

// Issue 18, gap 6: JSON bodies read as leniently as ServiceStack.Text reads them, with a
// warning; what it cannot read either is a 400 in the mock's own words.

function read(text: string): { tree: unknown; warnings: string[] } {
  const warnings: string[] = []
  const tree = readJson(text, 'CommentUpdateRequest', defaultLimits, (m) => warnings.push(m))
  return { tree, warnings }
}

describe('lenient JSON', () => {
  // Each warning is one sentence whose exact text is checked (issue 30, N3: a cut-off body was
  // reported as "the JSON body has the body is cut off").
  it.each([
    [
      'a trailing comma',
      '{"Key":"k","Message":"m",}',
      { Key: 'k', Message: 'm' },
      'the JSON body has a trailing comma; read as the real server reads it',
    ],
    [
      'a trailing comma in a list',
      '{"Key":"k","Tags":[1,2,],}',
      { Key: 'k', Tags: [1, 2] },
      'the JSON body has a trailing comma; read as the real server reads it',
    ],
    [
      'text after the closing brace',
      '{"Key":"k"} and more',
      { Key: 'k' },
      'the JSON body has text after the closing brace; read as the real server reads it',
    ],
    [
      'a second object after the first',
      '{"Key":"k"}{"Key":"x"}',
      { Key: 'k' },
      'the JSON body has text after the closing brace; read as the real server reads it',
    ],
    [
      'a body cut off after a value',
      '{"Key":"k","Message":"m"',
      { Key: 'k', Message: 'm' },
      'the JSON body is cut off; read as the real server reads it',
    ],
    [
      'a body cut off after a comma',
      '{"Key":"k",',
      { Key: 'k' },
      'the JSON body is cut off; read as the real server reads it',
    ],
    [
      'a body cut off in a nested list',
      '{"Key":"k","A":[{"B":1}',
      { Key: 'k', A: [{ B: 1 }] },
      'the JSON body is cut off; read as the real server reads it',
    ],
    [
      'a body with a trailing comma, cut off',
      '{"Key":"k","A":[1,],"Message":"m"',
      { Key: 'k', A: [1], Message: 'm' },
      'the JSON body has a trailing comma and is cut off; read as the real server reads it',
    ],
    [
      'braces inside strings',
      '{"Key":"}{,]","Message":"m",}',
      { Key: '}{,]', Message: 'm' },
      'the JSON body has a trailing comma; read as the real server reads it',
    ],
  ])('reads %s, with a warning in plain words', (_, text, tree, warning) => {
    const result = read(text)
    expect(result.tree).toEqual(tree)
    expect(result.warnings).toEqual([warning])
  })

  it('reads valid JSON without a warning', () => {
    expect(read('{"Key":"k"}')).toEqual({ tree: { Key: 'k' }, warnings: [] })
  })

  it.each([
    ['a body cut off inside a string', '{"Key":"k', ' at character 10'],
    ['a body cut off after a colon', '{"Key":', ''],
    ['a bare word', '{"Key": tru}', ''],
    ['a binary byte', '{"Key":\u0001}', ''],
  ])('refuses %s in its own words', (_, text, where) => {
    expect(() => read(text)).toThrow(
      `Could not deserialize 'application/json' request using CommentUpdateRequest: the body is not valid JSON${where}`,
    )
  })

  it('applies a lenient body over HTTP, with the warning in X-Mock-Warning', async () => {
    const { app, store } = buildApp()
    const response = await app.request('/RestApi/comments-api/comments', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: `{"Key":"${commentKey(store)}","Message":"lenient",}`,
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { Message: string }).Message).toBe('lenient')
    expect(response.headers.get('x-mock-warning')).toContain('a trailing comma')
  })
})
