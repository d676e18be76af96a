import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { isolatedTests } from '../../vitest.config.ts'
import { projectRoot } from '../support/index.ts'

// The fast tier shares its workers between files (vitest.config.ts, `isolate: false`): a file
// that replaces a module or a global for the whole file must run alone, or every file after it
// in the same worker sees the replacement. msw's setupServer is one too: it patches the process's
// fetch and http modules, and a Node server an earlier file started in the same process changes
// what those patches meet (a miss failed with Response.error() then hangs the fetch).

const replacesForTheFile = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|\bsetupServer\(/

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'browser' ? [] : testFiles(path)
    return entry.name.endsWith('.test.ts') && !entry.name.endsWith('.slow.test.ts') ? [path] : []
  })
}

it('runs alone exactly the fast test files that replace a module or a global', () => {
  const replacing = testFiles(join(projectRoot, 'test'))
    // This file names them only in strings.
    .filter((path) => path !== import.meta.filename)
    .filter((path) => replacesForTheFile.test(readFileSync(path, 'utf8')))
    .map((path) => relative(projectRoot, path))
  expect(replacing.length).toBeGreaterThan(0)
  expect(replacing.toSorted()).toEqual([...isolatedTests].toSorted())
})

it('finds a replacement written as the tests write one', () => {
  expect(replacesForTheFile.test("vi.mock('../../src/x.ts', () => ({}))")).toBe(true)
  expect(replacesForTheFile.test("vi.stubGlobal('fetch', fake)")).toBe(true)
  expect(replacesForTheFile.test('const server = setupServer(...createHandlers(mock))')).toBe(true)
  expect(replacesForTheFile.test('vi.spyOn(console, "error")')).toBe(false)
})
