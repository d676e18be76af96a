import fc from 'fast-check'
import type { Hono } from 'hono'
import { SyntaxKind } from 'typescript/unstable/ast'
import { createScanner } from 'typescript/unstable/ast/scanner'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/index.ts'
import { buildApp, readJson } from '../support/index.ts'

// Issue 26, point 12, as a property: whatever values the options of /types/typescript(.d) hold,
// the answer is a 400 ArgumentException, or code in which
// - the `/* Options: */` header is one comment, ended where the mock ends it;
// - every import is `import { Name } from "module";`;
// - every other token outside comments is one the same request without BaseUrl and
//   DefaultImports writes too, and every name in it one the mock knows without the lists
//   (IncludeTypes and ExcludeTypes only choose types), but the namespace's, which is a name.
// The tokens are the TypeScript compiler's own scanner's.

const base = 'http://localhost/RestApi'

/** Pieces a value is built of: what ends comments, strings and lines, and plain names. */
const piece = fc.constantFrom(
  '*/',
  '/*',
  '*',
  '/',
  '//',
  '\n',
  '\r',
  '\u2028',
  '\u0000',
  '"',
  "'",
  '`',
  '\\',
  ';',
  ':',
  ',',
  '.',
  '{',
  '}',
  '(',
  ')',
  ' ',
  'alert(1)',
  'import',
  'export',
  'Dayjs',
  'dayjs',
  'CommentUpdateRequest',
  'ABTestViewModel',
  '.*',
  '$',
  '_',
  '1',
  'é',
)
const hostile = fc.oneof(fc.string({ unit: piece, maxLength: 8 }), fc.string({ maxLength: 12 }))
/** Values the mock honours, so that many runs get as far as the code. */
const names = fc.constantFrom('CommentUpdateRequest', 'CommentUpdateRequest.*', 'ABTestViewModel')
const honoured = {
  IncludeTypes: names,
  ExcludeTypes: names,
  BaseUrl: fc.constantFrom('http://cms.example/RestApi', 'https://127.0.0.1:4000/RestApi'),
  GlobalNamespace: fc.constantFrom('dtos', 'My.Dtos', 'Cms_Api'),
  DefaultImports: fc.constantFrom('Dayjs:dayjs', 'Observable:"rxjs/Observable",Moment:moment'),
} as const
type Option = keyof typeof honoured
const optionNames = Object.keys(honoured) as Option[]

const flags = fc.record(
  {
    MakePropertiesOptional: fc.boolean(),
    AddServiceStackTypes: fc.boolean(),
    AddResponseStatus: fc.boolean(),
    AddImplicitVersion: fc.constantFrom('1', '2'),
    ExportAsTypes: fc.boolean(),
  },
  { requiredKeys: [] },
)

const query = fc.record({
  path: fc.constantFrom('types/typescript', 'types/typescript.d'),
  flags,
  values: fc.record(
    Object.fromEntries(
      optionNames.map((name) => [
        name,
        fc.option(
          fc.oneof({ weight: 3, arbitrary: honoured[name] }, { weight: 2, arbitrary: hostile }),
        ),
      ]),
    ) as Record<Option, fc.Arbitrary<string | null>>,
  ),
})

type Query = typeof query extends fc.Arbitrary<infer T> ? T : never

function urlOf({ path, flags, values }: Query, leaveOut: readonly Option[] = []): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(flags)) params.set(name, String(value))
  for (const name of optionNames) {
    const value = values[name]
    if (value !== null && !leaveOut.includes(name)) params.set(name, value)
  }
  return `${base}/${path}?${params}`
}

interface Token {
  readonly kind: SyntaxKind
  readonly text: string
  readonly start: number
  readonly end: number
}

/** Every token of the code, comments and line breaks included, whitespace left out. */
function tokensOf(code: string): Token[] {
  const scanner = createScanner(false, undefined, code)
  const tokens: Token[] = []
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFile; kind = scanner.scan()) {
    if (kind === SyntaxKind.WhitespaceTrivia) continue
    tokens.push({
      kind,
      text: scanner.getTokenText(),
      start: scanner.getTokenStart(),
      end: scanner.getTokenEnd(),
    })
  }
  return tokens
}

const trivia = new Set([
  SyntaxKind.SingleLineCommentTrivia,
  SyntaxKind.MultiLineCommentTrivia,
  SyntaxKind.NewLineTrivia,
])

function codeTokens(code: string): Token[] {
  return tokensOf(code).filter((token) => !trivia.has(token.kind))
}

/** The code after the header and the imports, with the imports apart. */
function partsOf(code: string): { imports: Token[][]; rest: Token[] } {
  const tokens = codeTokens(code)
  const imports: Token[][] = []
  let index = 0
  while (tokens[index]?.kind === SyntaxKind.ImportKeyword) {
    const semicolon = tokens.findIndex(
      (token, at) => at > index && token.kind === SyntaxKind.SemicolonToken,
    )
    // An import that never ends takes the rest of the code with it (and fails its check).
    const end = semicolon < 0 ? tokens.length : semicolon + 1
    imports.push(tokens.slice(index, end))
    index = end
  }
  return { imports, rest: tokens.slice(index) }
}

const shape = (tokens: readonly Token[]): string[] => tokens.map((token) => SyntaxKind[token.kind])

async function answer(app: Hono<AppEnv>, url: string): Promise<Response> {
  return app.request(url, { headers: { Accept: 'application/json' } })
}

describe('/types/typescript with any option values', () => {
  it('answers a 400, or code whose options stay in the comment and whose names are names', async () => {
    const { app } = buildApp()
    let written = 0
    await fc.assert(
      fc.asyncProperty(query, async (request) => {
        const response = await answer(app, urlOf(request))
        const outcome =
          response.status === 400
            ? (await readJson(response)).ResponseStatus.ErrorCode
            : response.status
        expect([200, 'ArgumentException']).toContain(outcome)
        fc.pre(outcome === 200)
        written += 1
        const code = await response.text()

        const [header] = tokensOf(code)
        expect(header?.kind).toBe(SyntaxKind.MultiLineCommentTrivia)
        expect(header?.start).toBe(0)
        expect(header?.end).toBe(code.indexOf('\r\n*/\r\n') + 4)

        const { imports, rest } = partsOf(code)
        for (const statement of imports) {
          expect(shape(statement)).toEqual(shape(codeTokens('import { A } from "a";')))
        }

        // BaseUrl and DefaultImports change nothing past the imports.
        const plain = await answer(app, urlOf(request, ['BaseUrl', 'DefaultImports']))
        expect(plain.status).toBe(200)
        const plainRest = partsOf(await plain.text()).rest
        expect(rest.map((token) => token.text)).toEqual(plainRest.map((token) => token.text))

        // The lists only choose among the types the mock writes without them.
        const everything = await answer(app, urlOf(request, optionNames))
        const known = new Set(codeTokens(await everything.text()).map((token) => token.text))
        const namespace = request.values.GlobalNamespace?.replace(/\W/g, '')
        if (namespace) known.add(namespace)
        const unknown = rest.filter(
          (token) =>
            !known.has(token.text) &&
            // `module NS {` wraps the types when GlobalNamespace is given.
            !['module', 'declare', 'export', '{', '}'].includes(token.text),
        )
        expect(unknown).toEqual([])
      }),
      { numRuns: 200 },
    )
    expect(written).toBeGreaterThan(0)
  })
})
