import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { projectRoot } from '../support/index.ts'

// The code's comments cite the performance log by section, `(docs/performance.md, "Seeding")`:
// each section they name is a heading or a bold lead of docs/performance.md, where the current
// figures are and the history's sections are listed with their links (links.test.ts follows
// those).

const citation = /docs\/performance\.md,(?:\s|\/\/|\*)*"([^"]*)"/g

/** Every section a tracked file cites, with the file, its line breaks and comment marks undone. */
function citations(): [file: string, section: string][] {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.mjs', '*.md'], {
    cwd: projectRoot,
    encoding: 'utf8',
  })
    .split('\n')
    // The log itself, and this file, which writes a citation only as a sample.
    .filter((file) => file !== '' && !file.startsWith('docs/performance'))
    .filter((file) => join(projectRoot, file) !== import.meta.filename)
  return files.flatMap((file) =>
    Array.from(readFileSync(join(projectRoot, file), 'utf8').matchAll(citation), (match) => [
      file,
      (match[1] ?? '').replace(/\s*(\/\/|\*)?\s*\n\s*(\/\/|\*)?\s*/g, ' ').trim(),
    ]),
  )
}

/** The headings, the bold leads (`**Cold start**`) and the history's sections listed in docs/performance.md. */
function sectionsOfTheLog(): string[] {
  const text = readFileSync(join(projectRoot, 'docs/performance.md'), 'utf8')
  const headings = Array.from(text.matchAll(/^#+ (.+)$/gm), (match) => match[1] ?? '')
  const leads = Array.from(text.matchAll(/\*\*([^*]+)\*\*/g), (match) => match[1] ?? '')
  const history = Array.from(
    text.matchAll(/\[([^\]]+)\]\(performance-history-[^)]+\)/g),
    (match) => match[1] ?? '',
  )
  return [...headings, ...leads, ...history]
}

it('finds each section the code cites in docs/performance.md', () => {
  const cited = citations()
  expect(cited.length).toBeGreaterThan(10)
  const sections = sectionsOfTheLog()
  const missing = cited.filter(
    ([, section]) => !sections.some((candidate) => candidate.startsWith(section)),
  )
  expect(missing).toEqual([])
})

it('reads a citation broken over two comment lines as one', () => {
  const wrapped = '(docs/performance.md, "Large bodies under\n * attack")'
  const [match] = wrapped.matchAll(citation)
  expect((match?.[1] ?? '').replace(/\s*(\/\/|\*)?\s*\n\s*(\/\/|\*)?\s*/g, ' ')).toBe(
    'Large bodies under attack',
  )
})
