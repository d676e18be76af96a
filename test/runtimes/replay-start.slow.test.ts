import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exitWithin, startCli, tempDir } from '../support/index.ts'
import { harEntry } from './replay-har.ts'
import { entryProblems } from './replay-problems.ts'

// Issue 26, point 7: `--replay FILE` checks every entry at the start and refuses one that would
// fail while answering, in one line naming the file, the entry and the field (exit 2).

describe('--replay with a recording that cannot be replayed', () => {
  it.each(entryProblems)(
    'stops the start for %s, naming the entry',
    async (_name, bad, message) => {
      const file = join(tempDir(), 'broken.har')
      const good = harEntry({ url: 'http://cms.example/ok' })
      writeFileSync(file, JSON.stringify({ log: { entries: [good, good, bad] } }))
      const run = startCli(['--port', '0', '--replay', file])
      expect(await exitWithin(run, 10_000)).toBe(2)
      const line = run.stderr().trim()
      expect(line.split('\n')).toHaveLength(1)
      const prefix = `restapi-mock: replay ${file}: entry 2: `
      expect(line.startsWith(prefix)).toBe(true)
      expect(line.slice(prefix.length)).toMatch(message)
    },
  )

  it('stops the start for a file it cannot read, naming it', async () => {
    const file = join(tempDir(), 'missing.har')
    const run = startCli(['--port', '0', '--replay', file])
    expect(await exitWithin(run, 10_000)).toBe(2)
    expect(run.stderr()).toContain(`replay ${file}: could not read the file`)
  })
})
