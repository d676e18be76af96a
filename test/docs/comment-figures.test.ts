import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { projectRoot } from '../support/index.ts'

// The house rule (docs/architecture.md): a comment says why, never a measured figure. Figures
// go in docs/performance.md with the command that measured them; a comment cites the section.

/** A time, a rate or a share written as a number: `5 µs`, `630 ns`, `20,000 req/s`, `17.4%`. */
const measured = /\d(?:[\d,.]*\d)? ?(?:µs|ns\b|req\/s\b|%)/

/** The comment lines of a source file: `//` lines and the lines of `/* … *\/` blocks. */
function commentLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('//') || line.startsWith('*') || line.startsWith('/*'))
}

it('finds no measured figure in a comment of src, handlers or seeds', () => {
  const files = execFileSync('git', ['ls-files', 'src', 'handlers', 'seeds'], {
    cwd: projectRoot,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|mjs|js)$/.test(file))
  expect(files.length).toBeGreaterThan(100)
  const found = files.flatMap((file) =>
    commentLines(readFileSync(join(projectRoot, file), 'utf8'))
      .filter((line) => measured.test(line))
      .map((line) => `${file}: ${line}`),
  )
  expect(found).toEqual([])
})

it('knows a figure when it sees one, and a limit or a setting is no figure', () => {
  for (const line of ['// about 5 µs per request', ' * 630 ns for 600 characters', '// +17.4% CPU'])
    expect(
      commentLines(line).some((comment) => measured.test(comment)),
      line,
    ).toBe(true)
  for (const line of ['// batches of 50 ms, 64 KB', ' * 16 MiB: sixteen bodies at the 1 MiB limit'])
    expect(
      commentLines(line).some((comment) => measured.test(comment)),
      line,
    ).toBe(false)
})
