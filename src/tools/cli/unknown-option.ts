import { closest } from '../../wire/index.ts'

/** What the closest option is looked for in: an option's spellings. */
type Spelled = Readonly<
  Record<string, { readonly type: string; readonly short?: string; readonly negated?: boolean }>
>

/**
 * What `parseArgs` refused, said in one line: an unknown option with the closest one there is
 * (`unknown option --prot; did you mean --port?`), anything else as Node says it.
 * @example optionProblem(error, cliOptions)
 */
export function optionProblem(
  error: Error & { code?: string },
  options: Spelled,
  /** The subcommands (`init`, `verify`): a word where none is read may be one of them mistyped. */
  commands: readonly string[] = [],
): string {
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const word = /'([^']*)'/.exec(error.message)?.[1] ?? ''
    const near = closest(word, commands, 2)
    return near === undefined
      ? firstSentence(error.message)
      : `unknown command '${word}'; did you mean restapi-mock ${near}?`
  }
  if (error.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return firstSentence(error.message)
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? ''
  const given = quoted.split('=')[0] as string
  const near = closest(given, optionNames(options), 3)
  return `unknown option ${given}${near === undefined ? '' : `; did you mean ${near}?`}`
}

/** Every spelling an option is given by: `--port`, `--no-cors`, `-q`. */
function optionNames(options: Spelled): string[] {
  return Object.entries(options).flatMap(([name, option]) => [
    `--${name}`,
    ...(option.negated ? [`--no-${name}`] : []),
    ...(option.short ? [`-${option.short}`] : []),
  ])
}

function firstSentence(message: string): string {
  const end = message.indexOf('. ')
  return end < 0 ? message : message.slice(0, end + 1)
}
