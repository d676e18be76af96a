import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { operations } from '../../handlers/index.ts'
import { createMock, createStore } from '../../src/index.ts'
import { startBanner } from '../../src/tools/cli/start-banner.ts'
import { httpMethods } from '../../src/wire/index.ts'
import { projectRoot } from '../support/index.ts'

// The README's and the docs' tables of operations are written by hand; this holds them to the
// mock's list (handlers/operations.ts), so an operation added there fails here until both
// tables have its row, and a row for an operation that is gone fails too.

const read = (file: string): string => readFileSync(join(projectRoot, file), 'utf8')
const verb = httpMethods.join('|')

/** The table rows whose second cell is `` `METHOD /RestApi/…` ``: [method and path, request DTO]. */
function operationRows(text: string): [string, string][] {
  const row = new RegExp(
    `^\\|[^|]*\\|\\s*\`((?:${verb}) /RestApi/[^\`]*)\`\\s*\\|\\s*\`(\\w+)\`\\s*\\|`,
  )
  return text.split('\n').flatMap((line): [string, string][] => {
    const match = row.exec(line)
    return match ? [[match[1] ?? '', match[2] ?? '']] : []
  })
}

const expected = operations.map((op) => [`${op.method} /RestApi${op.route}`, op.requestDto.name])

describe('the tables of operations', () => {
  it.each(['README.md', 'docs/operations-and-formats.md'])(
    '%s lists every operation of the list, in its order, with its request DTO',
    (file) => {
      expect(operationRows(read(file))).toEqual(expected)
    },
  )

  it('finds a row that is missing or extra', () => {
    const table = read('README.md')
    const [first] = expected
    const line = table.split('\n').find((text) => text.includes(`\`${first?.[0]}\``)) ?? ''
    expect(line).not.toBe('')
    expect(operationRows(table.replace(`${line}\n`, ''))).not.toEqual(expected)
    expect(operationRows(`${table}\n${line}\n`)).not.toEqual(expected)
  })

  it("shows the start banner's operations as the command prints them", () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    const printed = startBanner({
      mock,
      url: 'http://127.0.0.1:4000',
      seed: 1,
      scenario: 'default',
      startedInMs: 26,
      notes: [],
    })
    // Each line's words: the command pads the verbs to the longest one.
    const operationLines = (text: string): string[] =>
      text
        .split('\n')
        .filter((line) => new RegExp(`\\b(${verb}) +/RestApi/`).test(line))
        .map((line) =>
          line
            .trim()
            .replace(/^operations +/, '')
            .split(/ +/)
            .join(' '),
        )
    // The README's sample of the banner: the fenced block that starts as the banner does.
    const sample = read('README.md')
      .split('```')
      .find((block) => block.startsWith('\nrestapi-mock: serving'))
    const shown = operationLines(sample ?? '')
    expect(shown.length).toBe(operations.length)
    expect(shown).toEqual(operationLines(printed))
  })
})
