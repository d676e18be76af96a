import { operations } from '../../../handlers/operations.ts'
import { importRecording, type ImportedRecording } from './recording/index.ts'
import { noEntities } from '../../store/index.ts'
import { writeAtomically } from '../../node/state-file/index.ts'
import { readRecordingArgs, recordingOf, recordingOptions } from './recording-args.ts'
import type { RecordingIo } from './recording-args.ts'

export const importUsage = `Usage: restapi-mock import <file.har> [--out <file.json>] [--scenario <name>]

Takes the entities a recording of your CMS shows (the answers of the mock's operations: the
stored comment, the stored service…) and writes them as a --data file, or with --scenario as a
--scenarios file holding one scenario of that name. Values the recorder redacted, and members
of secret names, are left out; the seed fills them when the mock loads the file.

  --out <file.json>          write it there (default: stdout)
  --scenario <name>          write a scenario of this name instead of a data file
  --base-path <path>         where the service lives (default: /RestApi)
  --xml-namespace <Dto>=<ns> a DTO's XML namespace on your host (repeatable)
  -h, --help                 print this text
`

const options = {
  out: { type: 'string' },
  scenario: { type: 'string' },
  ...recordingOptions,
} as const

/**
 * `restapi-mock import FILE.har`. Resolves with the exit code: 0 written, 2 bad input (one
 * sentence on stderr; nothing written).
 * @example process.exitCode = await runImport(['rec.har', '--out', 'db.json'], process)
 */
export async function runImport(args: readonly string[], io: RecordingIo): Promise<number> {
  const read = readRecordingArgs({ name: 'import', usage: importUsage, options }, args, io)
  if (typeof read === 'number') return read
  const { values, file, refuse } = read
  if (values.scenario !== undefined && values.scenario.trim() === '')
    return refuse('--scenario needs a name')
  const recording = await recordingOf(read, values['xml-namespace'])
  if (typeof recording === 'number') return recording
  const { har, xmlNamespaces } = recording
  const imported = importRecording(har, {
    operations,
    config: { basePath: values['base-path'], xmlNamespaces },
  })
  const document =
    values.scenario === undefined
      ? imported.document
      : {
          [values.scenario]: {
            description: `The entities of ${file}`,
            counts: noEntities,
            fixtures: imported.document,
          },
        }
  const text = `${JSON.stringify(document, null, 2)}\n`
  if (values.out === undefined) io.stdout.write(text)
  else {
    try {
      await writeAtomically(values.out, `${values.out}.${process.pid}.tmp`, [text])
    } catch (error) {
      return refuse(`could not write ${values.out}: ${(error as Error).message}.`)
    }
  }
  io.stderr.write(`${summary(imported, values.out ?? 'stdout', har.log.entries.length)}\n`)
  return 0
}

function summary(imported: ImportedRecording, where: string, entries: number): string {
  const counts = Object.entries(imported.document)
    .filter(([, list]) => list.length > 0)
    .map(([name, list]) => `${list.length} ${name}`)
  const lines = [
    `restapi-mock import: wrote ${counts.length === 0 ? 'no entities' : counts.join(', ')} to ${where}, from ${entries} entries`,
    ...imported.leftOut.map(({ entry, reason }) => `  entry ${entry} left out: ${reason}`),
  ]
  return lines.join('\n')
}
