import { mockVersion } from '../../mock/index.ts'
import { cliCommands } from './cli-commands.ts'
import { cliOptions } from './cli-options.ts'
import { usageText } from './usage-text.ts'

/**
 * `--help` or `--version`, on any Node from 18 on: the option table and the version only,
 * without loading what serving needs.
 */
export function printHelpOrVersion(args: readonly string[]): void {
  const help = args.some((arg) => arg === '--help' || arg === '-h')
  process.stdout.write(`${help ? helpText() : mockVersion}\n`)
}

/** What `--help` prints: the options, then the commands besides serving. */
export function helpText(): string {
  const rows = Object.values(cliCommands).map(({ usage, help }) => `  ${usage}\n      ${help}`)
  return [usageText(cliOptions), '', 'Commands:', ...rows].join('\n')
}
