import { mockVersion } from '../mock/mock-version.ts'
import { cliCommands, cliOptions, usageText } from './cli-options.ts'

/**
 * `--help` or `--version`, on any Node from 18 on: the option table and the version only,
 * without loading what serving needs.
 */
export function printHelpOrVersion(args: readonly string[]): void {
  if (args.some((arg) => arg === '--help' || arg === '-h'))
    process.stdout.write(`${usageText(cliOptions)}\n\n${commandsText()}\n`)
  else process.stdout.write(`${mockVersion}\n`)
}

function commandsText(): string {
  const rows = Object.values(cliCommands).map(({ usage, help }) => `  ${usage}\n      ${help}`)
  return ['Commands:', ...rows].join('\n')
}
