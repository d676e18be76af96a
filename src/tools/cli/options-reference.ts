import type { CliCommand } from './cli-commands.ts'
import type { CliOption } from './cli-options.ts'

/**
 * docs/options.md: every option and command, from the same table `--help` and `parseArgs` read,
 * so the reference cannot drift from the command (`npm run docs:options` writes it; a test
 * fails when the file differs).
 */
export function optionsReference(
  options: Readonly<Record<string, CliOption>>,
  commands: Readonly<Record<string, CliCommand>>,
): string {
  const cell = (text: string): string => text.replaceAll('|', '\\|')
  const rows = Object.entries(options).map(([name, option]) => {
    const flag = option.negated ? `--no-${name}` : `--${name}${option.arg ? ` ${option.arg}` : ''}`
    const short = option.short ? ` (\`-${option.short}\`)` : ''
    const fallback =
      typeof option.default === 'string'
        ? `\`${option.default}\``
        : option.negated
          ? 'on'
          : option.type === 'boolean'
            ? 'off'
            : ''
    const repeat = option.multiple ? ' Repeatable.' : ''
    return `| \`${cell(flag)}\`${short} | ${cell(fallback)} | ${cell(option.help)}.${repeat} |`
  })
  const commandRows = Object.entries(commands).map(
    ([, command]) => `| \`${cell(command.usage)}\` | ${cell(command.help)} |`,
  )
  return [
    '# Options',
    '',
    '<!-- Written by `npm run docs:options` from src/tools/cli/cli-options.ts; edit the table there. -->',
    '',
    '`restapi-mock [options]` serves the mock; `npm start -- [options]` does the same from a clone.',
    '`restapi-mock --help` prints this list.',
    '',
    '| Option | Default | Meaning |',
    '| --- | --- | --- |',
    ...rows,
    '',
    '## Commands',
    '',
    '| Command | What it does |',
    '| --- | --- |',
    ...commandRows,
    '',
    '## Environment',
    '',
    '| Variable | What it does |',
    '| --- | --- |',
    "| `npm_package_config_mockPort` | the port to listen on when `--port` is not given, as npm passes package.json's `config.mockPort` to a script (`npm run mock`) |",
    '| `PORT` | the port to listen on when neither says one |',
    "| `NODE_DISABLE_COMPILE_CACHE=1` | no compile cache: the command otherwise keeps Node's compiled modules between starts, in the system's temporary directory, as Node keeps them for any tool that asks (a tenth of every start after the first) |",
    '',
  ].join('\n')
}
