// `npm run docs:options`: writes docs/options.md from the option table (test/docs checks it).
import { writeFileSync } from 'node:fs'
import { cliCommands } from '../src/tools/cli/cli-commands.ts'
import { cliOptions } from '../src/tools/cli/cli-options.ts'
import { optionsReference } from '../src/tools/cli/options-reference.ts'

writeFileSync(
  new URL('../docs/options.md', import.meta.url),
  optionsReference(cliOptions, cliCommands),
)
