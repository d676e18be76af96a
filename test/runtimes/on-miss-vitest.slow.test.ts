import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../support/index.ts'

// The README's Vitest recipe with `onMiss: 'error'`, as a user runs it: a test that calls a
// mistyped path fails at its fetch, and Vitest prints the near miss under the failure.

describe("a Vitest suite with onMiss: 'error'", () => {
  it('fails a test that calls a mistyped path, naming the route it meant', () => {
    const run = spawnSync(
      process.execPath,
      [
        join(projectRoot, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        'test/support/child-vitest/vitest.config.ts',
        '--no-color',
      ],
      { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '1' } },
    )
    const output = `${run.stdout}${run.stderr}`
    expect(run.status).toBe(1)
    expect(output).toContain('FAIL  test/support/child-vitest/mistyped-path.fixture.ts')
    expect(output).toContain('TypeError: fetch failed')
    expect(output).toContain(
      'Caused by: RestApiMockMiss: no operation answers PUT /RestApi/comments-api/commentz; did you mean PUT /RestApi/comments-api/comments?',
    )
  })
})
