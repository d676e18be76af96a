import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { cliCommands } from '../../src/tools/cli/cli-commands.ts'
import { cliOptions } from '../../src/tools/cli/cli-options.ts'
import { optionsReference } from '../../src/tools/cli/options-reference.ts'
import { projectRoot } from '../support/index.ts'

it('docs/options.md is the option table as it is (npm run docs:options writes it)', () => {
  const written = readFileSync(join(projectRoot, 'docs/options.md'), 'utf8')
  const reference = optionsReference(cliOptions, cliCommands)
  for (const name of Object.keys(cliOptions))
    expect(reference).toMatch(new RegExp(`--(no-)?${name}\\b`))
  expect(reference).toContain('`--record <file.har>`')
  expect(reference).toContain(
    '`restapi-mock init [--home <home>] [--port <n>] [--app-port <n>] [--dry-run] [--yes]`',
  )
  expect(written).toBe(reference)
})
