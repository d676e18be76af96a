import { writeFile } from 'node:fs/promises'
import { STATUS_CODES } from 'node:http'
import { operations } from '../../../handlers/operations.ts'
import { verifyRecording, verifyReport } from './recording/index.ts'
import { authModes, type AuthMode } from '../../wire/index.ts'
import {
  readRecordingArgs,
  recordingOf,
  recordingOptions,
  type RecordingIo,
} from './recording-args.ts'
import { verifyTable } from './verify-table.ts'

export const verifyUsage = `Usage: restapi-mock verify <file.har> [options]

Holds the mock against a recording of your CMS (a --record file, a DevTools export, the mock's
own /__mock/journal.har). Each exchange one of the mock's operations serves is sent to a fresh
mock, in process, holding the entities the exchange shows; its answer is compared with the
recorded one: status and reason phrase, content type, ServiceStack's headers, the body's shape
(field names and order, types, nesting, XML list items, date and GUID forms) and the error
(ErrorCode, Message, Errors). Exit 0: no difference; 1: a difference; 2: bad input.

  --json                     one JSON record per exchange on stdout, instead of the table
  --report <file.html>       also write one page with the differences side by side
  --ignore <Field>           leave this field or header out of the comparison (repeatable)
  --base-path <path>         where the service lives (default: /RestApi)
  --xml-namespace <Dto>=<ns> a DTO's XML namespace on your host (repeatable)
  --seed <n>                 seed that fills what a recorded entity leaves out (default: 1)
  --auth <mode>              your host's login wall: off (default), claims or forms; a recorded
                             request with a cookie or an Authorization header counts as logged in
  --no-always-use-utc        your host reads dates with AlwaysUseUTC off (sites from before 7.2)
  -h, --help                 print this text
`

const options = {
  json: { type: 'boolean', default: false },
  report: { type: 'string' },
  ignore: { type: 'string', multiple: true },
  seed: { type: 'string', default: '1' },
  auth: { type: 'string', default: 'off' },
  'no-always-use-utc': { type: 'boolean', default: false },
  ...recordingOptions,
} as const

/**
 * `restapi-mock verify FILE.har`. Resolves with the exit code: 0 the mock answered every served
 * exchange as recorded, 1 some differ, 2 bad input (one sentence on stderr; nothing else runs).
 * @example process.exitCode = await runVerify(['rec.har', '--json'], process)
 */
export async function runVerify(args: readonly string[], io: RecordingIo): Promise<number> {
  const read = readRecordingArgs({ name: 'verify', usage: verifyUsage, options }, args, io)
  if (typeof read === 'number') return read
  const { values, file, refuse } = read
  const seed = Number(values.seed)
  if (!/^\d+$/.test(values.seed) || seed > 2 ** 31 - 1)
    return refuse(`--seed must be a whole number from 0 to ${2 ** 31 - 1}, got '${values.seed}'`)
  const auth = values.auth.toLowerCase()
  if (!isAuthMode(auth))
    return refuse(`--auth must be one of ${authModes.join(', ')}, got '${values.auth}'`)
  const recording = await recordingOf(read, values['xml-namespace'])
  if (typeof recording === 'number') return recording
  const { har, xmlNamespaces } = recording
  let verification
  try {
    verification = await verifyRecording(har, {
      operations,
      config: {
        basePath: values['base-path'],
        xmlNamespaces,
        auth,
        alwaysUseUtc: !values['no-always-use-utc'],
      },
      seed,
      ignore: values.ignore ?? [],
      reasonPhrase: (status) => STATUS_CODES[status],
    })
  } catch (error) {
    // A bug, not the input: said in one line rather than a stack trace.
    return refuse(`failed to verify ${file}: ${(error as Error).message}.`)
  }
  if (values.json) {
    for (const exchange of verification.exchanges) io.stdout.write(`${JSON.stringify(exchange)}\n`)
  } else {
    io.stdout.write(`${verifyTable(verification, io.stdout.columns)}\n`)
  }
  if (values.report !== undefined) {
    try {
      await writeFile(values.report, verifyReport(verification, file))
    } catch (error) {
      return refuse(`could not write the report ${values.report}: ${(error as Error).message}.`)
    }
  }
  return verification.counts.different > 0 ? 1 : 0
}

function isAuthMode(value: string): value is AuthMode {
  return (authModes as readonly string[]).includes(value)
}
