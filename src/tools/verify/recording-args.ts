import { parseArgs, type ParseArgsOptionsConfig } from 'node:util'
import { optionProblem, parseXmlNamespaces } from '../cli/index.ts'
import type { Har } from '../../mock/index.ts'
import { readRecording } from './read-recording.ts'

/** Where verify and import write; the process's own streams unless a test gives others. */
export interface RecordingIo {
  readonly stdout: NodeJS.WritableStream & { readonly columns?: number }
  readonly stderr: NodeJS.WritableStream
}

/** The options verify and import both take. */
export const recordingOptions = {
  'base-path': { type: 'string', default: '/RestApi' },
  'xml-namespace': { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h', default: false },
} as const

/** A recording command as its arguments are read: its name, `--help` text and options. */
export interface RecordingCommand<O extends ParseArgsOptionsConfig> {
  readonly name: 'verify' | 'import'
  readonly usage: string
  readonly options: O
}

type Values<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true }>
>['values']

/** What verify and import read alike: their options and the one HAR file they name. */
export interface RecordingArgs<O extends ParseArgsOptionsConfig> {
  readonly values: Values<O>
  readonly file: string
  /** Writes the one sentence bad input gets and gives its exit code, 2. */
  readonly refuse: (message: string) => number
}

/**
 * Reads a recording command's arguments: `--help` answered (exit 0), anything but one file
 * named refused (exit 2), as a number; else the values, the file and the command's refusal.
 */
export function readRecordingArgs<const O extends ParseArgsOptionsConfig>(
  command: RecordingCommand<O>,
  args: readonly string[],
  io: RecordingIo,
): RecordingArgs<O> | number {
  const refuse = (message: string): number => {
    io.stderr.write(`restapi-mock ${command.name}: ${message}\n`)
    return 2
  }
  let parsed
  try {
    parsed = parseArgs({ args: [...args], options: command.options, allowPositionals: true })
  } catch (error) {
    // One line and a pointer, not the usage that would scroll it away (as the main command).
    const problem = optionProblem(error as Error, command.options)
    return refuse(`${problem}\nRun 'restapi-mock ${command.name} --help' for every option.`)
  }
  const { values, positionals } = parsed
  if ((values as { help?: boolean }).help) {
    io.stdout.write(command.usage)
    return 0
  }
  if (positionals.length !== 1) return refuse(`name one HAR file\n\n${command.usage}`)
  return { values, file: positionals[0] as string, refuse }
}

/**
 * The recording the command names, read and checked, and the `--xml-namespace` values; the
 * refusal's exit code (2) when either is bad, the sentence naming what.
 */
export async function recordingOf(
  read: Pick<RecordingArgs<ParseArgsOptionsConfig>, 'file' | 'refuse'>,
  xmlNamespaceValues: readonly string[] | undefined,
): Promise<{ har: Har; xmlNamespaces: Record<string, string> } | number> {
  let xmlNamespaces: Record<string, string>
  try {
    xmlNamespaces = parseXmlNamespaces(xmlNamespaceValues)
  } catch (error) {
    return read.refuse((error as Error).message)
  }
  try {
    return { har: await readRecording(read.file), xmlNamespaces }
  } catch (error) {
    return read.refuse(`${(error as Error).message}.`)
  }
}
