import type { CliOption } from './cli-options.ts'

/** The `--help` text: one line per option, with its default where it has one. */
export function usageText(options: Readonly<Record<string, CliOption>>): string {
  const rows = Object.entries(options).map(([name, option]) => {
    const short = option.short ? `-${option.short}, ` : ''
    const flag = option.negated
      ? `--no-${name}`
      : `${short}--${name}${option.arg ? ` ${option.arg}` : ''}`
    const help =
      typeof option.default === 'string'
        ? `${option.help} (default: ${option.default})`
        : option.help
    return [flag, help] as const
  })
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2
  return [
    'Usage: restapi-mock [options]',
    '',
    ...rows.map(([flag, help]) => `  ${flag.padEnd(width)}${help}`),
  ].join('\n')
}
