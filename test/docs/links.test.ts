import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import GithubSlugger from 'github-slugger'
import { Lexer, type Token, type Tokens } from 'marked'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../support/index.ts'

// The front door's promise: every relative link and anchor in the README, CONTRIBUTING and
// docs/ leads somewhere, and every document a code comment cites is in the repository.

const documents = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(projectRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

/** Every token of a document, nested ones included. */
function* tokensOf(tokens: readonly Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token
    const nested = (token as { tokens?: Token[] }).tokens
    if (nested) yield* tokensOf(nested)
    const items = (token as { items?: Token[] }).items
    if (items) yield* tokensOf(items)
  }
}

/** The anchors GitHub makes of a document's headings. */
function anchorsOf(path: string): Set<string> {
  const slugger = new GithubSlugger()
  const anchors = new Set<string>()
  for (const token of tokensOf(Lexer.lex(readFileSync(path, 'utf8')))) {
    if (token.type === 'heading') anchors.add(slugger.slug((token as Tokens.Heading).text))
  }
  return anchors
}

interface Link {
  readonly from: string
  readonly href: string
}

function linksOf(document: string): Link[] {
  const text = readFileSync(join(projectRoot, document), 'utf8')
  const links: Link[] = []
  for (const token of tokensOf(Lexer.lex(text))) {
    if (token.type === 'link') links.push({ from: document, href: (token as Tokens.Link).href })
  }
  return links
}

interface Resolved extends Link {
  /** The file or folder the link names. */
  readonly target: string
  /** The heading anchor it names, when it names one in a Markdown file. */
  readonly anchor: string | null
}

const relativeLinks: Resolved[] = documents
  .flatMap(linksOf)
  .filter(({ href }) => !/^[a-z][a-z+.-]*:/i.test(href))
  .map((link) => {
    const [path = '', anchor] = link.href.split('#')
    const target =
      path === ''
        ? join(projectRoot, link.from)
        : resolve(dirname(join(projectRoot, link.from)), path)
    return {
      ...link,
      target,
      anchor: anchor !== undefined && target.endsWith('.md') ? decodeURIComponent(anchor) : null,
    }
  })
const anchored = relativeLinks.filter(
  (link): link is Resolved & { anchor: string } => link.anchor !== null,
)

describe('the documents', () => {
  it('link to one another, some to headings', () => {
    expect(relativeLinks.length).toBeGreaterThan(20)
    expect(anchored.length).toBeGreaterThan(3)
  })

  it.each(relativeLinks.map((link) => [`${link.from} -> ${link.href}`, link] as const))(
    'name a file or folder that exists: %s',
    (_name, { from, href, target }) => {
      expect(existsSync(target), `${href} from ${from}`).toBe(true)
    },
  )

  it.each(anchored.map((link) => [`${link.from} -> ${link.href}`, link] as const))(
    'name a heading that exists: %s',
    (_name, { target, anchor }) => {
      expect([...anchorsOf(target)], `#${anchor} in ${relative(projectRoot, target)}`).toContain(
        anchor,
      )
    },
  )
})

/** Files whose comments may cite a document. */
function sourceFiles(folder: string): string[] {
  return (
    readdirSync(join(projectRoot, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|js|cjs|mjs)$/.test(entry.name))
      .map((entry) => relative(projectRoot, join(entry.parentPath, entry.name)))
      // Not what a build or a test run writes there (a built Storybook cites its own docs).
      .filter((path) => !/(^|\/)(node_modules|dist|storybook-static|test-results)\//.test(path))
  )
}

const cited = new Map<string, string>()
for (const folder of ['src', 'handlers', 'seeds', 'bench', 'test', 'examples']) {
  for (const file of sourceFiles(folder)) {
    for (const [name] of readFileSync(join(projectRoot, file), 'utf8').matchAll(
      /[\w./-]+\.md\b/g,
    )) {
      if (!cited.has(name)) cited.set(name, file)
    }
  }
}

describe('the documents the code cites', () => {
  it('are many', () => {
    expect(cited.size).toBeGreaterThan(3)
  })

  it.each([...cited].map(([name, file]) => [name, file] as const))(
    '%s (cited in %s) is in the repository',
    (name) => {
      const base = name.split('/').pop() as string
      const inRepo = documents.some((document) => document.split('/').pop() === base)
      expect(inRepo, `${name} is cited but is not README, CONTRIBUTING or docs/`).toBe(true)
    },
  )
})
